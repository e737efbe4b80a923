import * as z from 'zod';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { defineEntity, keyConditionQuery } from '../table/entity';
import { queryItems } from '../table/query';

/** Analytics events are kept this long, then the table's TTL removes them. */
export const ANALYTICS_TTL_DAYS = 90;

/**
 * An event as stored: what the client sent (checked on the way in, so read as it is), who sent it and
 * when. Its `_id` is the item's sort key, kept as an attribute since the event became an entity.
 */
const analyticsEventRecordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  path: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  userId: z.string(),
  at: z.string(),
});

/** What a day's export reads: every stored event, those written before their `_id` was kept too. */
const storedAnalyticsEventSchema = analyticsEventRecordSchema.omit({ _id: true });
export type StoredAnalyticsEvent = z.infer<typeof storedAnalyticsEventSchema>;
export type AnalyticsEvent = Omit<StoredAnalyticsEvent, 'at'>;

/** One item per event in the tenant's partition of the day (a day's events are one Query for export). */
const analyticsEvents = defineEntity({
  name: 'analytics',
  schema: analyticsEventRecordSchema,
  keyAttributes: ['at', '_id'],
  key: (tenant, event) => keys.analyticsEvent(tenant, event.at.slice(0, 10), event._id),
  expiresAt: (event) => Math.floor(Date.parse(event.at) / 1000) + ANALYTICS_TTL_DAYS * 86_400,
});

export function putAnalyticsEvent(tenant: string, event: AnalyticsEvent, now = new Date()): Promise<void> {
  return analyticsEvents.put(tenant, { ...event, _id: newId(now.getTime()), at: now.toISOString() });
}

/** A tenant's events of one UTC day (`YYYY-MM-DD`), oldest first: one Query of the day's partition. */
export async function analyticsEventsOn(tenant: string, day: string): Promise<StoredAnalyticsEvent[]> {
  const events = await queryItems(keyConditionQuery({ partition: keys.analyticsEvent(tenant, day, '').pk }));
  return events.map((event) => storedAnalyticsEventSchema.parse(event));
}
