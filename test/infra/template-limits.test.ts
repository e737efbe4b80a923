import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pascal } from '../../infra/cloud/functions';
import { resources, routes } from '../../shared/routes/catalogue';
import { publicAccess, type RouteDef } from '../../shared/routes/define';
import { type DeployedTemplate, synthStack, templatesOf } from './synth';

/*
 * CloudFormation's limits per template, a nested stack's included: 500 resources, 200 parameters,
 * 200 outputs, 1 MB of template read from S3 (cdk deploy uploads every template there).
 */
const MAX_RESOURCES = 500;
const MAX_PARAMETERS = 200;
const MAX_OUTPUTS = 200;
const MAX_TEMPLATE_BYTES = 1_000_000;
/** Today's templates stay this far under the limit, so a few issues' worth of growth never nears it. */
const HEADROOM_RESOURCES = 400;

/**
 * A resource's nested stack holds its function, the function's role, policy and log group, one
 * integration and one invoke permission, the function's two alarms (errors, throttles), then one resource
 * per route (an event target adds its asynchronous-invoke settings).
 */
const PER_RESOURCE = 8;
const PER_ROUTE = 1;
/** `cdk synth` adds an AWS::CDK::Metadata resource to every template; an App made in a test does not. */
const CDK_METADATA = 1;

// The projected resources have no folder under functions/: they borrow one, as the template is the same.
vi.mock(import('../../functions/registry'), async (importOriginal) => {
  const registry = await importOriginal();
  return {
    ...registry,
    handlerEntry: (resource: string) =>
      registry.handlerEntry(resource.startsWith('projected-') ? 'subjects' : resource),
  };
});

/** The next issues' order of growth: 200 routes over 10 new resources, and more routes on the largest. */
const NEW_RESOURCES = 10;
const ROUTES_PER_NEW_RESOURCE = 20;
const MORE_ROUTES_ON_EXISTING = 10;

function route(resource: string, n: number): RouteDef {
  return {
    id: `${resource}.projected${n}`,
    method: 'GET',
    path: `/${resource}/projected-${n}`,
    resource,
    access: publicAccess,
    summary: 'a projected route',
  };
}

function synth(id: string, routeTable: readonly RouteDef[]): DeployedTemplate[] {
  return templatesOf(
    synthStack(id, { props: { tenantOrigins: ['https://tenant.example'], routes: routeTable } }),
  );
}

interface Size {
  resources: number;
  parameters: number;
  outputs: number;
  bytes: number;
}

/** Each template's size as deployed, by its path below the stack (the parent's is ''). */
function sizes(templates: readonly DeployedTemplate[]): Map<string, Size> {
  const stackPath = templates[0]!.path;
  return new Map(
    templates.map(({ path, template }) => {
      const json = template.toJSON();
      const size: Size = {
        resources: Object.keys(json.Resources ?? {}).length + CDK_METADATA,
        parameters: Object.keys(json.Parameters ?? {}).length,
        outputs: Object.keys(json.Outputs ?? {}).length,
        bytes: Buffer.byteLength(JSON.stringify(json, null, 1)),
      };
      return [path.slice(stackPath.length), size];
    }),
  );
}

const routeCount = (resource: string) => routes.filter((r) => r.resource === resource).length;
const largestResource = resources.reduce((a, b) => (routeCount(b) > routeCount(a) ? b : a));

let today: Map<string, Size>;
let projected: Map<string, Size>;

// One synth per hook: each takes several seconds of CPU, and a busy machine stretches that a lot.
beforeAll(() => {
  today = sizes(synth('Limits', routes));
});
beforeAll(() => {
  const newRoutes = Array.from({ length: NEW_RESOURCES * ROUTES_PER_NEW_RESOURCE }, (_, n) =>
    route(`projected-${n % NEW_RESOURCES}`, n),
  );
  const moreRoutes = Array.from({ length: MORE_ROUTES_ON_EXISTING }, (_, n) => route(largestResource, n));
  projected = sizes(synth('Limits', [...routes, ...newRoutes, ...moreRoutes]));
});

function expectWithinLimits(templates: Map<string, Size>, maxResources: number) {
  for (const [path, size] of templates) {
    expect(size.resources, path || 'parent').toBeLessThanOrEqual(maxResources);
    expect(size.parameters, path || 'parent').toBeLessThanOrEqual(MAX_PARAMETERS);
    expect(size.outputs, path || 'parent').toBeLessThanOrEqual(MAX_OUTPUTS);
    expect(size.bytes, path || 'parent').toBeLessThan(MAX_TEMPLATE_BYTES);
  }
}

describe('CloudFormation template limits', () => {
  it(`keeps every template, parent and nested, at most ${HEADROOM_RESOURCES} resources today`, () => {
    expect(today.size).toBeGreaterThan(1);
    expectWithinLimits(today, HEADROOM_RESOURCES);
  });

  it(`stays within CloudFormation's limits with ${NEW_RESOURCES * ROUTES_PER_NEW_RESOURCE} more routes on ${NEW_RESOURCES} new resources`, () => {
    expectWithinLimits(projected, MAX_RESOURCES);
  });

  it('costs the parent one resource per new resource and nothing per route', () => {
    expect(projected.get('')!.resources).toBe(today.get('')!.resources + NEW_RESOURCES);
    expect(projected.size).toBe(today.size + NEW_RESOURCES);
  });

  it(`costs a resource's own template ${PER_RESOURCE} resources, plus ${PER_ROUTE} per route`, () => {
    const added = [...projected].filter(([path]) => !today.has(path));
    expect(added).toHaveLength(NEW_RESOURCES);
    for (const [path, size] of added) {
      expect(size.resources, path).toBe(CDK_METADATA + PER_RESOURCE + PER_ROUTE * ROUTES_PER_NEW_RESOURCE);
    }
    // The existing resources' templates change only where routes were added.
    for (const [path, size] of today) {
      if (path === '') continue;
      const more = path.endsWith(`/${pascal(largestResource)}`) ? MORE_ROUTES_ON_EXISTING : 0;
      expect(projected.get(path)!.resources, path).toBe(size.resources + PER_ROUTE * more);
    }
  });

  it('leaves room for the next issues, by the arithmetic above', () => {
    const nested = [...today].filter(([path]) => path !== '').map(([, size]) => size.resources);
    const parent = today.get('')!.resources;
    // Each of these is one resource; the next issues add about 150 routes, a few Lambdas (one nested stack
    // each in the parent, or their own resources there if they serve no route), an SNS topic, alarms and a
    // dashboard. Even all 200 projected routes on the resource with the largest template would fit...
    expect(MAX_RESOURCES - Math.max(...nested)).toBeGreaterThanOrEqual(200 * PER_ROUTE);
    // ...and the parent has room for 200 more, whether nested stacks, functions, alarms or a dashboard.
    expect(MAX_RESOURCES - parent).toBeGreaterThanOrEqual(200);
  });
});
