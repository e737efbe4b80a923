import { db, PutCommand, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { queryAll } from '../table/query';

/** Analytics events are kept this long, then the table's TTL removes them. */
export const ANALYTICS_TTL_DAYS = 90;

export interface AnalyticsEvent {
  name: string;
  path: string;
  properties: Record<string, string | number | boolean>;
  userId: string;
}

export interface StoredAnalyticsEvent extends AnalyticsEvent {
  at: string;
}

/** One item per event in the tenant's partition of the day (a day's events are one Query for export). */
export async function putAnalyticsEvent(
  tenant: string,
  event: AnalyticsEvent,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.analyticsEvent(tenant, at.slice(0, 10), newId(now.getTime())),
        entity: 'analytics',
        ...event,
        at,
        expiresAt: Math.floor(now.getTime() / 1000) + ANALYTICS_TTL_DAYS * 86_400,
      },
    }),
  );
}

/** A tenant's events of one UTC day (`YYYY-MM-DD`), oldest first: one Query of the day's partition. */
export async function analyticsEventsOn(tenant: string, day: string): Promise<StoredAnalyticsEvent[]> {
  return queryAll<StoredAnalyticsEvent>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.analyticsEvent(tenant, day, '').pk },
  });
}
