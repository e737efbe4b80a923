import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { isCurrencyCode } from '../../shared/money/currencies';
import { flexiblePlanUnits, type PaymentType, paymentTypes } from '../../shared/money/finance';
import {
  type LedgerAccount,
  ledgerEntryId,
  refundIncrement,
  signedCreditEntry,
  signedMinuteEntry,
  signedMoneyEntry,
} from '../../shared/money/ledger';
import type { Money } from '../../shared/money/money';
import { type AccessUnit, isAccessUnit } from '../../shared/money/plan-access';
import { updateStudent } from '../courses/members';
import { logger } from '../lib/logger';
import {
  courseMemberWrite,
  coursesRepository,
  getCourseMember,
  newCourseMember,
} from '../repositories/courses';
import { ledgerEntryWrite, type NewLedgerEntry } from '../repositories/ledger';
import {
  getStripeObjectState,
  getStripeRef,
  type PaymentKind,
  type PaymentRecord,
  paymentRowWrites,
  putStripeObjectState,
  putWaitingEvent,
  refundedWrite,
  type StripeRef,
  stripeRefWrite,
  subscriptionStatuses,
  waitingEventsOf,
} from '../repositories/payments';
import { flexiblePlansRepository } from '../repositories/price-catalogue';
import { getStripeEvent } from '../repositories/stripe-events';
import { lpAccessWrite } from '../repositories/usage';
import { getUser } from '../repositories/users';
import type { TransactItem } from '../table/transactions';
import { writeTransaction } from '../table/transactions';
import { applyInvoicePayment } from './invoice-payments';

/**
 * What a Stripe event recorded by the webhook (or reconciliation) does to the school's books: the consumer of
 * StripeEventReceived (functions/stripe-webhooks/handler.ts). Every effect is one transaction of writes whose
 * ids come from the Stripe objects (payment history row, ledger entries, enrolment, credits), each on the
 * condition that it is not there yet: the same event applied twice, or a consumer that died half-way and is
 * run again, writes nothing the second time. States (a subscription's) are applied by object id and only
 * from an event newer than the one that wrote them, so events arriving out of order leave the latest.
 */

/** Stripe's metadata values are strings: the platform's sessions put these there (and no client can). */
const metadataSchema = z.object({
  purpose: z.enum(paymentTypes),
  userId: z.string().min(1),
  planId: z.string().min(1).optional(),
  courseId: z.string().min(1).optional(),
  invoiceId: z.string().min(1).optional(),
  credits: z.coerce.number().int().positive().optional(),
  /** A flexible plan's term as sold (functions/payments/checkout.ts): `duration` `durationUnit`s. */
  duration: z.coerce.number().int().positive().optional(),
  durationUnit: z.enum(flexiblePlanUnits).optional(),
});
type PaymentMetadata = z.infer<typeof metadataSchema>;

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]);
const optionalId = idOf.nullish().transform((id) => id ?? undefined);

const checkoutSessionSchema = z.object({
  id: z.string(),
  mode: z.string().optional(),
  payment_status: z.string(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  customer: optionalId,
  payment_intent: optionalId,
  subscription: optionalId,
  invoice: optionalId,
  metadata: z.record(z.string(), z.string()).nullish(),
  created: z.number().int(),
});

const invoiceSchema = z.object({
  id: z.string(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  customer: optionalId,
  payment_intent: optionalId,
  subscription: optionalId,
  metadata: z.record(z.string(), z.string()).nullish(),
  subscription_details: z.object({ metadata: z.record(z.string(), z.string()).nullish() }).nullish(),
  parent: z
    .object({
      subscription_details: z
        .object({ subscription: optionalId, metadata: z.record(z.string(), z.string()).nullish() })
        .nullish(),
    })
    .nullish(),
  created: z.number().int(),
});

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(subscriptionStatuses),
  customer: optionalId,
  metadata: z.record(z.string(), z.string()).nullish(),
  current_period_end: z.number().int().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().int().nullish() })) }).nullish(),
  cancel_at_period_end: z.boolean().nullish(),
});

const chargeSchema = z.object({
  id: z.string(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  payment_intent: optionalId,
  invoice: optionalId,
});

const disputeSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  charge: optionalId,
  payment_intent: optionalId,
  created: z.number().int(),
});

const envelopeSchema = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});
type StripeEnvelope = z.infer<typeof envelopeSchema>;

/** The event's effect on the books, once. An event of a type the platform does not act on is passed over. */
export async function applyStripeEvent(tenant: string, stripeEventId: string): Promise<void> {
  const recorded = await getStripeEvent(tenant, stripeEventId);
  // Written in the transaction that wrote its StripeEventReceived: missing only once its TTL removed it.
  if (!recorded) {
    logger.warn('A Stripe event is no longer recorded', { stripeEventId });
    return;
  }
  const event = envelopeSchema.parse(JSON.parse(recorded.payload));
  const object = event.data.object;
  /** The object read as its type's schema, or a logged refusal: a retry would read it the same. */
  const read = <T>(schema: z.ZodType<T>): T | undefined => {
    const parsed = schema.safeParse(object);
    if (parsed.success) return parsed.data;
    logger.error('A Stripe event whose object lacks what its type needs: not applied', {
      stripeEventId,
      type: event.type,
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    });
    return undefined;
  };
  const apply = async <T>(
    schema: z.ZodType<T>,
    effect: (tenant: string, event: StripeEnvelope, object: T) => Promise<void>,
  ) => {
    const parsed = read(schema);
    if (parsed !== undefined) await effect(tenant, event, parsed);
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return apply(checkoutSessionSchema, checkoutCompleted);
    case 'invoice.paid':
      return apply(invoiceSchema, invoicePaid);
    case 'invoice.payment_failed':
      return apply(invoiceSchema, invoiceFailed);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return apply(subscriptionSchema, subscriptionChanged);
    case 'charge.refunded':
      return apply(chargeSchema, chargeRefunded);
    case 'charge.dispute.created':
      return apply(disputeSchema, disputeOpened);
    case 'charge.dispute.closed':
      return apply(disputeSchema, disputeClosed);
    default:
      logger.info('A Stripe event the platform does not act on', { type: event.type });
  }
}

/** The platform's metadata on a Stripe object, or undefined for one the platform did not make. */
function platformMetadata(metadata: Record<string, string> | null | undefined): PaymentMetadata | undefined {
  const parsed = metadataSchema.safeParse(metadata ?? {});
  return parsed.success ? parsed.data : undefined;
}

function moneyOf(minor: number, currency: string): Money {
  const code = currency.toUpperCase();
  if (!isCurrencyCode(code)) throw new Error(`Stripe reported an amount in ${currency}, not a currency here`);
  return { minor, currency: code };
}

const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

const money = (userId: string): LedgerAccount => ({ kind: 'MONEY', userId });

/** The effect's writes were already made (its first write's id is taken): nothing to do. */
class AlreadyApplied extends ConflictError {
  constructor() {
    super('Already applied');
  }
}

/**
 * Commits an effect's writes, all or none. A taken id means the effect was applied before (every write of an
 * effect is named by the same cause, so they are all there or none are): answered as `false`, not an error.
 * Any other failed condition (a refunded total moved meanwhile, no credits left) is thrown, and the bus
 * retries the event.
 */
async function applyOnce(items: TransactItem[]): Promise<boolean> {
  try {
    await writeTransaction(
      items,
      (failed) => {
        const condition = items[failed]?.Put?.ConditionExpression;
        return condition === 'attribute_not_exists(pk)'
          ? new AlreadyApplied()
          : new ConflictError('A payment record changed meanwhile');
      },
      'The payment records are busy',
    );
    return true;
  } catch (error) {
    if (error instanceof AlreadyApplied) return false;
    throw error;
  }
}

/** A payment: its history row, the money entry of its payer, and what later refunds and disputes find it by. */
function paymentWrites(
  tenant: string,
  input: {
    cause: string;
    event: StripeEnvelope;
    metadata: PaymentMetadata;
    amount: Money;
    description: string;
    refs: ReadonlyArray<string | undefined>;
    stripe: Omit<PaymentRecord['stripe'], 'eventId'>;
  },
): TransactItem[] {
  const { metadata, amount, event } = input;
  const paymentId = ledgerEntryId('PAYMENT', input.cause);
  const createdAt = isoOf(event.created);
  const record: PaymentRecord = {
    _id: paymentId,
    userId: metadata.userId,
    kind: 'PAYMENT',
    paymentType: metadata.purpose,
    amount,
    description: input.description,
    ...(metadata.courseId ? { courseId: metadata.courseId } : {}),
    ...(metadata.planId ? { planId: metadata.planId } : {}),
    ...(metadata.invoiceId ? { invoiceId: metadata.invoiceId } : {}),
    ...(metadata.credits ? { credits: metadata.credits } : {}),
    stripe: { eventId: event.id, ...input.stripe },
    createdAt,
  };
  const entry: NewLedgerEntry = {
    _id: paymentId,
    account: money(metadata.userId),
    kind: 'PAYMENT',
    amount: signedMoneyEntry('PAYMENT', amount),
    paymentType: metadata.purpose,
    paymentId,
    cause: input.cause,
    description: input.description,
    createdAt,
  };
  const refs = [...new Set(input.refs.filter((ref): ref is string => !!ref))].map((objectId) =>
    stripeRefWrite(tenant, {
      objectId,
      paymentId,
      userId: metadata.userId,
      paymentType: metadata.purpose,
      amount,
      ...(metadata.courseId ? { courseId: metadata.courseId } : {}),
      ...(metadata.credits && (metadata.purpose === 'COURSE_TOPUP' || metadata.purpose === 'COURSE')
        ? { credits: metadata.credits }
        : {}),
      ...(planMinutes(metadata) ? { minutes: planMinutes(metadata) } : {}),
      ...(planAccessTerm(metadata) ? { planAccess: true } : {}),
      refundedMinor: 0,
    }),
  );
  return [...paymentRowWrites(tenant, record), ...ledgerEntryWrite(tenant, entry), ...refs];
}

const DESCRIPTIONS: { [P in PaymentType]: string } = {
  FLEXIBLE: 'Flexible plan',
  SUBSCRIPTION: 'Subscription',
  INVOICE: 'Invoice',
  CUSTOM_PLAN: 'Custom plan',
  COURSE: 'Course enrolment',
  PREMIUM_UPGRADE: 'Premium upgrade',
  COURSE_TOPUP: 'Course top-up',
};

/** The lesson minutes a flexible plan's payment bought (its term as sold, when its unit is MINUTES). */
function planMinutes(metadata: PaymentMetadata): number | undefined {
  return metadata.purpose === 'FLEXIBLE' && metadata.durationUnit === 'MINUTES'
    ? metadata.duration
    : undefined;
}

/** The access a flexible plan's payment bought (its term as sold, when its unit is a time: DAYS to YEARS). */
function planAccessTerm(
  metadata: PaymentMetadata,
): { duration: number; durationUnit: AccessUnit } | undefined {
  const { duration, durationUnit } = metadata;
  return metadata.purpose === 'FLEXIBLE' && duration && durationUnit && isAccessUnit(durationUnit)
    ? { duration, durationUnit }
    : undefined;
}

/**
 * A flexible plan's term as sold: the session's (checkout puts it there), else, for a session made without
 * it, the plan's as it is now.
 */
async function withPlanTerm(tenant: string, metadata: PaymentMetadata): Promise<PaymentMetadata> {
  if (metadata.purpose !== 'FLEXIBLE' || metadata.durationUnit || !metadata.planId) return metadata;
  const plan = await flexiblePlansRepository.get(tenant, metadata.planId);
  return plan ? { ...metadata, duration: plan.duration, durationUnit: plan.durationUnit } : metadata;
}

/**
 * A Checkout Session paid: the payment (a subscription's first period is its first invoice, so a session that
 * names one is entered under the invoice's id, which invoice.paid then finds taken), then what it bought.
 */
async function checkoutCompleted(
  tenant: string,
  event: StripeEnvelope,
  session: z.infer<typeof checkoutSessionSchema>,
): Promise<void> {
  const found = platformMetadata(session.metadata);
  const metadata = found && (await withPlanTerm(tenant, found));
  if (!metadata) {
    logger.info('A Checkout Session the platform did not create', { sessionId: session.id });
    return;
  }
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
    // Paid later by a delayed method: checkout.session.async_payment_succeeded applies it then.
    logger.info('A Checkout Session completed but not paid yet', { sessionId: session.id });
    return;
  }
  const amount = moneyOf(session.amount_total ?? 0, session.currency ?? 'usd');
  const description = DESCRIPTIONS[metadata.purpose];
  if (amount.minor > 0) {
    await applyOnce(
      paymentWrites(tenant, {
        cause: session.invoice ?? session.id,
        event,
        metadata,
        amount,
        description,
        refs: [session.payment_intent, session.invoice],
        stripe: {
          objectId: session.id,
          ...(session.payment_intent ? { paymentIntentId: session.payment_intent } : {}),
          ...(session.subscription ? { subscriptionId: session.subscription } : {}),
          ...(session.invoice ? { invoiceId: session.invoice } : {}),
          ...(session.customer ? { customerId: session.customer } : {}),
        },
      }),
    );
    await applyWaiting(tenant, [session.payment_intent, session.invoice]);
  }
  const bought = await purchaseWrites(
    tenant,
    session.id,
    ledgerEntryId('PAYMENT', session.invoice ?? session.id),
    event,
    metadata,
  );
  if (bought.length) await applyOnce(bought);
  if (metadata.purpose === 'INVOICE') {
    if (!metadata.invoiceId) throw new Error('An invoice payment names its invoice');
    // The payment and its ledger entry are recorded above whatever the invoice says; the invoice is marked
    // PAID only when the payment pays it exactly (a mismatch is kept on the invoice for the back-office).
    await applyInvoicePayment(tenant, {
      invoiceId: metadata.invoiceId,
      checkoutSessionId: session.id,
      amountMinor: amount.minor,
      currency: amount.currency,
      paidAt: isoOf(event.created),
    });
  }
}

/**
 * What a paid session bought beyond the payment, named by the session: a course enrolment (with the credits
 * a credit course starts with), credits topped up on a course, learning-platform access, a flexible plan's
 * lesson minutes.
 */
async function purchaseWrites(
  tenant: string,
  sessionId: string,
  paymentId: string,
  event: StripeEnvelope,
  metadata: PaymentMetadata,
): Promise<TransactItem[]> {
  const at = isoOf(event.created);
  const creditEntry = (kind: 'ENROLMENT' | 'TOPUP', courseId: string, credits: number) =>
    ledgerEntryWrite(tenant, {
      _id: ledgerEntryId(kind, sessionId),
      account: { kind: 'CREDITS', userId: metadata.userId, courseId },
      kind,
      credits: signedCreditEntry(kind, credits),
      paymentType: metadata.purpose,
      paymentId,
      cause: sessionId,
      description: kind === 'TOPUP' ? 'Credits topped up' : 'Credits of the enrolment',
      createdAt: at,
    });
  switch (metadata.purpose) {
    case 'COURSE': {
      if (!metadata.courseId) throw new Error('A course payment names its course');
      const [course, user] = await Promise.all([
        coursesRepository.get(tenant, metadata.courseId),
        getUser(tenant, metadata.userId),
      ]);
      if (!course || !user) {
        logger.warn('A course was paid for by or for someone no longer there', { ...metadata });
        return [];
      }
      const member = newCourseMember(course._id, user, 'student', course.paymentType, at);
      return [
        courseMemberWrite(tenant, member),
        ...(course.paymentType === 'CREDIT' && metadata.credits
          ? creditEntry('ENROLMENT', course._id, metadata.credits)
          : []),
      ];
    }
    case 'COURSE_TOPUP':
      if (!metadata.courseId || !metadata.credits) throw new Error('A top-up names its course and credits');
      return creditEntry('TOPUP', metadata.courseId, metadata.credits);
    case 'PREMIUM_UPGRADE':
      return [lpAccessWrite(tenant, metadata.userId, metadata.userId, at)];
    case 'FLEXIBLE': {
      const term = planAccessTerm(metadata);
      if (term) {
        return ledgerEntryWrite(tenant, {
          _id: ledgerEntryId('PLAN_ACCESS', sessionId),
          account: { kind: 'ACCESS', userId: metadata.userId },
          kind: 'PLAN_ACCESS',
          term,
          paymentType: metadata.purpose,
          paymentId,
          cause: sessionId,
          description: 'Lessons included for the term of a flexible plan',
          createdAt: at,
        });
      }
      const minutes = planMinutes(metadata);
      if (!minutes) return [];
      return ledgerEntryWrite(tenant, {
        _id: ledgerEntryId('PLAN_MINUTES', sessionId),
        account: { kind: 'MINUTES', userId: metadata.userId },
        kind: 'PLAN_MINUTES',
        minutes: signedMinuteEntry('PLAN_MINUTES', minutes),
        paymentType: metadata.purpose,
        paymentId,
        cause: sessionId,
        description: 'Lesson minutes of a flexible plan',
        createdAt: at,
      });
    }
    default:
      return [];
  }
}

/** The metadata a subscription's invoice carries (the subscription's, copied by Stripe; older APIs: its own). */
function invoiceMetadata(invoice: z.infer<typeof invoiceSchema>): PaymentMetadata | undefined {
  return (
    platformMetadata(invoice.parent?.subscription_details?.metadata) ??
    platformMetadata(invoice.subscription_details?.metadata) ??
    platformMetadata(invoice.metadata)
  );
}

/** A subscription's period paid (its first, or a renewal). */
async function invoicePaid(
  tenant: string,
  event: StripeEnvelope,
  invoice: z.infer<typeof invoiceSchema>,
): Promise<void> {
  const metadata = invoiceMetadata(invoice);
  if (!metadata || invoice.amount_paid <= 0) return;
  const subscriptionId = invoice.subscription ?? invoice.parent?.subscription_details?.subscription;
  await applyOnce(
    paymentWrites(tenant, {
      cause: invoice.id,
      event,
      metadata,
      amount: moneyOf(invoice.amount_paid, invoice.currency),
      description: `${DESCRIPTIONS[metadata.purpose]}: renewal`,
      refs: [invoice.payment_intent, invoice.id],
      stripe: {
        objectId: invoice.id,
        invoiceId: invoice.id,
        ...(invoice.payment_intent ? { paymentIntentId: invoice.payment_intent } : {}),
        ...(subscriptionId ? { subscriptionId } : {}),
        ...(invoice.customer ? { customerId: invoice.customer } : {}),
      },
    }),
  );
  await applyWaiting(tenant, [invoice.payment_intent, invoice.id]);
}

/** A renewal that could not be charged: a history row, no money moved (the subscription's state says the rest). */
async function invoiceFailed(
  tenant: string,
  event: StripeEnvelope,
  invoice: z.infer<typeof invoiceSchema>,
): Promise<void> {
  const metadata = invoiceMetadata(invoice);
  if (!metadata) return;
  await applyOnce(
    paymentRowWrites(
      tenant,
      historyRow(event, metadata, {
        id: ledgerEntryId('PAYMENT', 'FAILED', event.id),
        kind: 'FAILED',
        amount: moneyOf(invoice.amount_due, invoice.currency),
        description: `${DESCRIPTIONS[metadata.purpose]}: payment failed`,
        objectId: invoice.id,
      }),
    ),
  );
}

function historyRow(
  event: StripeEnvelope,
  owner: { userId: string; purpose?: PaymentType; paymentType?: PaymentType; courseId?: string | undefined },
  row: { id: string; kind: PaymentKind; amount: Money; description: string; objectId: string },
): PaymentRecord {
  const paymentType = owner.purpose ?? owner.paymentType;
  if (!paymentType) throw new Error('A payment row has a payment type');
  return {
    _id: row.id,
    userId: owner.userId,
    kind: row.kind,
    paymentType,
    amount: row.amount,
    description: row.description,
    ...(owner.courseId ? { courseId: owner.courseId } : {}),
    stripe: { eventId: event.id, objectId: row.objectId },
    createdAt: isoOf(event.created),
  };
}

/** Ranks the subscription events of one second: a deletion is after an update, an update after a creation. */
const EVENT_RANK: { [type: string]: number } = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'customer.subscription.deleted': 2,
};

/** The order of the events that write an object's state: `created`, then the type's rank, then the id. */
export function stateVersion(event: { created: number; type: string; id: string }): string {
  return `${String(event.created).padStart(12, '0')}#${EVENT_RANK[event.type] ?? 0}#${event.id}`;
}

async function subscriptionChanged(
  tenant: string,
  event: StripeEnvelope,
  subscription: z.infer<typeof subscriptionSchema>,
): Promise<void> {
  const metadata = platformMetadata(subscription.metadata);
  if (!metadata) return;
  const periodEnd = subscription.current_period_end ?? subscription.items?.data[0]?.current_period_end;
  const written = await putStripeObjectState(tenant, {
    objectId: subscription.id,
    objectType: 'subscription',
    userId: metadata.userId,
    paymentType: metadata.purpose,
    status: event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status,
    ...(metadata.planId ? { planId: metadata.planId } : {}),
    ...(metadata.courseId ? { courseId: metadata.courseId } : {}),
    ...(subscription.customer ? { customerId: subscription.customer } : {}),
    ...(periodEnd ? { currentPeriodEnd: isoOf(periodEnd) } : {}),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    version: stateVersion(event),
    eventId: event.id,
    updatedAt: isoOf(event.created),
  });
  if (!written) logger.info('An older subscription event, passed over', { subscriptionId: subscription.id });
  // What the subscription's latest state says, whichever event wrote it (this one, or a newer one that came
  // first, or this one on a retry after a crash): a course subscription that ended unenrols its student.
  const latest = await getStripeObjectState(tenant, subscription.id);
  if (latest?.status === 'canceled' && latest.courseId) {
    await unenrolEndedSubscription(tenant, latest.courseId, latest.userId, latest.updatedAt);
  }
}

/**
 * A SUBSCRIPTION course's subscription ended (customer.subscription.deleted): the student's enrolment goes
 * UNENROLLED (a state: their membership, its history and their lesson history stay; the lessons still to
 * come are left, giving back any credit they used), through the admin's own unenrol. Idempotent: an
 * enrolment already ended, or one made after the subscription ended (a new subscription), is left alone.
 */
async function unenrolEndedSubscription(tenant: string, courseId: string, userId: string, endedAt: string) {
  const member = await getCourseMember(tenant, { courseId, role: 'student', userId });
  if (member?.enrolment !== 'ENROLLED' || member.enrolmentType !== 'SUBSCRIPTION') return;
  if (member.createdAt > endedAt) return;
  await updateStudent(tenant, member._id, { status: 'UNENROLLED' });
}

/** The payment a charge or dispute is about, or a retry later: its payment's event may not have landed yet. */
async function paymentOf(
  tenant: string,
  object: { id: string; payment_intent?: string | undefined; invoice?: string | undefined },
): Promise<StripeRef | undefined> {
  for (const id of [object.payment_intent, object.invoice]) {
    if (!id) continue;
    const ref = await getStripeRef(tenant, id);
    if (ref) return ref;
  }
  return undefined;
}

/**
 * The payment a refund or dispute event is about; when it has not landed yet (Stripe reorders: a refund can
 * come before its checkout.session.completed), the event is parked beside the payment's refs and answered
 * undefined: the payment's consumer applies what waits once it has written the payment. The payment is read
 * again after parking, since it may have landed in between (its consumer reads the waiting events after
 * writing it, so one of the two always sees the other). Undefined too for a charge of no platform payment.
 */
async function paymentOrWait(
  tenant: string,
  eventId: string,
  object: { id: string; payment_intent?: string | undefined; invoice?: string | undefined },
): Promise<StripeRef | undefined> {
  const ref = await paymentOf(tenant, object);
  if (ref) return ref;
  const refs = [object.payment_intent, object.invoice].filter((id): id is string => !!id);
  if (refs.length === 0) return undefined;
  await Promise.all(refs.map((objectId) => putWaitingEvent(tenant, objectId, eventId)));
  const landed = await paymentOf(tenant, object);
  if (!landed) logger.info('An event waits for the payment it is about', { eventId, objectId: object.id });
  return landed;
}

/**
 * Applies the events that waited for a payment now written (each is idempotent: applied twice, once). The
 * refs' waiting lists are read at once (one round trip, not one per ref: every payment event pays it), then
 * applied in order.
 */
async function applyWaiting(tenant: string, refs: ReadonlyArray<string | undefined>): Promise<void> {
  const objectIds = [...new Set(refs.filter((id): id is string => !!id))];
  const waiting = await Promise.all(objectIds.map((objectId) => waitingEventsOf(tenant, objectId)));
  for (const eventId of waiting.flat()) await applyStripeEvent(tenant, eventId);
}

/** How many times a refund is tried again after another refund of the same payment moved its total. */
const REFUND_ATTEMPTS = 5;

/**
 * A charge refunded (Stripe reports the cumulative amount): the part beyond what was already entered, as a
 * refund row and a money entry taking it back, moving the payment's refunded total under the condition that
 * it is still as read. A full refund of a payment that bought credits, lesson minutes or a period of access takes them back too.
 */
async function chargeRefunded(
  tenant: string,
  event: StripeEnvelope,
  charge: z.infer<typeof chargeSchema>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // None: a charge of no payment made through the platform's sessions, or one waiting for its payment.
    const ref = await paymentOrWait(tenant, event.id, charge);
    if (!ref) return;
    const reported = moneyOf(charge.amount_refunded, charge.currency);
    const increment = refundIncrement({ minor: ref.refundedMinor, currency: ref.amount.currency }, reported);
    if (increment.minor === 0) return;
    const id = ledgerEntryId('REFUND', charge.id, String(reported.minor));
    const at = isoOf(event.created);
    const fullyRefunded = reported.minor >= ref.amount.minor;
    const items = [
      refundedWrite(tenant, ref, reported.minor),
      ...paymentRowWrites(
        tenant,
        historyRow(event, ref, {
          id,
          kind: 'REFUND',
          amount: increment,
          description: fullyRefunded ? 'Refund' : 'Partial refund',
          objectId: charge.id,
        }),
      ),
      ...ledgerEntryWrite(tenant, {
        _id: id,
        account: money(ref.userId),
        kind: 'REFUND',
        amount: signedMoneyEntry('REFUND', increment),
        paymentType: ref.paymentType,
        paymentId: ref.paymentId,
        cause: charge.id,
        description: 'Refund',
        createdAt: at,
      }),
      ...(fullyRefunded && ref.credits && ref.courseId
        ? ledgerEntryWrite(tenant, {
            _id: ledgerEntryId('REVERSAL', ref.paymentId),
            account: { kind: 'CREDITS', userId: ref.userId, courseId: ref.courseId },
            kind: 'REVERSAL',
            credits: signedCreditEntry('REVERSAL', ref.credits),
            paymentType: ref.paymentType,
            paymentId: ref.paymentId,
            cause: charge.id,
            description: 'Credits of a refunded payment',
            createdAt: at,
          })
        : []),
      ...(fullyRefunded && ref.minutes
        ? ledgerEntryWrite(tenant, {
            _id: ledgerEntryId('MINUTES_REVERSAL', ref.paymentId),
            account: { kind: 'MINUTES', userId: ref.userId },
            kind: 'MINUTES_REVERSAL',
            minutes: signedMinuteEntry('MINUTES_REVERSAL', ref.minutes),
            paymentType: ref.paymentType,
            paymentId: ref.paymentId,
            cause: charge.id,
            description: 'Lesson minutes of a refunded plan',
            createdAt: at,
          })
        : []),
      ...(fullyRefunded && ref.planAccess
        ? ledgerEntryWrite(tenant, {
            _id: ledgerEntryId('ACCESS_REVERSAL', ref.paymentId),
            account: { kind: 'ACCESS', userId: ref.userId },
            kind: 'ACCESS_REVERSAL',
            paymentType: ref.paymentType,
            paymentId: ref.paymentId,
            cause: charge.id,
            description: 'Access of a refunded plan',
            createdAt: at,
          })
        : []),
    ];
    try {
      await applyOnce(items);
      return;
    } catch (error) {
      // Another refund of this payment moved its total since it was read: read again.
      if (!(error instanceof ConflictError) || attempt >= REFUND_ATTEMPTS) throw error;
    }
  }
}

/** A dispute opened: Stripe takes the disputed amount back at once, and so does the ledger. */
async function disputeOpened(
  tenant: string,
  event: StripeEnvelope,
  dispute: z.infer<typeof disputeSchema>,
): Promise<void> {
  const ref = await paymentOrWait(tenant, event.id, {
    id: dispute.id,
    payment_intent: dispute.payment_intent,
  });
  if (!ref) return;
  await applyOnce(disputeWrites(tenant, event, dispute, ref, 'DISPUTE'));
}

/**
 * A dispute closed: won, the amount comes back (a DISPUTE_WON entry); lost, the amount stays taken (a row
 * says so). Its opening is applied first if its event has not landed (both are named by the dispute, so
 * whichever comes second finds it there).
 */
async function disputeClosed(
  tenant: string,
  event: StripeEnvelope,
  dispute: z.infer<typeof disputeSchema>,
): Promise<void> {
  const ref = await paymentOrWait(tenant, event.id, {
    id: dispute.id,
    payment_intent: dispute.payment_intent,
  });
  if (!ref) return;
  const opening = { ...event, created: dispute.created, id: event.id };
  await applyOnce(disputeWrites(tenant, opening, dispute, ref, 'DISPUTE'));
  if (dispute.status === 'won') await applyOnce(disputeWrites(tenant, event, dispute, ref, 'DISPUTE_WON'));
  else if (dispute.status === 'lost')
    await applyOnce(disputeWrites(tenant, event, dispute, ref, 'DISPUTE_LOST'));
}

function disputeWrites(
  tenant: string,
  event: StripeEnvelope,
  dispute: z.infer<typeof disputeSchema>,
  ref: StripeRef,
  kind: 'DISPUTE' | 'DISPUTE_WON' | 'DISPUTE_LOST',
): TransactItem[] {
  const amount = moneyOf(dispute.amount, dispute.currency);
  const id = ledgerEntryId(
    kind === 'DISPUTE_LOST' ? 'DISPUTE' : kind,
    dispute.id,
    ...(kind === 'DISPUTE_LOST' ? ['LOST'] : []),
  );
  const description = { DISPUTE: 'Dispute opened', DISPUTE_WON: 'Dispute won', DISPUTE_LOST: 'Dispute lost' }[
    kind
  ];
  const row = paymentRowWrites(
    tenant,
    historyRow(event, ref, { id, kind, amount, description, objectId: dispute.id }),
  );
  if (kind === 'DISPUTE_LOST') return row;
  return [
    ...row,
    ...ledgerEntryWrite(tenant, {
      _id: id,
      account: money(ref.userId),
      kind,
      amount: signedMoneyEntry(kind, amount),
      paymentType: ref.paymentType,
      paymentId: ref.paymentId,
      cause: dispute.id,
      description,
      createdAt: isoOf(event.created),
    }),
  ];
}
