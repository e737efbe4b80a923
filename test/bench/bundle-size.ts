import { build } from 'esbuild';
import { handlerEntry } from '../../functions/registry';
import { esbuildOptions, externalModulesFor } from '../../infra/cloud/bundling';
import { EVENT_FORWARDER } from '../../infra/cloud/events';
import { REALTIME_RESOURCE } from '../../infra/cloud/realtime';
import { eventRules } from '../../shared/events/catalogue';
import { resources } from '../../shared/routes/catalogue';

const TARGET_BYTES = 350 * 1024;

/** Every Lambda the stack deploys: one per resource, the realtime handler, each event target, the forwarder. */
export const lambdaResources = [
  ...new Set([...resources, REALTIME_RESOURCE, ...eventRules.map((rule) => rule.target), EVENT_FORWARDER]),
].sort();

/** One Lambda's bundle in memory, minified with the stack's own esbuild settings. */
export function bundleLambda(resource: string) {
  return build({
    ...esbuildOptions,
    external: externalModulesFor(resource),
    entryPoints: [handlerEntry(resource)],
    outfile: `${resource}.mjs`,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
}

/** Every Lambda's bundle, minified with the stack's own esbuild settings. */
export async function measureBundleSizes() {
  const sizes = [];
  for (const resource of lambdaResources) {
    const result = await bundleLambda(resource);
    const bytes = result.outputFiles.reduce((total, file) => total + file.contents.byteLength, 0);
    sizes.push({ resource, bytes, kb: bytes / 1024, withinTarget: bytes <= TARGET_BYTES });
  }
  return sizes;
}
