import * as z from 'zod';
import { db, PutCommand, tableName } from '../lib/db';
import { logger } from '../lib/logger';
import { recordStripeEvent } from '../repositories/stripe-events';
import { listTenantKeys } from '../repositories/tenants';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import { stripeFor } from './stripe-client';
import { stripeSettings } from './stripe-settings';

/** Stripe retries a webhook for three days: a first run looks back as far. */
const FIRST_LOOK_BACK_SECONDS = 3 * 24 * 3600;
/** Each run reads an hour before the last event it saw: events created in the same second, clocks. */
const OVERLAP_SECONDS = 3600;

const watermarks = defineEntity({
  name: 'stripeReconcile',
  schema: z.object({
    /** Stripe's `created` (epoch seconds) of the newest event read. */
    lastCreated: z.number().int(),
    ranAt: z.string(),
  }),
  keyAttributes: [],
  key: (tenant) => keys.stripeReconcile(tenant),
});

/**
 * One school's reconciliation: every Stripe event since its last run (less an hour's overlap) listed from
 * its account and recorded as its webhook would have, once by id (recordStripeEvent: one already recorded
 * writes nothing). The watermark moves only forward, so two overlapping runs leave the later one's.
 * Answers how many events it listed and how many of them had never arrived.
 */
export async function reconcileStripeEvents(tenant: string): Promise<{ listed: number; recovered: number }> {
  const mark = await watermarks.get(tenant, {}, { consistent: true });
  const since = mark
    ? mark.lastCreated - OVERLAP_SECONDS
    : Math.floor(Date.now() / 1000) - FIRST_LOOK_BACK_SECONDS;
  const stripe = await stripeFor(tenant);
  let listed = 0;
  let recovered = 0;
  let newest = mark?.lastCreated ?? 0;
  for await (const event of stripe.events.list({ created: { gte: since }, limit: 100 })) {
    listed++;
    newest = Math.max(newest, event.created);
    if (await recordStripeEvent(tenant, event, 'reconciliation')) recovered++;
  }
  if (newest > (mark?.lastCreated ?? 0)) {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: watermarks.item(tenant, { lastCreated: newest, ranAt: new Date().toISOString() }),
          // Only forward: a run that read less than another's must not move the mark back.
          ConditionExpression: 'attribute_not_exists(pk) OR lastCreated < :newest',
          ExpressionAttributeValues: { ':newest': newest },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  if (recovered)
    logger.warn('Stripe events recovered that their webhook never delivered', { tenant, recovered });
  return { listed, recovered };
}

/** The daily run: each school with Stripe set up, one after another (a school's failure is logged, the rest go on). */
export async function reconcileEverySchool(): Promise<void> {
  let failed = 0;
  for (const tenant of await listTenantKeys()) {
    if (!(await stripeSettings(tenant))) continue;
    try {
      await reconcileStripeEvents(tenant);
    } catch (error) {
      failed++;
      logger.error('Stripe reconciliation failed', { tenant, error: error as Error });
    }
  }
  if (failed) throw new Error(`Stripe reconciliation failed for ${failed} school(s)`);
}
