import type { EventBridgeEvent } from 'aws-lambda';
import { eventCatalogue } from '../../shared/events/catalogue';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { edgeKey } from '../lib/redirect-edge';
import { redirectionsRepository } from '../repositories/redirections';
import { getTenant } from '../repositories/tenants';
import { type KeyValueStoreApi, sdkKeyValueStore, writeEdgeRedirect } from './key-value-store';

let store: Promise<KeyValueStoreApi> | undefined;

/**
 * Bus target of `redirect-edge`: mirrors one path's redirection into the CloudFront KeyValueStore. It
 * reads the table (the source of truth) instead of the event, so deliveries out of order or twice leave
 * the store right. Only the cloud publishes these events (REDIRECTS_KVS_ARN set).
 */
export async function handler(event: EventBridgeEvent<'RedirectionChanged', unknown>): Promise<void> {
  const { tenant: tenantKey, path } = eventCatalogue.RedirectionChanged.parse(event.detail);
  const arn = config().REDIRECTS_KVS_ARN;
  if (!arn) {
    logger.warn('redirect-edge: no key value store configured; nothing to mirror', {
      tenant: tenantKey,
      path,
    });
    return;
  }
  const tenant = await getTenant(tenantKey);
  if (!tenant) throw new Error(`Unknown tenant ${tenantKey}`);
  const item = await redirectionsRepository.byPath(tenantKey, path);
  store ??= sdkKeyValueStore(arn);
  await writeEdgeRedirect(
    await store,
    edgeKey(tenant.domain, path),
    item?.to ? { to: item.to, statusCode: item.statusCode ?? 301 } : undefined,
  );
  logger.info('redirect mirrored to the edge', { tenant: tenantKey, path, removed: !item });
}
