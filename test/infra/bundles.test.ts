import { expect, it } from 'vitest';
import { bundleLambda, lambdaResources } from '../bench/bundle-size';

it.each(lambdaResources)(
  'the %s Lambda bundles with the stack’s esbuild settings, taking the runtime’s AWS SDK',
  async (resource) => {
    const result = await bundleLambda(resource);
    expect(result.errors).toEqual([]);
    const imported = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.filter((i) => i.external).map((i) => i.path),
    );
    // What the bundle leaves to the runtime is the AWS SDK (and Node's own modules), nothing else.
    for (const path of imported) expect(path, resource).toMatch(/^(@aws-sdk\/|node:|[a-z_]+$)/);
  },
);
