import { config } from '../lib/config';
import { eventConsumer } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { edgeKey } from '../lib/redirect-edge';
import type { EventClaims } from '../repositories/event-claims';
import { redirectionsRepository } from '../repositories/redirections';
import { getTenant, getTenantKeyByDomain, listTenantKeys } from '../repositories/tenants';
import { type KeyValueStoreApi, sdkKeyValueStore, writeEdgeRedirect } from './key-value-store';
import { type RedirectTable, reconcileEdgeStore } from './reconcile';

const tenantOf = (tenant: { key: string; domain: string } | undefined) =>
  tenant ? { key: tenant.key, domain: tenant.domain } : undefined;

/** The table side of the mirror, through the repositories. */
export const tableRedirects: RedirectTable = {
  async tenants() {
    const tenants = await Promise.all((await listTenantKeys()).map((key) => getTenant(key)));
    return tenants.flatMap((tenant) => (tenant ? [tenantOf(tenant)!] : []));
  },
  tenant: async (key) => tenantOf(await getTenant(key)),
  async tenantByDomain(domain) {
    const key = await getTenantKeyByDomain(domain);
    return key ? tenantOf(await getTenant(key)) : undefined;
  },
  async redirections(tenant) {
    return (await redirectionsRepository.all(tenant)).map((r) => ({
      from: r.from,
      to: r.to,
      statusCode: r.statusCode ?? 301,
    }));
  },
  async byPath(tenant, path) {
    const item = await redirectionsRepository.byPath(tenant, path);
    return item?.to ? { to: item.to, statusCode: item.statusCode ?? 301 } : undefined;
  },
};

/**
 * Bus target of `redirect-edge`, two rules:
 * - `RedirectionChanged` (each create, edit, delete): mirrors that path's redirection into the CloudFront
 *   KeyValueStore. It reads the table (the source of truth) instead of the event, so deliveries out of
 *   order or twice leave the store right; a delivery that keeps failing lands in the dead-letter queue
 *   (infra/cloud/events.ts).
 * - the daily schedule `redirect-edge-reconcile`: makes the store exactly match every tenant's
 *   redirections (puts missing or changed keys, deletes stale ones, those of a tenant's former domain
 *   included), so a change lost on the way, or redirections made before the store existed, are mirrored
 *   within a day.
 * Only the cloud has a store (REDIRECTS_KVS_ARN set); the local web server reads the table itself.
 */
export function edgeHandler(deps: {
  store: () => Promise<KeyValueStoreApi> | undefined;
  table: RedirectTable;
  claims?: EventClaims;
}) {
  return eventConsumer(
    'redirect-edge',
    {
      RedirectionChanged: async ({ detail }) => {
        const store = deps.store();
        if (!store) return withoutStore();
        const tenant = await deps.table.tenant(detail.tenant);
        if (!tenant) throw new Error(`Unknown tenant ${detail.tenant}`);
        await writeEdgeRedirect(await store, edgeKey(tenant.domain, detail.path), () =>
          deps.table.byPath(detail.tenant, detail.path),
        );
        logger.info('redirect mirrored to the edge', { tenant: detail.tenant, path: detail.path });
      },
    },
    {
      schedules: {
        'redirect-edge-reconcile': async () => {
          const store = deps.store();
          if (!store) return withoutStore();
          const result = await reconcileEdgeStore(await store, deps.table);
          logger.info('edge redirect store reconciled', result);
        },
      },
      ...(deps.claims ? { claims: deps.claims } : {}),
    },
  );
}

/** The local stack has no store: its web server reads the table itself, and hears changes in-process. */
function withoutStore(): void {
  logger.debug('redirect-edge: no key value store configured; nothing to mirror');
}

let sdkStore: Promise<KeyValueStoreApi> | undefined;

export const handler = edgeHandler({
  store() {
    const arn = config().REDIRECTS_KVS_ARN;
    if (!arn) return undefined;
    sdkStore ??= sdkKeyValueStore(arn);
    return sdkStore;
  },
  table: tableRedirects,
});
