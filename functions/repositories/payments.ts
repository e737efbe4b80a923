import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { paymentTypes } from '../../shared/money/finance';
import { type PaymentKind, paymentKinds } from '../../shared/money/ledger';
import { revenueContribution } from '../../shared/money/monthly-totals';
import { storedMoneySchema } from '../../shared/money/schemas';
import { db, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writtenIf } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';
import { revenueSummaryItems, revenueSummaryWrites } from './finance-summaries';

/**
 * Payment history (spec 002 section 7): one row per money fact about a user's payments (a payment, a
 * refund, a dispute opened, won or lost), appended once with an id derived from its cause (the Stripe
 * object), in the same transaction as its ledger entries. A user's rows are listed by time on gsi1, every
 * row of the school on gsi2.
 */
export type { PaymentKind };

export const paymentRecordSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  kind: z.enum(paymentKinds),
  paymentType: z.enum(paymentTypes),
  /** Positive: the kind says which way it went. */
  amount: storedMoneySchema,
  description: z.string(),
  courseId: z.string().optional(),
  planId: z.string().optional(),
  invoiceId: z.string().optional(),
  credits: z.number().int().optional(),
  stripe: z.object({
    eventId: z.string(),
    objectId: z.string(),
    paymentIntentId: z.string().optional(),
    subscriptionId: z.string().optional(),
    invoiceId: z.string().optional(),
    customerId: z.string().optional(),
  }),
  createdAt: z.string(),
  /**
   * Counted in its month's revenue summary (functions/repositories/finance-summaries.ts): every row written
   * since the summaries exist, and each older one once the backfill counted it.
   */
  summarised: z.literal(true).optional(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const payments = defineEntity({
  name: 'payment',
  schema: paymentRecordSchema,
  keyAttributes: ['_id'],
  key: (tenant, payment) => keys.payment(tenant, payment._id),
  indexes: (tenant, payment) => ({
    gsi1pk: keys.userPaymentsIndex(tenant, payment.userId),
    gsi1sk: `${payment.createdAt}#${payment._id}`,
    gsi2pk: keys.paymentsIndex(tenant),
    gsi2sk: `${payment.createdAt}#${payment._id}`,
  }),
});

/**
 * The payment row's Put for the transaction of its effect, once per id, and the ADD of its month's revenue
 * summary: the row's condition fails a second write of the same cause, and the ADD with it.
 */
export function paymentRowWrites(tenant: string, payment: PaymentRecord): TransactItem[] {
  return [
    payments.putWrite(tenant, { ...payment, summarised: true }, 'absent'),
    ...revenueSummaryWrites(tenant, [revenueContribution(payment)]),
  ];
}

/**
 * Every item a set of new payment rows leaves in the table, as paymentRowWrites writes them (the rows,
 * marked as counted, and their months' summaries), for a bulk load into a tenant with no payments yet: the
 * benchmarks' seeding (BatchWriteItem).
 */
export function paymentSeedItems(tenant: string, rows: readonly PaymentRecord[]) {
  const items: Array<Record<string, unknown>> = rows.map((row) => ({
    ...payments.item(tenant, { ...row, summarised: true }),
  }));
  return items.concat(revenueSummaryItems(tenant, rows.map(revenueContribution)));
}

/**
 * Counts in their months' revenue summaries the rows written before the summaries existed, each once: its
 * mark and its ADD in one transaction, on the condition that the row is not marked yet (a row written since
 * is marked at its write). Idempotent, and safe while webhooks land. Answers how many rows it counted.
 */
export async function backfillRevenueSummaries(tenant: string): Promise<number> {
  let counted = 0;
  const rows = await payments.query({ index: 'gsi2', partition: keys.paymentsIndex(tenant) });
  for (const row of rows) {
    if (row.summarised) continue;
    const mark: TransactItem = {
      Update: {
        TableName: tableName(),
        Key: payments.key(tenant, row),
        UpdateExpression: 'SET #summarised = :true',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#summarised)',
        ExpressionAttributeNames: { '#summarised': 'summarised' },
        ExpressionAttributeValues: { ':true': true },
      },
    };
    try {
      await writeTransaction(
        [mark, ...revenueSummaryWrites(tenant, [revenueContribution(row)])],
        () => new ConflictError('Counted meanwhile'),
      );
      counted++;
    } catch (error) {
      // Marked since it was read: another run of the backfill counted it.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return counted;
}

export function getPayment(tenant: string, id: string) {
  return payments.get(tenant, { _id: id }, { consistent: true });
}

/** A user's payment rows, newest first. */
export function userPayments(tenant: string, userId: string): Promise<PaymentRecord[]> {
  return payments.query({
    index: 'gsi1',
    partition: keys.userPaymentsIndex(tenant, userId),
    descending: true,
  });
}

/**
 * What a Stripe payment paid for, under the id of the object later events name (a PaymentIntent, which a
 * charge's refund or dispute names; an invoice of a subscription): who paid, how much, and for what, so a
 * refund or a dispute can be entered against the right accounts. `refundedMinor` is the refunded total as
 * entered, moved under the condition that it is still what the refund read.
 */
export const stripeRefSchema = z.object({
  objectId: z.string(),
  paymentId: z.string(),
  userId: z.string(),
  paymentType: z.enum(paymentTypes),
  amount: storedMoneySchema,
  courseId: z.string().optional(),
  credits: z.number().int().optional(),
  /** The lesson minutes a flexible plan's payment bought (a full refund takes them back). */
  minutes: z.number().int().optional(),
  /** Whether the payment bought a period of access (a flexible plan sold for a time). */
  planAccess: z.boolean().optional(),
  refundedMinor: z.number().int(),
});
export type StripeRef = z.infer<typeof stripeRefSchema>;

const stripeRefs = defineEntity({
  name: 'stripeRef',
  schema: stripeRefSchema,
  keyAttributes: ['objectId'],
  key: (tenant, ref) => keys.stripeRef(tenant, ref.objectId),
});

export function stripeRefWrite(tenant: string, ref: StripeRef): TransactItem {
  return stripeRefs.putWrite(tenant, ref, 'absent');
}

/**
 * A Stripe event about a payment not applied yet (a refund delivered before its checkout.session.completed):
 * kept beside the payment's ref, and applied when the payment lands (functions/payments/apply-stripe-event.ts).
 */
const waitingEvents = defineEntity({
  name: 'stripeWaiting',
  schema: z.object({ objectId: z.string(), eventId: z.string(), at: z.string() }),
  keyAttributes: ['objectId', 'eventId'],
  key: (tenant, waiting) => keys.stripeWaiting(tenant, waiting.objectId, waiting.eventId),
});

export function putWaitingEvent(tenant: string, objectId: string, eventId: string): Promise<void> {
  return waitingEvents.put(tenant, { objectId, eventId, at: new Date().toISOString() });
}

/** The events waiting for the payment of an object, oldest written first. */
export async function waitingEventsOf(tenant: string, objectId: string): Promise<string[]> {
  const waiting = await waitingEvents.query({
    partition: keys.stripeRef(tenant, objectId).pk,
    sortKey: { beginsWith: keys.stripeWaitingPrefix },
    consistent: true,
  });
  return waiting.sort((a, b) => a.at.localeCompare(b.at)).map((item) => item.eventId);
}

export function getStripeRef(tenant: string, objectId: string): Promise<StripeRef | undefined> {
  return stripeRefs.get(tenant, { objectId }, { consistent: true });
}

/** Moves a payment's refunded total from what was read to `next`, in the refund's transaction. */
export function refundedWrite(tenant: string, read: StripeRef, next: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: stripeRefs.key(tenant, read),
      UpdateExpression: 'SET refundedMinor = :next',
      ConditionExpression: 'refundedMinor = :read',
      ExpressionAttributeValues: { ':next': next, ':read': read.refundedMinor },
    },
  };
}

/**
 * A Stripe object's latest state as its newest event applied told it (a subscription's status and period):
 * Stripe delivers events late, twice and out of order, so a state is written only by an event newer than
 * the one that wrote it (`version`: the event's `created`, then the rank of its type, then its id).
 */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

export const stripeObjectStateSchema = z.object({
  objectId: z.string(),
  objectType: z.literal('subscription'),
  userId: z.string(),
  paymentType: z.enum(paymentTypes),
  status: z.enum(subscriptionStatuses),
  planId: z.string().optional(),
  courseId: z.string().optional(),
  customerId: z.string().optional(),
  currentPeriodEnd: z.string().optional(),
  cancelAtPeriodEnd: z.boolean(),
  /** Orders the events that wrote this state: only a higher one writes it again. */
  version: z.string(),
  eventId: z.string(),
  updatedAt: z.string(),
});
export type StripeObjectState = z.infer<typeof stripeObjectStateSchema>;

const stripeObjects = defineEntity({
  name: 'stripeObjectState',
  schema: stripeObjectStateSchema,
  keyAttributes: ['objectId'],
  key: (tenant, state) => keys.stripeObject(tenant, state.objectId),
  indexes: (tenant, state) => ({
    gsi1pk: keys.userSubscriptionsIndex(tenant, state.userId),
    gsi1sk: state.objectId,
  }),
});

/**
 * Writes the object's state if no newer event wrote it already. Answers whether it was written (false: an
 * event at least as new got there first, and this older one changes nothing).
 */
export async function putStripeObjectState(tenant: string, state: StripeObjectState): Promise<boolean> {
  return writtenIf(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: stripeObjects.item(tenant, state),
        ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
        ExpressionAttributeValues: { ':version': state.version },
      }),
    ),
  );
}

export function getStripeObjectState(tenant: string, objectId: string) {
  return stripeObjects.get(tenant, { objectId }, { consistent: true });
}

/** A user's subscriptions, as their latest events left them. */
export function userSubscriptions(tenant: string, userId: string): Promise<StripeObjectState[]> {
  return stripeObjects.query({ index: 'gsi1', partition: keys.userSubscriptionsIndex(tenant, userId) });
}
