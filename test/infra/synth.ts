import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PlatformStack, type PlatformStackProps } from '../../infra/cloud/stack';

/**
 * CDK context that synthesizes the stack without bundling its Lambdas (CDK's own switch: no stack is
 * listed for bundling, so each function gets a placeholder asset). The template tests read the template,
 * not the bundles; bundling every Lambda per synth cost minutes on a slow machine. That the Lambdas
 * bundle is tested once, in bundles.test.ts, with the stack's own esbuild settings.
 */
export const WITHOUT_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

/**
 * The platform's stack as a test synthesizes it: stage `dev` unless told, no bundling, the props every test
 * needs, with a test's own props and deploy context on top. Each call is its own App.
 */
export function synthStack(
  id: string,
  options: { props?: Partial<PlatformStackProps>; context?: Record<string, unknown> } = {},
): PlatformStack {
  const stage = options.props?.stage ?? 'dev';
  const app = new App({ context: { stage, ...WITHOUT_BUNDLING, ...options.context } });
  return new PlatformStack(app, id, {
    stage,
    mailFrom: 'no-reply@example.com',
    defaultTenantKey: 'demo',
    tenantOrigins: [],
    ...options.props,
  });
}

/** One template that `cdk deploy` deploys for a stack: the stack's own or one of its nested stacks'. */
export interface DeployedTemplate {
  /** The construct path: the stack's id, or `<stack>/Functions/<Resource>` for a resource's nested stack. */
  path: string;
  template: Template;
  /** For a nested stack, what the parent passes to its parameters, by name; nothing for the parent. */
  parameters: Record<string, unknown>;
}

/** The stack's template first, then its nested stacks' (the app nests one level deep). */
export function templatesOf(stack: Stack): DeployedTemplate[] {
  const parent = Template.fromStack(stack);
  const parentResources: Record<string, { Properties?: { Parameters?: Record<string, unknown> } }> =
    parent.toJSON().Resources;
  const nested = stack.node
    .findAll()
    .filter(NestedStack.isNestedStack)
    .map((nestedStack) => {
      if (!nestedStack.nestedStackResource) throw new Error(`${nestedStack.node.path} has no stack resource`);
      const id = stack.getLogicalId(nestedStack.nestedStackResource);
      return {
        path: nestedStack.node.path,
        template: Template.fromStack(nestedStack),
        parameters: parentResources[id]?.Properties?.Parameters ?? {},
      };
    });
  return [{ path: stack.node.path, template: parent, parameters: {} }, ...nested];
}

/** Every resource of a type in any of the templates, with the template that holds it. */
export function resourcesOfType(templates: readonly DeployedTemplate[], type: string) {
  return templates.flatMap((deployed) =>
    Object.entries(deployed.template.findResources(type)).map(([id, resource]) => ({
      id,
      resource,
      deployed,
    })),
  );
}

/**
 * A value of a nested template with each parameter reference replaced by what the parent passes it.
 * Template JSON is untyped (`any`, as `findResources` gives it), and so is the resolved copy.
 */
export function resolveParameters(value: any, parameters: Record<string, unknown>): any {
  if (Array.isArray(value)) return value.map((item) => resolveParameters(item, parameters));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const [only] = entries;
  if (entries.length === 1 && only?.[0] === 'Ref' && typeof only[1] === 'string' && only[1] in parameters) {
    return parameters[only[1]];
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, resolveParameters(item, parameters)]));
}
