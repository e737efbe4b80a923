import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { handlerEntry } from '../../functions/registry';
import { esbuildOptions, externalModulesFor } from '../../infra/cloud/bundling';
import { REALTIME_RESOURCE } from '../../infra/cloud/realtime';
import { eventRules } from '../../shared/events/catalogue';
import { resources } from '../../shared/routes/catalogue';

const lambdas = [...new Set([...resources, REALTIME_RESOURCE, ...eventRules.map((rule) => rule.target)])];

it.each(lambdas)(
  'the %s Lambda bundles with the stack’s esbuild settings, taking the runtime’s AWS SDK',
  async (resource) => {
    const result = await build({
      ...esbuildOptions,
      external: externalModulesFor(resource),
      entryPoints: [handlerEntry(resource)],
      outfile: `${resource}.mjs`,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const imported = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.filter((i) => i.external).map((i) => i.path),
    );
    // What the bundle leaves to the runtime is the AWS SDK (and Node's own modules), nothing else.
    for (const path of imported) expect(path, resource).toMatch(/^(@aws-sdk\/|node:|[a-z_]+$)/);
  },
);
