import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * One set of esbuild settings for every Lambda, used by the CDK stack and by the bundle-size benchmark.
 * `@aws-sdk/*` stays external: the Node 22 Lambda runtime ships AWS SDK v3, so bundling it would only
 * make cold starts slower. ESM output needs `require` for the CommonJS dependencies, hence the banner.
 */
const banner =
  "import { createRequire as topLevelCreateRequire } from 'module'; const require = topLevelCreateRequire(import.meta.url);";
const external = ['@aws-sdk/*'];

/**
 * SDK packages a function bundles itself instead of taking the runtime's: the CloudFront KeyValueStore
 * API needs SigV4a signing, whose JS signer the runtime does not promise. The redirect-edge function hands
 * the signer to the runtime's client as its signer constructor, so only the signer travels in its bundle.
 */
const bundledSdk: Record<string, string[]> = {
  'redirect-edge': ['@aws-sdk/signature-v4a'],
};

/** The external modules of a resource's bundle: every `@aws-sdk/*` package but the ones it bundles. */
export function externalModulesFor(resource: string): string[] {
  const bundled = bundledSdk[resource];
  if (!bundled) return external;
  const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.keys(manifest.dependencies).filter(
    (name) => name.startsWith('@aws-sdk/') && !bundled.includes(name),
  );
}

export const lambdaBundling: BundlingOptions = {
  minify: true,
  sourceMap: false,
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  externalModules: external,
  banner,
  forceDockerBundling: false,
};

export const esbuildOptions: BuildOptions = {
  bundle: true,
  minify: true,
  sourcemap: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  mainFields: ['module', 'main'],
  external,
  banner: { js: banner },
};
