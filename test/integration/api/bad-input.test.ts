import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { routes } from '../../../shared/routes/catalogue';
import { pathParams, type RouteDef } from '../../../shared/routes/define';
import { type CallResult, demo } from '../../support/api-client';
import { objectShape } from '../../support/route-schemas';
import { localStackForFile } from '../../support/stack';

/**
 * The bad-input sweep: every route with a schema gets malformed JSON, wrong types, missing and unknown
 * fields and oversized strings. Each answer must be a 4xx JSON body with a message, never a 500.
 */
const local = localStackForFile();
let admin: { token: string; userId: string };

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
});

function wrongValue(field: z.core.$ZodType): unknown {
  const sample = z.safeParse(field, 'text');
  return sample.success ? { nested: ['object'] } : 'text';
}

function expectClientError(result: CallResult, route: RouteDef) {
  expect(result.status, JSON.stringify(result.body)).toBeGreaterThanOrEqual(400);
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(500);
  const text = route.oauthErrors ? result.body.error_description : result.body.message;
  expect(typeof text, JSON.stringify(result.body)).toBe('string');
  expect((text as string).length).toBeGreaterThan(0);
}

const params = (route: RouteDef) =>
  Object.fromEntries(pathParams(route.path).map((name) => [name, 'sweep-id']));
const withBody = routes.filter((r) => r.body);
const withQuery = routes.filter((r) => r.query);

describe('bodies', () => {
  it.each(withBody.map((r) => [r.id, r] as const))('%s: malformed body', async (_, route) => {
    const raw = route.bodyEncoding === 'form' ? '%%%=&&=%zz' : '{"name": "unterminated';
    const result = await local.api.call(route.id, {
      token: admin.token,
      params: params(route),
      rawBody: raw,
    });
    expectClientError(result, route);
  });

  it.each(withBody.map((r) => [r.id, r] as const))(
    '%s: wrong types, one field at a time',
    async (_, route) => {
      for (const [name, field] of Object.entries(objectShape(route.body))) {
        const body = { [name]: wrongValue(field) };
        const result = await local.api.call(route.id, {
          token: admin.token,
          params: params(route),
          ...(route.bodyEncoding === 'form' ? { rawBody: `${name}[]=1&${name}[]=2` } : { body }),
        });
        expectClientError(result, route);
      }
      const array = await local.api.call(route.id, {
        token: admin.token,
        params: params(route),
        ...(route.bodyEncoding === 'form' ? { rawBody: '1&2&3' } : { body: [1, 2, 3] }),
      });
      expectClientError(array, route);
    },
  );

  it.each(withBody.map((r) => [r.id, r] as const))('%s: missing and unknown fields', async (_, route) => {
    const unknown = await local.api.call(route.id, {
      token: admin.token,
      params: params(route),
      body: { definitelyNotAField: 'x' },
    });
    expectClientError(unknown, route);
    // An empty body must fail where the route requires fields (some POST reads, e.g. a list with only
    // optional filters, rightly accept {}).
    if (route.method === 'POST' && !(route.body && z.safeParse(route.body, {}).success)) {
      const empty = await local.api.call(route.id, { token: admin.token, params: params(route), body: {} });
      expectClientError(empty, route);
    }
  });

  it.each(withBody.map((r) => [r.id, r] as const))('%s: oversized strings and bodies', async (_, route) => {
    for (const name of Object.keys(objectShape(route.body))) {
      const result = await local.api.call(route.id, {
        token: admin.token,
        params: params(route),
        body: { [name]: 'x'.repeat(20_000) },
      });
      expectClientError(result, route);
    }
    const huge = await local.api.call(route.id, {
      token: admin.token,
      params: params(route),
      rawBody: JSON.stringify({ blob: 'x'.repeat(300 * 1024) }),
    });
    expectClientError(huge, route);
  });
});

describe('queries', () => {
  it.each(withQuery.map((r) => [r.id, r] as const))(
    '%s: wrong, out-of-range and unknown parameters',
    async (_, route) => {
      const cases = [
        { limit: 'ten' },
        { limit: -1 },
        { limit: 100_000 },
        { offset: 'x' },
        { sortValue: 'sideways' },
        { searchText: 'x'.repeat(5_000) },
        { notAParameter: 1 },
      ];
      for (const query of cases) {
        const result = await local.api.call(route.id, { token: admin.token, params: params(route), query });
        expectClientError(result, route);
      }
    },
  );
});

describe('unknown routes', () => {
  it('answer 404 JSON', async () => {
    const response = await fetch(`${local.stack.apiUrl}/no/such/route`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
  });
});
