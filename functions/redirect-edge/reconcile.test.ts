import { describe, expect, it } from 'vitest';
import { busEvent, memoryEventClaims, scheduledEvent } from '../../test/support/events';
import { fakeKeyValueStore } from '../../test/support/fake-key-value-store';
import type { EdgeRedirect } from '../lib/redirect-edge';
import { edgeHandler } from './handler';
import { edgeBatches, planEdgeSync, type RedirectTable, reconcileEdgeStore } from './reconcile';

type Tenant = { key: string; domain: string; listed?: boolean };

/** An in-memory table: tenants (listed in the tenants index unless `listed: false`) and their redirections. */
function fakeTable(tenants: Tenant[], redirections: Record<string, Record<string, EdgeRedirect>>) {
  const plain = (t: Tenant | undefined) => (t ? { key: t.key, domain: t.domain } : undefined);
  const table: RedirectTable = {
    tenants: async () => tenants.filter((t) => t.listed !== false).map((t) => plain(t)!),
    tenant: async (key) => plain(tenants.find((t) => t.key === key)),
    tenantByDomain: async (domain) => plain(tenants.find((t) => t.domain === domain)),
    redirections: async (tenant) =>
      Object.entries(redirections[tenant] ?? {}).map(([from, r]) => ({ from, ...r })),
    byPath: async (tenant, path) => redirections[tenant]?.[path],
  };
  return { table, tenants, redirections };
}

const value = (to: string, status = 301) => JSON.stringify({ to, status });

const scheduled = scheduledEvent('redirect-edge-reconcile');
const changed = (tenant: string, path: string) => busEvent('RedirectionChanged', { tenant, path });

describe('planning the edge store from the table', () => {
  it('puts what is missing or different and deletes what no redirection calls for', () => {
    const desired = new Map([
      ['a.example/same', value('/1')],
      ['a.example/changed', value('/new')],
      ['a.example/missing', value('/m', 302)],
    ]);
    const current = new Map([
      ['a.example/same', value('/1')],
      ['a.example/changed', value('/old')],
      ['a.example/stale', value('/s')],
    ]);
    expect(planEdgeSync(desired, current)).toEqual({
      puts: [
        { key: 'a.example/changed', value: value('/new') },
        { key: 'a.example/missing', value: value('/m', 302) },
      ],
      deletes: ['a.example/stale'],
    });
    expect(planEdgeSync(desired, new Map(desired))).toEqual({ puts: [], deletes: [] });
  });

  it('splits the changes into UpdateKeys batches, deletes first', () => {
    const puts = Array.from({ length: 4 }, (_, i) => ({ key: `p${i}`, value: 'v' }));
    expect(edgeBatches({ puts, deletes: ['d0', 'd1'] }, 4)).toEqual([
      { deletes: ['d0', 'd1'], puts: puts.slice(0, 2) },
      { deletes: [], puts: puts.slice(2) },
    ]);
    expect(edgeBatches({ puts: [], deletes: [] })).toEqual([]);
  });
});

describe('the daily reconcile', () => {
  it("makes each tenant's keys match its redirections exactly, its former domain's keys gone", async () => {
    // Prepare: demo moved from old.demo.test to learn.demo.test; its keys are still under the old domain,
    // one redirection never reached the store and one deleted redirection's change was lost.
    const { table } = fakeTable(
      [
        { key: 'demo', domain: 'learn.demo.test' },
        { key: 'northwind', domain: 'northwind.test' },
      ],
      {
        demo: {
          '/old-course': { to: '/courses/new', statusCode: 301 },
          '/promo': { to: '/p', statusCode: 302 },
        },
        northwind: { '/a': { to: '/b', statusCode: 301 }, '/c': { to: '/d2', statusCode: 301 } },
      },
    );
    const store = fakeKeyValueStore({
      initial: {
        'old.demo.test/old-course': value('/courses/new'),
        'old.demo.test/promo': value('/p', 302),
        'northwind.test/a': value('/b'),
        'northwind.test/c': value('/d1'),
        'northwind.test/deleted': value('/gone'),
      },
    });

    // Act
    const result = await reconcileEdgeStore(store.api, table);

    // Assess
    expect(Object.fromEntries(store.data)).toEqual({
      'learn.demo.test/old-course': value('/courses/new'),
      'learn.demo.test/promo': value('/p', 302),
      'northwind.test/a': value('/b'),
      'northwind.test/c': value('/d2'),
    });
    expect(result).toEqual({ puts: 3, deletes: 3, attempts: 1 });
    expect(store.calls.update).toBe(1);
    // A second run finds nothing to do
    expect(await reconcileEdgeStore(store.api, table)).toEqual({ puts: 0, deletes: 0, attempts: 1 });
  });

  it('back-fills an empty store in batches of at most 50 keys', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [`/old-${i}`, { to: `/new-${i}`, statusCode: 301 as const }]),
    );
    const { table } = fakeTable([{ key: 'demo', domain: 'learn.demo.test' }], { demo: many });
    const store = fakeKeyValueStore();
    await reconcileEdgeStore(store.api, table);
    expect(store.data.size).toBe(120);
    expect(store.data.get('learn.demo.test/old-7')).toBe(value('/new-7'));
    expect(store.calls.update).toBe(3);
  });

  it('keeps the keys of a tenant missing from the tenants index (found by its domain)', async () => {
    const { table } = fakeTable([{ key: 'legacy', domain: 'legacy.test', listed: false }], {
      legacy: { '/x': { to: '/y', statusCode: 301 } },
    });
    const store = fakeKeyValueStore({ initial: { 'legacy.test/x': value('/y') } });
    expect(await reconcileEdgeStore(store.api, table)).toMatchObject({ puts: 0, deletes: 0 });
    expect(store.data.get('legacy.test/x')).toBe(value('/y'));
  });

  it('starts again from fresh reads when a redirection changes during the run', async () => {
    // Prepare: while the run writes, an admin adds a redirection and its change reaches the store first.
    const fake = fakeTable([{ key: 'demo', domain: 'learn.demo.test' }], {
      demo: { '/a': { to: '/b', statusCode: 301 } },
    });
    let raced = false;
    const store = fakeKeyValueStore({
      beforeWrite: async () => {
        if (raced) return;
        raced = true;
        fake.redirections.demo!['/late'] = { to: '/l', statusCode: 301 };
        store.externalWrite('learn.demo.test/late', value('/l'));
      },
    });

    // Act
    const result = await reconcileEdgeStore(store.api, fake.table);

    // Assess: the late redirection is kept, not deleted as stale
    expect(result.attempts).toBe(2);
    expect(Object.fromEntries(store.data)).toEqual({
      'learn.demo.test/a': value('/b'),
      'learn.demo.test/late': value('/l'),
    });
  });
});

describe('the redirect-edge handler', () => {
  it('mirrors one changed path from the table under the tenant domain, and deletes it once gone', async () => {
    const fake = fakeTable([{ key: 'demo', domain: 'learn.demo.test' }], {
      demo: { '/old': { to: '/new', statusCode: 302 } },
    });
    const store = fakeKeyValueStore();
    const handler = edgeHandler({
      store: async () => store.api,
      table: fake.table,
      claims: memoryEventClaims(),
    });

    await handler(changed('demo', '/old'));
    expect(store.data.get('learn.demo.test/old')).toBe(value('/new', 302));

    delete fake.redirections.demo!['/old'];
    await handler(changed('demo', '/old'));
    expect(store.data.size).toBe(0);
    // Delivered twice: still right
    await handler(changed('demo', '/old'));
    expect(store.data.size).toBe(0);
  });

  it('runs the full reconcile on its schedule', async () => {
    const fake = fakeTable([{ key: 'demo', domain: 'learn.demo.test' }], {
      demo: { '/a': { to: '/b', statusCode: 301 } },
    });
    const store = fakeKeyValueStore({ initial: { 'learn.demo.test/stale': value('/x') } });
    await edgeHandler({ store: async () => store.api, table: fake.table, claims: memoryEventClaims() })(
      scheduled,
    );
    expect(Object.fromEntries(store.data)).toEqual({ 'learn.demo.test/a': value('/b') });
  });

  it('fails (so the bus retries, then dead-letters) for an unknown tenant or a malformed event', async () => {
    const fake = fakeTable([], {});
    const handler = edgeHandler({
      store: async () => fakeKeyValueStore().api,
      table: fake.table,
      claims: memoryEventClaims(),
    });
    await expect(handler(changed('nobody', '/x'))).rejects.toThrow('Unknown tenant nobody');
    const malformed = {
      ...changed('demo', '/x'),
      detail: { eventId: 'e1', occurredAt: '', data: { path: 1 } },
    };
    await expect(handler(malformed)).rejects.toThrow();
  });

  it('does nothing without a store (the local stack, where the web server reads the table)', async () => {
    const fake = fakeTable([{ key: 'demo', domain: 'learn.demo.test' }], {});
    await expect(
      edgeHandler({ store: () => undefined, table: fake.table, claims: memoryEventClaims() })(scheduled),
    ).resolves.toBeUndefined();
  });
});
