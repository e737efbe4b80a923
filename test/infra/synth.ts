/**
 * CDK context that synthesizes the stack without bundling its Lambdas (CDK's own switch: no stack is
 * listed for bundling, so each function gets a placeholder asset). The template tests read the template,
 * not the bundles; bundling every Lambda per synth cost minutes on a slow machine. That the Lambdas
 * bundle is tested once, in bundles.test.ts, with the stack's own esbuild settings.
 */
export const WITHOUT_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
