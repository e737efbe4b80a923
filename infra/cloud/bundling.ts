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
