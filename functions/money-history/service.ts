import * as z from 'zod';
import { NotFoundError } from '../../shared/http/errors';
import { accessUntil } from '../../shared/money/plan-access';
import { moneyDoc } from '../../shared/money/schemas';
import type { PaymentHistoryDoc, TransactionLogDoc } from '../../shared/routes/money-history';
import { isCourseOpenTo } from '../../shared/rules/course-visibility';
import { type AdminNote, adminNoteSchema } from '../../shared/schemas/user-profile';
import { newId } from '../lib/ids';
import type { Caller } from '../lib/request';
import { coursesRepository, userMemberships } from '../repositories/courses';
import {
  accessPeriodsOf,
  creditSummaryOf,
  type LedgerEntry,
  ledgerEntries,
  minuteSummaryOf,
} from '../repositories/ledger';
import { type PaymentRecord, payments } from '../repositories/payments';
import { getUsers } from '../repositories/users';
import { keys } from '../table/access-patterns';
import { defineEntity, type PartitionQuery } from '../table/entity';

/**
 * Payment history and transaction logs as the API shows them (spec 002 section 7): pages of the append-only
 * records, newest first unless asked otherwise, within a date range, with the admins' notes kept beside
 * each record (the record itself is never changed).
 */

type RecordKind = 'payment' | 'ledger';

const notes = defineEntity({
  name: 'moneyNote',
  schema: adminNoteSchema.extend({ kind: z.enum(['payment', 'ledger']), recordId: z.string() }),
  keyAttributes: ['kind', 'recordId', '_id'],
  key: (tenant, note) => keys.moneyNote(tenant, note.kind, note.recordId, note._id),
});

async function notesOf(tenant: string, kind: RecordKind, recordId: string): Promise<AdminNote[]> {
  const found = await notes.query({ partition: keys.moneyNotes(tenant, kind, recordId), consistent: true });
  return found.map(({ kind: _kind, recordId: _record, ...note }) => note);
}

export interface HistoryQuery {
  limit: number;
  offset: number;
  sort: 'asc' | 'desc' | 'createdAt' | '-createdAt';
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** The index query of a list: its partition, the order asked, the dates' range on `<createdAt>#<id>`. */
function listQuery(index: 'gsi1' | 'gsi2', partition: string, query: HistoryQuery): PartitionQuery {
  const { startDate, endDate } = query;
  const low = startDate ? new Date(startDate).toISOString() : '';
  // Every key of the end's instant sorts before its successor character.
  const high = endDate ? `${new Date(endDate).toISOString()}\u{10FFFF}` : '\u{10FFFF}';
  return {
    index,
    partition,
    descending: query.sort === 'desc' || query.sort === '-createdAt',
    ...(startDate || endDate ? { sortKey: { between: [low, high] as const } } : {}),
  };
}

function paymentDoc(record: PaymentRecord, adminNotes: AdminNote[]): PaymentHistoryDoc {
  const { stripe: _stripe, amount, ...rest } = record;
  return { ...rest, amount: moneyDoc(amount), adminNotes };
}

/** A ledger entry's id in the API: its account and its own id (an entry is found by both). */
const logId = (entry: Pick<LedgerEntry, 'account' | '_id'>) => `${entry.account}@${entry._id}`;

function parseLogId(id: string): { account: string; _id: string } | undefined {
  const at = id.indexOf('@');
  if (at <= 0 || at === id.length - 1) return undefined;
  return { account: id.slice(0, at), _id: id.slice(at + 1) };
}

function logDoc(entry: LedgerEntry, adminNotes: AdminNote[]): TransactionLogDoc {
  const { cause: _cause, amount, ...rest } = entry;
  return { ...rest, _id: logId(entry), ...(amount ? { amount: moneyDoc(amount) } : {}), adminNotes };
}

/** The people of a page's records, by id (one batch read), so a list names them. */
async function peopleOf(tenant: string, records: ReadonlyArray<{ userId: string }>) {
  const found = await getUsers(tenant, [...new Set(records.map((record) => record.userId))]);
  return new Map(
    found.map((user) => [
      user._id,
      { _id: user._id, firstname: user.firstname, lastname: user.lastname, email: user.email },
    ]),
  );
}

export async function paymentHistoryPage(tenant: string, userId: string | undefined, query: HistoryQuery) {
  const partition = userId ? keys.userPaymentsIndex(tenant, userId) : keys.paymentsIndex(tenant);
  const page = await payments.page(listQuery(userId ? 'gsi1' : 'gsi2', partition, query), query);
  const people = await peopleOf(tenant, page.docs);
  const docs = await Promise.all(
    page.docs.map(async (record) => ({
      ...paymentDoc(record, await notesOf(tenant, 'payment', record._id)),
      user: people.get(record.userId),
    })),
  );
  return { limit: query.limit, offset: query.offset, totalDocs: page.totalDocs, docs };
}

export async function transactionLogPage(tenant: string, userId: string | undefined, query: HistoryQuery) {
  const partition = userId ? keys.userLedgerIndex(tenant, userId) : keys.ledgerIndex(tenant);
  const page = await ledgerEntries.page(listQuery(userId ? 'gsi1' : 'gsi2', partition, query), query);
  const people = await peopleOf(tenant, page.docs);
  const docs = await Promise.all(
    page.docs.map(async (entry) => ({
      ...logDoc(entry, await notesOf(tenant, 'ledger', logId(entry))),
      user: people.get(entry.userId),
    })),
  );
  return { limit: query.limit, offset: query.offset, totalDocs: page.totalDocs, docs };
}

async function requirePayment(tenant: string, id: string): Promise<PaymentRecord> {
  const record = await payments.get(tenant, { _id: id }, { consistent: true });
  if (!record) throw new NotFoundError('Payment not found');
  return record;
}

async function requireEntry(tenant: string, id: string): Promise<LedgerEntry> {
  const key = parseLogId(id);
  const entry = key ? await ledgerEntries.get(tenant, key, { consistent: true }) : undefined;
  if (!entry) throw new NotFoundError('Transaction not found');
  return entry;
}

function newNote(caller: Caller, text: string): AdminNote {
  return {
    _id: newId(),
    note: text,
    createdBy: { _id: caller.user._id, name: `${caller.user.firstname} ${caller.user.lastname}`.trim() },
    createdAt: new Date().toISOString(),
  };
}

const noteNotFound = () => new NotFoundError('Note not found');

export async function addPaymentNote(tenant: string, caller: Caller, id: string, text: string) {
  const record = await requirePayment(tenant, id);
  await notes.put(tenant, { ...newNote(caller, text), kind: 'payment', recordId: id }, 'absent');
  return paymentDoc(record, await notesOf(tenant, 'payment', id));
}

export async function deletePaymentNote(tenant: string, id: string, noteId: string) {
  const record = await requirePayment(tenant, id);
  await notes.remove(tenant, { kind: 'payment', recordId: id, _id: noteId }, 'present', noteNotFound);
  return paymentDoc(record, await notesOf(tenant, 'payment', id));
}

export async function addLogNote(tenant: string, caller: Caller, id: string, text: string) {
  const entry = await requireEntry(tenant, id);
  await notes.put(tenant, { ...newNote(caller, text), kind: 'ledger', recordId: id }, 'absent');
  return logDoc(entry, await notesOf(tenant, 'ledger', id));
}

export async function deleteLogNote(tenant: string, id: string, noteId: string) {
  const entry = await requireEntry(tenant, id);
  await notes.remove(tenant, { kind: 'ledger', recordId: id, _id: noteId }, 'present', noteNotFound);
  return logDoc(entry, await notesOf(tenant, 'ledger', id));
}

/**
 * A student's credits on each course they are on by credit (ENROLLED or not: credits bought stay theirs),
 * as each account's summary holds them (moved in every credit entry's transaction), and their total. A
 * draft course is not the student's to see yet. Beside them, the lesson minutes left of their flexible
 * plans (their minutes account's summary) and when the period of access running now ends.
 */
export async function courseCredits(tenant: string, userId: string) {
  const planMinutes = minuteSummaryOf(tenant, userId);
  const access = accessPeriodsOf(tenant, userId);
  const memberships = (await userMemberships(tenant, userId)).filter(
    (m) => m.role === 'student' && m.enrolmentType === 'CREDIT',
  );
  const courses = await coursesRepository.getMany(
    tenant,
    memberships.map((m) => m.course),
  );
  const docs = await Promise.all(
    courses
      .filter((course) => isCourseOpenTo(course, 'learner'))
      .map(async (course) => ({
        courseId: course._id,
        courseTitle: course.title,
        credits: await creditSummaryOf(tenant, userId, course._id),
      })),
  );
  docs.sort((a, b) => a.courseTitle.localeCompare(b.courseTitle));
  return {
    total: docs.reduce((total, doc) => total + doc.credits, 0),
    docs,
    planMinutes: await planMinutes,
    accessUntil: accessUntil(await access, new Date().toISOString()),
  };
}
