import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { paymentTypes } from '../../shared/money/finance';
import {
  accountId,
  accountKindOf,
  accountKindOfId,
  creditBalance,
  drawingEntryKinds,
  type LedgerAccount,
  type LedgerAccountKind,
  ledgerEntryId,
  ledgerEntryKinds,
  MINUTES_LESSON_LENGTH_MESSAGE,
  minuteBalance,
  moneyBalance,
  NO_CREDITS_MESSAGE,
  signedCreditEntry,
  signedMinuteEntry,
} from '../../shared/money/ledger';
import type { Money } from '../../shared/money/money';
import { accessPeriods, accessUnits } from '../../shared/money/plan-access';
import { storedMoneySchema } from '../../shared/money/schemas';
import { tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import type { TransactItem } from '../table/transactions';

/**
 * The ledger as stored (rules in shared/money/ledger.ts): one item per entry in its account's partition,
 * written once (its id comes from its cause, and the write's condition is that the id is free), never
 * updated or deleted. A user's entries, both accounts, are listed by time on gsi1 (their transaction log),
 * every entry of the school on gsi2 (the back-office's).
 */
export const ledgerEntrySchema = z.object({
  _id: z.string(),
  /** accountId() of shared/money/ledger.ts. */
  account: z.string(),
  userId: z.string(),
  courseId: z.string().optional(),
  kind: z.enum(ledgerEntryKinds),
  /** Money entries: the signed amount (negative takes from the account). */
  amount: storedMoneySchema.optional(),
  /** Credit entries: the signed number of credits. */
  credits: z.number().int().optional(),
  /** Minute entries: the signed number of lesson minutes. */
  minutes: z.number().int().optional(),
  /** Access entries (PLAN_ACCESS): the term bought. */
  term: z.object({ duration: z.number().int().positive(), durationUnit: z.enum(accessUnits) }).optional(),
  /** What the money was for (spec 002 payment types), when the entry comes from a payment. */
  paymentType: z.enum(paymentTypes).optional(),
  /** The payment history row the entry belongs to, if any. */
  paymentId: z.string().optional(),
  /** The Stripe event, lesson or request it was written for (what its id was derived from). */
  cause: z.string(),
  description: z.string(),
  /** When its cause happened (a Stripe object's `created`, a lesson's booking): deterministic, as the id. */
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerEntries = defineEntity({
  name: 'ledgerEntry',
  schema: ledgerEntrySchema,
  keyAttributes: ['account', '_id'],
  key: (tenant, entry) => keys.ledgerEntry(tenant, entry.account, entry._id),
  indexes: (tenant, entry) => ({
    gsi1pk: keys.userLedgerIndex(tenant, entry.userId),
    gsi1sk: `${entry.createdAt}#${entry._id}`,
    gsi2pk: keys.ledgerIndex(tenant),
    gsi2sk: `${entry.createdAt}#${entry._id}`,
  }),
});

/** What a caller gives to append an entry: the record less the account id, which its owner names. */
export type NewLedgerEntry = Omit<LedgerEntry, 'account' | 'userId' | 'courseId'> & {
  account: LedgerAccount;
};

function stored(entry: NewLedgerEntry): LedgerEntry {
  const { account, ...rest } = entry;
  if (accountKindOf(entry.kind) !== account.kind) {
    throw new Error(`A ${entry.kind} entry does not belong to a ${account.kind} account`);
  }
  return {
    ...rest,
    account: accountId(account),
    userId: account.userId,
    ...(account.kind === 'CREDITS' ? { courseId: account.courseId } : {}),
  };
}

/**
 * The writes that append one entry, for the caller's transaction: the entry's Put on the condition that its
 * id is free (a second write of the same cause fails it, and so the whole transaction: the caller reads
 * that as "already applied"), and for a credit or minute entry the account's balance moved by the same
 * number, on the condition, for a use, that it stays at zero or above (no credit left fails it:
 * NO_CREDITS_MESSAGE; too few minutes, notEnoughMinutesMessage). Which of them failed is told by
 * `isBalanceWrite` and `refusedBalance`.
 */
export function ledgerEntryWrite(tenant: string, entry: NewLedgerEntry): TransactItem[] {
  return ledgerEntriesWrite(tenant, [entry]);
}

/**
 * The writes that append several entries in one transaction: each entry's Put (id free), and one balance
 * write per credit or minutes account moved by the entries' sum (DynamoDB takes one write per item in a
 * transaction), held to zero or above when any of them is a use: a series of lessons spends all its
 * credits (or minutes) or none, and two bookings racing for the last ones cannot both have them.
 */
export function ledgerEntriesWrite(tenant: string, entries: readonly NewLedgerEntry[]): TransactItem[] {
  const records = entries.map(stored);
  const puts = records.map((record) => ledgerEntries.putWrite(tenant, record, 'absent'));
  const accounts = new Map<string, { attribute: 'credits' | 'minutes'; delta: number; floor: boolean }>();
  for (const record of records) {
    const counted =
      record.credits !== undefined
        ? { attribute: 'credits' as const, count: record.credits }
        : record.minutes !== undefined
          ? { attribute: 'minutes' as const, count: record.minutes }
          : undefined;
    if (!counted) continue;
    const moved = accounts.get(record.account) ?? { attribute: counted.attribute, delta: 0, floor: false };
    // Only a use is held to what is there: a refund's reversal takes back what was bought even when some
    // was used (the account then shows what is owed).
    accounts.set(record.account, {
      attribute: counted.attribute,
      delta: moved.delta + counted.count,
      floor: moved.floor || drawingEntryKinds.has(record.kind),
    });
  }
  const balanceWrites = [...accounts].map(
    ([account, { attribute, delta, floor }]): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: keys.ledgerBalance(tenant, account),
        UpdateExpression: 'SET #entity = :entity, #account = :account ADD #balance :delta',
        ...(floor ? { ConditionExpression: 'attribute_exists(#balance) AND #balance >= :needed' } : {}),
        ExpressionAttributeNames: { '#entity': 'entity', '#account': 'account', '#balance': attribute },
        ExpressionAttributeValues: {
          ':entity': 'ledgerBalance',
          ':account': account,
          ':delta': delta,
          ...(floor ? { ':needed': -delta } : {}),
        },
      },
    }),
  );
  // One entry keeps its historical order (its Put, then its balance), which callers' failure maps index.
  return [...puts, ...balanceWrites];
}

/**
 * What a lesson's change gives back (issue #18): each student the lesson had while live who is no longer on
 * it live (the lesson cancelled or deleted, or the student taken off it) gets a RETURN of the credit their
 * booking used and a MINUTES_RETURN of the plan minutes it drew (as many as that use entered), each named by
 * the lesson and the student, so a second cancel returns nothing. Read here (consistently): only a use that
 * is there and not returned yet is returned; the return's own condition settles two changes racing.
 */
export async function lessonUseReturnWrites(
  tenant: string,
  lesson: { _id: string; course: string; studentIds: readonly string[] },
  leaving: readonly string[],
  at: string,
): Promise<TransactItem[]> {
  if (leaving.length === 0) return [];
  const credits = (userId: string) => accountId({ kind: 'CREDITS', userId, courseId: lesson.course });
  const minutes = (userId: string) => accountId({ kind: 'MINUTES', userId });
  const found = await ledgerEntries.getMany(
    tenant,
    leaving.flatMap((userId) => [
      { account: credits(userId), _id: ledgerEntryId('USE', lesson._id, userId) },
      { account: credits(userId), _id: ledgerEntryId('RETURN', lesson._id, userId) },
      { account: minutes(userId), _id: ledgerEntryId('MINUTES_USE', lesson._id, userId) },
      { account: minutes(userId), _id: ledgerEntryId('MINUTES_RETURN', lesson._id, userId) },
    ]),
    { consistent: true },
  );
  const byKey = new Map(found.map((entry) => [`${entry.account}@${entry._id}`, entry]));
  const entry = (account: string, id: string) => byKey.get(`${account}@${id}`);
  const returns = leaving.flatMap((userId): NewLedgerEntry[] => {
    const creditReturn: NewLedgerEntry[] =
      entry(credits(userId), ledgerEntryId('USE', lesson._id, userId)) &&
      !entry(credits(userId), ledgerEntryId('RETURN', lesson._id, userId))
        ? [
            {
              _id: ledgerEntryId('RETURN', lesson._id, userId),
              account: { kind: 'CREDITS', userId, courseId: lesson.course },
              kind: 'RETURN',
              credits: signedCreditEntry('RETURN', 1),
              cause: lesson._id,
              description: 'Lesson cancelled',
              createdAt: at,
            },
          ]
        : [];
    const minutesUsed = entry(minutes(userId), ledgerEntryId('MINUTES_USE', lesson._id, userId))?.minutes;
    const minuteReturn: NewLedgerEntry[] =
      minutesUsed !== undefined &&
      minutesUsed < 0 &&
      !entry(minutes(userId), ledgerEntryId('MINUTES_RETURN', lesson._id, userId))
        ? [
            {
              _id: ledgerEntryId('MINUTES_RETURN', lesson._id, userId),
              account: { kind: 'MINUTES', userId },
              kind: 'MINUTES_RETURN',
              minutes: signedMinuteEntry('MINUTES_RETURN', -minutesUsed),
              cause: lesson._id,
              description: 'Lesson cancelled',
              createdAt: at,
            },
          ]
        : [];
    return [...creditReturn, ...minuteReturn];
  });
  return returns.length > 0 ? ledgerEntriesWrite(tenant, returns) : [];
}

/**
 * Refuses (409) a change of a live lesson's length when a student staying on it paid it from their plan
 * minutes: what they drew is the old length (MINUTES_LESSON_LENGTH_MESSAGE). Read only when the length
 * changes; a lesson's minutes are drawn at its booking only, so no later draw can slip past this read.
 */
export async function refuseMinutesResize(
  tenant: string,
  before: { _id: string; status: string; start: string; end: string; studentIds: readonly string[] },
  after: { status: string; start: string; end: string; studentIds: readonly string[] },
): Promise<void> {
  if (before.status !== 'ACTIVE' || after.status !== 'ACTIVE') return;
  const length = (lesson: { start: string; end: string }) =>
    Date.parse(lesson.end) - Date.parse(lesson.start);
  if (length(before) === length(after)) return;
  const staying = before.studentIds.filter((userId) => after.studentIds.includes(userId));
  if (staying.length === 0) return;
  const uses = await ledgerEntries.getMany(
    tenant,
    staying.map((userId) => ({
      account: accountId({ kind: 'MINUTES', userId }),
      _id: ledgerEntryId('MINUTES_USE', before._id, userId),
    })),
    { consistent: true },
  );
  if (uses.length > 0) throw new ConflictError(MINUTES_LESSON_LENGTH_MESSAGE);
}

/** Whether a write of a transaction is a balance's (its failure means "no credits / minutes left"). */
export function isBalanceWrite(item: TransactItem | undefined): boolean {
  return item?.Update?.Key?.sk === 'BALANCE' && String(item.Update.Key.pk).includes('#LEDGER#');
}

/** The kind of account whose balance a failed write held (CREDITS or MINUTES), if it was a balance's. */
export function refusedBalance(item: TransactItem | undefined): LedgerAccountKind | undefined {
  if (!isBalanceWrite(item)) return undefined;
  const account = item?.Update?.ExpressionAttributeValues?.[':account'];
  return typeof account === 'string' ? accountKindOfId(account) : undefined;
}

/** The error of a failed condition among ledger writes: no credits left, or the entry already there. */
export function ledgerRefusal(items: TransactItem[], failedIndex: number): ConflictError {
  return isBalanceWrite(items[failedIndex])
    ? new ConflictError(NO_CREDITS_MESSAGE)
    : new ConflictError('This ledger entry is already written');
}

/** An account's entries, oldest id first (consistent: what a balance is derived from). */
export function accountEntries(tenant: string, account: LedgerAccount): Promise<LedgerEntry[]> {
  return ledgerEntries.query({
    partition: keys.ledgerAccount(tenant, accountId(account)),
    sortKey: { beginsWith: keys.ledgerEntryPrefix },
    consistent: true,
  });
}

/** A student's money balance, one amount per currency, derived from their entries. */
export async function moneyBalanceOf(tenant: string, userId: string): Promise<Money[]> {
  return moneyBalance(await accountEntries(tenant, { kind: 'MONEY', userId }));
}

/** A student's credits on a course, derived from their entries. */
export async function creditsOf(tenant: string, userId: string, courseId: string): Promise<number> {
  return creditBalance(await accountEntries(tenant, { kind: 'CREDITS', userId, courseId }));
}

/**
 * A student's access periods (flexible plans sold for a time), derived from their ACCESS entries: every
 * purchase whose payment was not taken back by a reversal.
 */
export async function accessPeriodsOf(tenant: string, userId: string) {
  const entries = await accountEntries(tenant, { kind: 'ACCESS', userId });
  const reversed = new Set(
    entries.filter((entry) => entry.kind === 'ACCESS_REVERSAL').map((entry) => entry.paymentId),
  );
  return accessPeriods(
    entries.flatMap((entry) =>
      entry.kind === 'PLAN_ACCESS' && entry.term && !reversed.has(entry.paymentId)
        ? [{ paidAt: entry.createdAt, ...entry.term }]
        : [],
    ),
  );
}

/** A student's lesson minutes, derived from their entries. */
export async function minutesOf(tenant: string, userId: string): Promise<number> {
  return minuteBalance(await accountEntries(tenant, { kind: 'MINUTES', userId }));
}

const balances = defineEntity({
  name: 'ledgerBalance',
  schema: z.object({
    account: z.string(),
    credits: z.number().int().optional(),
    minutes: z.number().int().optional(),
  }),
  keyAttributes: ['account'],
  key: (tenant, balance) => keys.ledgerBalance(tenant, balance.account),
});

/**
 * A credit account's balance as its summary keeps it (moved in each entry's transaction): what a booking
 * checks against before it tries. Always equal to `creditsOf` (the test of the ledger holds them equal).
 */
export async function creditSummaryOf(tenant: string, userId: string, courseId: string): Promise<number> {
  const account = accountId({ kind: 'CREDITS', userId, courseId });
  return (await balances.get(tenant, { account }, { consistent: true }))?.credits ?? 0;
}

/** A student's lesson minutes as their account's summary keeps it (moved in each entry's transaction). */
export async function minuteSummaryOf(tenant: string, userId: string): Promise<number> {
  const account = accountId({ kind: 'MINUTES', userId });
  return (await balances.get(tenant, { account }, { consistent: true }))?.minutes ?? 0;
}

/**
 * Which of these students hold a minutes account (bought a flexible MINUTES plan at least once): their
 * billable lessons draw from it. Whether they hold enough is the draw's own condition, not this read.
 */
export async function minuteHolders(tenant: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const owners = new Map(userIds.map((userId) => [accountId({ kind: 'MINUTES', userId }), userId]));
  const found = await balances.getMany(
    tenant,
    [...owners.keys()].map((account) => ({ account })),
    { consistent: true },
  );
  return new Set(
    found.flatMap((balance) => {
      const owner = owners.get(balance.account);
      return owner !== undefined && balance.minutes !== undefined ? [owner] : [];
    }),
  );
}

/** A user's entries (both accounts), newest first: their transaction log. */
export function userLedgerPage(
  tenant: string,
  userId: string,
  page: { limit: number; offset: number },
  range?: readonly [string, string],
) {
  return ledgerEntries.page(
    {
      index: 'gsi1',
      partition: keys.userLedgerIndex(tenant, userId),
      descending: true,
      ...(range ? { sortKey: { between: range } } : {}),
    },
    page,
  );
}
