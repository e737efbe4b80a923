import * as z from 'zod';
import { paymentTypes } from '../money/finance';
import { ledgerEntryKinds, paymentKinds } from '../money/ledger';
import { moneySchema } from '../money/schemas';
import { idSchema, isoDateTimeSchema } from '../schemas/common';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import { adminNoteInputSchema, adminNoteSchema } from '../schemas/user-profile';
import { permission, route } from './define';

/**
 * Payment history and transaction logs (spec 002 section 7): a user's own (profile paymentHistory), and the
 * school's with a user filter (adminSettings paymentHistoryView / transactionLogsView), newest first by
 * default, within startDate..endDate. Both are append-only records (functions/repositories/payments.ts,
 * ledger.ts); an admin's notes on one are kept beside it ("Note Created", "Note Deleted").
 */

/** Who a record is about, as the back-office lists name them (absent where the user is gone). */
const recordUserSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});

export const paymentHistoryDocSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  user: recordUserSchema.optional(),
  kind: z.enum(paymentKinds),
  paymentType: z.enum(paymentTypes),
  amount: moneySchema,
  description: z.string(),
  courseId: z.string().optional(),
  planId: z.string().optional(),
  invoiceId: z.string().optional(),
  credits: z.number().optional(),
  createdAt: z.string(),
  adminNotes: z.array(adminNoteSchema),
});
export type PaymentHistoryDoc = z.infer<typeof paymentHistoryDocSchema>;

export const transactionLogDocSchema = z.object({
  /** The entry's account and id: `<account>@<entry id>`. */
  _id: z.string(),
  account: z.string(),
  userId: z.string(),
  user: recordUserSchema.optional(),
  courseId: z.string().optional(),
  kind: z.enum(ledgerEntryKinds),
  /** Money entries: signed (a deduction is negative). */
  amount: moneySchema.optional(),
  /** Credit entries: signed. */
  credits: z.number().optional(),
  /** Lesson-minute entries (flexible plans): signed. */
  minutes: z.number().optional(),
  paymentType: z.enum(paymentTypes).optional(),
  paymentId: z.string().optional(),
  description: z.string(),
  createdAt: z.string(),
  adminNotes: z.array(adminNoteSchema),
});
export type TransactionLogDoc = z.infer<typeof transactionLogDocSchema>;

/** A record's id in a path: a ledger entry's names its account too, so longer than a plain id. */
const recordIdSchema = z.string().min(1).max(300);

export const historyQuerySchema = z.object({
  ...pagingQuerySchema.shape,
  sort: z.enum(['asc', 'desc', 'createdAt', '-createdAt']).default('desc'),
  startDate: z.optional(isoDateTimeSchema),
  endDate: z.optional(isoDateTimeSchema),
});
/** The user's own list: the caller's, or (userId) a child of the caller's family (anyone else: 404). */
const ownHistoryQuerySchema = historyQuerySchema.extend({ userId: z.optional(idSchema) });
const adminHistoryQuerySchema = historyQuerySchema.extend({ userId: z.optional(idSchema) });

const ownHistory = permission('profile', 'paymentHistory');
const paymentsView = permission('adminSettings', 'paymentHistoryView');
const logsView = permission('adminSettings', 'transactionLogsView');

function historyRoutes<const Id extends string, const Path extends string, D extends z.ZodType>(
  id: Id,
  path: Path,
  doc: D,
  adminAccess: ReturnType<typeof permission>,
  label: string,
) {
  return [
    route({
      id: `${id}.list`,
      method: 'GET',
      path: `/${path}`,
      resource: 'money-history',
      access: ownHistory,
      query: ownHistoryQuerySchema.strict(),
      response: pageSchema(doc),
      summary: `The caller's (or their child's) ${label}`,
    }),
    route({
      id: `${id}.adminList`,
      method: 'GET',
      path: `/admin/${path}`,
      resource: 'money-history',
      access: adminAccess,
      query: adminHistoryQuerySchema.strict(),
      response: pageSchema(doc),
      summary: `The school's ${label}, of one user or all`,
    }),
    route({
      id: `${id}.createNote`,
      method: 'POST',
      path: `/admin/${path}/admin-notes/{id}`,
      resource: 'money-history',
      access: adminAccess,
      body: adminNoteInputSchema.strict(),
      response: doc,
      summary: `Add an admin note to a record of the ${label} ("Note Created")`,
    }),
    route({
      id: `${id}.deleteNote`,
      method: 'DELETE',
      path: `/admin/${path}/admin-notes/{id}`,
      resource: 'money-history',
      access: adminAccess,
      query: z.object({ id: recordIdSchema.optional(), noteId: idSchema }).strict(),
      response: doc,
      summary: `Delete an admin note from a record of the ${label} ("Note Deleted")`,
    }),
  ] as const;
}

/** A student's credits on one credit course (spec 002: COURSE_TOPUP), as its account's summary holds them. */
export const courseCreditSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  credits: z.number(),
});
export type CourseCredit = z.infer<typeof courseCreditSchema>;

/**
 * Credits are read by billing viewers (the billing page) and by the header's credits viewer (spec 000
 * section 6, headerContents creditsViewer): either permission is enough (no area holds the other's action).
 */
const creditsReaders = permission(['billing', 'headerContents'], ['view', 'creditsViewer']);

export const courseCreditRoutes = [
  route({
    id: 'courseCredits.list',
    method: 'GET',
    path: '/course-credits',
    resource: 'money-history',
    access: creditsReaders,
    query: z.object({ userId: z.optional(idSchema) }).strict(),
    response: z.object({
      total: z.number(),
      docs: z.array(courseCreditSchema),
      /** The lesson minutes left of their flexible plans (bought by the minute), drawn by each lesson. */
      planMinutes: z.number(),
      /** The end of the period of access running now (flexible plans sold for a time), if one runs. */
      accessUntil: z.string().optional(),
    }),
    summary:
      "The caller's (or their child's) credits on each credit course they are enrolled in by credit, the lesson minutes left of their flexible plans and the end of their access",
  }),
];

export const moneyHistoryRoutes = [
  ...historyRoutes(
    'paymentHistory',
    'payment-history',
    paymentHistoryDocSchema,
    paymentsView,
    'payment history',
  ),
  ...historyRoutes(
    'transactionLogs',
    'transaction-logs',
    transactionLogDocSchema,
    logsView,
    'transaction logs',
  ),
  ...courseCreditRoutes,
];
