import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import type { CurrencyCode } from '../../shared/money/currencies';
import { moneyDoc } from '../../shared/money/schemas';
import { moneySettings, refusedCurrency } from '../../shared/money/settings';
import {
  editRefusal,
  formatInvoiceNumber,
  type InvoiceLine,
  lineAmount,
  parseInvoiceNumber,
  parseLines,
  sendRefusal,
} from '../../shared/rules/invoices';
import {
  type Invoice,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceRecord,
  type InvoiceStatus,
  type InvoiceUpdate,
  MAX_INVOICE_NOTES,
} from '../../shared/schemas/invoices';
import type { ListQuery, Page } from '../../shared/schemas/paging';
import type { Tenant } from '../../shared/schemas/tenant';
import { invoiceAccounts } from '../access/family';
import { newId } from '../lib/ids';
import type { Caller } from '../lib/request';
import {
  invoiceNumberWrite,
  invoicesRepository,
  lastInvoiceNumber,
  releaseNumberingTurn,
  takeNumberingTurn,
} from '../repositories/invoices';
import { eventWrite } from '../repositories/outbox';
import { getUser } from '../repositories/users';
import { type TransactItem, writeTransaction } from '../table/transactions';

const BUSY = 'Invoices are busy right now. Please try again in a moment.';
const notFound = () => new NotFoundError('Invoice not found');
const stale = () => new ConflictError('This invoice was changed by someone else. Reload and try again.');

const personName = (user: { firstname: string; lastname: string }) =>
  `${user.firstname} ${user.lastname}`.trim();

/** The invoice as the API shows it; the back-office's view adds its notes and unapplied payments. */
export function presentInvoice(record: InvoiceRecord, audience: 'admin' | 'user'): Invoice {
  const { currency } = record;
  const doc: Invoice = {
    _id: record._id,
    invoiceNumber: record.invoiceNumber,
    number: formatInvoiceNumber(record.invoiceNumber),
    userId: record.userId,
    user: record.user,
    status: record.status,
    currency,
    lineItems: record.lineItems.map((line) => ({
      _id: line._id,
      description: line.description,
      quantity: line.quantity,
      unitAmount: moneyDoc({ minor: line.unitAmount, currency }).amount,
      amount: moneyDoc(lineAmount(line, currency)).amount,
    })),
    total: moneyDoc(record.total),
    sentCount: record.sentCount,
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.dueDate ? { dueDate: record.dueDate } : {}),
    ...(record.memo ? { memo: record.memo } : {}),
    ...(record.sentAt ? { sentAt: record.sentAt } : {}),
    ...(record.paidAt ? { paidAt: record.paidAt } : {}),
    ...(record.voidedAt ? { voidedAt: record.voidedAt } : {}),
  };
  if (audience === 'user') return doc;
  return {
    ...doc,
    notes: record.notes,
    paymentProblems: record.paymentProblems.map((problem) => ({
      checkoutSessionId: problem.checkoutSessionId,
      amount: moneyDoc(problem.amount),
      problem: problem.problem,
      recordedAt: problem.recordedAt,
    })),
  };
}

/** A 400 naming one field, as the route schemas' own answers do (functions/lib/pipeline.ts). */
function fieldError(path: ReadonlyArray<string | number>, message: string): BadRequestError {
  const field = path.join('.');
  return new BadRequestError(`${field}: ${message}`, { errors: [{ field, message }] });
}

/** The lines in minor units of `currency` (a currency the tenant takes), or a 400 naming the field. */
function acceptedLines(
  tenant: Tenant,
  currency: CurrencyCode,
  lines: readonly InvoiceLineInput[],
): { lines: InvoiceRecord['lineItems']; total: InvoiceRecord['total'] } {
  const refused = refusedCurrency(moneySettings(tenant.settings?.money), currency);
  if (refused) throw fieldError(['currency'], refused);
  const parsed = parseLines(lines, currency);
  if (!parsed.ok) throw fieldError(parsed.path, parsed.problem);
  return {
    lines: parsed.lines.map((line: InvoiceLine) => ({ _id: newId(), ...line })),
    total: parsed.total,
  };
}

/** Another invoice took the number read: read the last number again. */
class NumberTaken extends ConflictError {
  constructor() {
    super(BUSY);
  }
}

const MAX_NUMBER_ATTEMPTS = 60;

/**
 * Creates an invoice numbered one past the tenant's last (the counter moved in the insert's transaction, on
 * the condition that it still holds the number read: concurrent creates each get their own number, with no
 * gaps), with its total from its lines, and, with `send`, the event that mails it. Concurrent creates take
 * the numbering turn one after another (repositories/invoices.ts), so they do not all race for one number.
 */
export async function createInvoice(tenant: Tenant, caller: Caller, input: InvoiceInput): Promise<Invoice> {
  const user = await getUser(tenant.key, input.userId);
  if (!user) throw new NotFoundError('User not found');
  if (user.type !== 'student' && user.type !== 'parent') {
    throw fieldError(['userId'], 'Invoices are for students and parents');
  }
  const currency = input.currency ?? moneySettings(tenant.settings?.money).defaultCurrency;
  const { lines, total } = acceptedLines(tenant, currency, input.lineItems);
  const now = new Date().toISOString();
  const base = {
    _id: newId(),
    userId: user._id,
    user: { _id: user._id, name: personName(user), email: user.email },
    status: 'PENDING' as const,
    currency,
    lineItems: lines,
    total,
    ...(input.dueDate ? { dueDate: input.dueDate } : {}),
    ...(input.memo ? { memo: input.memo } : {}),
    notes: [],
    sentCount: input.send ? 1 : 0,
    ...(input.send ? { sentAt: now } : {}),
    paymentProblems: [],
    createdBy: { _id: caller.user._id, name: personName(caller.user) },
    createdAt: now,
    updatedAt: now,
  };
  const holder = newId();
  await waitForNumberingTurn(tenant.key, holder);
  try {
    return await insertNumbered(tenant.key, base, input.send);
  } finally {
    await releaseNumberingTurn(tenant.key, holder);
  }
}

/** How long a create holds the numbering turn at most, and waits for it at most before going anyway. */
const TURN_MS = 5_000;
const TURN_WAIT_MS = 20_000;
const TURN_POLL_MAX_MS = 250;

async function waitForNumberingTurn(tenant: string, holder: string): Promise<void> {
  const giveUp = Date.now() + TURN_WAIT_MS;
  for (let attempt = 0; !(await takeNumberingTurn(tenant, holder, TURN_MS)); attempt++) {
    // Nobody is starved for long: the turn lasts one insert. Past the wait, race for the number anyway.
    if (Date.now() > giveUp) return;
    // Asked again less and less often (a crowd asking every few milliseconds slows the table for all),
    // at random within the wait, so the waiters spread out.
    const wait = Math.min(TURN_POLL_MAX_MS, 20 * 2 ** attempt);
    await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * (wait / 2)));
  }
}

/** Inserts the invoice numbered one past the last, reading again whenever another took that number. */
async function insertNumbered(
  tenant: string,
  base: Omit<InvoiceRecord, 'invoiceNumber'>,
  send: boolean,
): Promise<Invoice> {
  for (let attempt = 1; ; attempt++) {
    const read = await lastInvoiceNumber(tenant);
    const record: InvoiceRecord = { ...base, invoiceNumber: read + 1 };
    const items: TransactItem[] = [
      invoiceNumberWrite(tenant, read),
      ...invoicesRepository.insertItems(tenant, record),
      ...(send ? [eventWrite('InvoiceMailRequested', { tenant, invoiceId: record._id })] : []),
    ];
    try {
      await writeTransaction(
        items,
        (failed) => (failed === 0 ? new NumberTaken() : new ConflictError('This invoice already exists')),
        BUSY,
      );
      return presentInvoice(record, 'admin');
    } catch (error) {
      if (!(error instanceof NumberTaken) || attempt >= MAX_NUMBER_ATTEMPTS) throw error;
      // Someone else's invoice took the number: wait a moment (spread, so racers do not meet again).
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 8)));
    }
  }
}

export async function requireInvoice(tenant: string, id: string): Promise<InvoiceRecord> {
  const invoice = await invoicesRepository.get(tenant, id, { consistent: true });
  if (!invoice) throw notFound();
  return invoice;
}

/**
 * Replaces an invoice read as `current` by `next`, on the condition that it is unchanged since (a payment
 * or another admin in between is a 409), with `also` (its event) in the same transaction.
 */
async function replaceInvoice(
  tenant: string,
  current: InvoiceRecord,
  next: InvoiceRecord,
  also: TransactItem[] = [],
): Promise<void> {
  await writeTransaction([...invoicesRepository.replaceItems(tenant, current, next), ...also], stale, BUSY);
}

/**
 * Changes a PENDING invoice (lines, currency with its lines, due date, memo) or voids it. A PAID or VOID
 * invoice is a 409 (shared/rules/invoices.ts).
 */
export async function updateInvoice(tenant: Tenant, id: string, changes: InvoiceUpdate): Promise<Invoice> {
  const current = await requireInvoice(tenant.key, id);
  const refused = editRefusal(current.status);
  if (refused) throw new ConflictError(refused);
  const now = new Date().toISOString();
  const { status, currency, lineItems, dueDate, memo } = changes;
  if (status === 'VOID') {
    if (currency !== undefined || lineItems !== undefined || dueDate !== undefined || memo !== undefined) {
      throw new BadRequestError('Void an invoice on its own, without other changes');
    }
    const next: InvoiceRecord = { ...current, status: 'VOID', voidedAt: now, updatedAt: now };
    await replaceInvoice(tenant.key, current, next);
    return presentInvoice(next, 'admin');
  }
  if (currency !== undefined && currency !== current.currency && lineItems === undefined) {
    throw fieldError(['lineItems'], 'Give the lines again with their prices in the new currency');
  }
  const nextCurrency = currency ?? current.currency;
  const priced = lineItems ? acceptedLines(tenant, nextCurrency, lineItems) : undefined;
  const { dueDate: _oldDue, ...kept } = current;
  const next: InvoiceRecord = {
    ...(dueDate === null ? kept : current),
    ...(dueDate ? { dueDate } : {}),
    ...(memo !== undefined ? { memo } : {}),
    currency: nextCurrency,
    ...(priced ? { lineItems: priced.lines, total: priced.total } : {}),
    updatedAt: now,
  };
  await replaceInvoice(tenant.key, current, next);
  return presentInvoice(next, 'admin');
}

/** Mails the invoice again ("Mail Sent!"): the event that mails it, written with its sent count. */
export async function sendInvoice(tenant: string, id: string): Promise<Invoice> {
  const current = await requireInvoice(tenant, id);
  const refused = sendRefusal(current.status);
  if (refused) throw new ConflictError(refused);
  const now = new Date().toISOString();
  const next: InvoiceRecord = { ...current, sentAt: now, sentCount: current.sentCount + 1, updatedAt: now };
  await replaceInvoice(tenant, current, next, [
    eventWrite('InvoiceMailRequested', { tenant, invoiceId: id }),
  ]);
  return presentInvoice(next, 'admin');
}

export async function addInvoiceNote(
  tenant: string,
  caller: Caller,
  id: string,
  note: string,
): Promise<Invoice> {
  const current = await requireInvoice(tenant, id);
  if (current.notes.length >= MAX_INVOICE_NOTES) {
    throw new ConflictError(`An invoice holds at most ${MAX_INVOICE_NOTES} notes: delete one first`);
  }
  const now = new Date().toISOString();
  const next: InvoiceRecord = {
    ...current,
    notes: [
      ...current.notes,
      {
        _id: newId(),
        note,
        createdBy: { _id: caller.user._id, name: personName(caller.user) },
        createdAt: now,
      },
    ],
    updatedAt: now,
  };
  await replaceInvoice(tenant, current, next);
  return presentInvoice(next, 'admin');
}

export async function deleteInvoiceNote(tenant: string, id: string, noteId: string): Promise<Invoice> {
  const current = await requireInvoice(tenant, id);
  if (!current.notes.some((note) => note._id === noteId)) throw new NotFoundError('Note not found');
  const next: InvoiceRecord = {
    ...current,
    notes: current.notes.filter((note) => note._id !== noteId),
    updatedAt: new Date().toISOString(),
  };
  await replaceInvoice(tenant, current, next);
  return presentInvoice(next, 'admin');
}

type AdminListQuery = ListQuery & { userId?: string; status?: InvoiceStatus; invoiceNumber?: string };

/** The back-office's list: filters from their indexes; a search matches the invoiced user's name or e-mail. */
export async function listInvoices(tenant: string, query: AdminListQuery): Promise<Page<Invoice>> {
  const { userId, status, invoiceNumber, searchText, ...paging } = query;
  let number: string | undefined;
  if (invoiceNumber !== undefined && invoiceNumber.trim() !== '') {
    const parsed = parseInvoiceNumber(invoiceNumber);
    if (parsed === undefined) {
      throw fieldError(['invoiceNumber'], 'An invoice number is like INV-00042');
    }
    number = String(parsed);
  }
  const search = searchText?.trim().toLowerCase();
  const page = await invoicesRepository.list(
    tenant,
    paging,
    { userId, status, invoiceNumber: number },
    search
      ? {
          matches: (invoice) =>
            invoice.user.name.toLowerCase().includes(search) ||
            invoice.user.email.toLowerCase().includes(search),
        }
      : {},
  );
  return { ...page, docs: page.docs.map((invoice) => presentInvoice(invoice, 'admin')) };
}

/**
 * The invoices of the accounts the caller reads (their own; a parent's children's too), newest first:
 * each account's list is small (its own partition), so a family's page merges the first offset + limit of
 * each.
 */
export async function listOwnInvoices(
  tenant: string,
  caller: Caller,
  query: { limit: number; offset: number; userId?: string | undefined; status?: InvoiceStatus | undefined },
): Promise<Page<Invoice>> {
  const accounts = await invoiceAccounts(tenant, caller);
  if (query.userId !== undefined && !accounts.includes(query.userId))
    throw new NotFoundError('User not found');
  const asked = query.userId === undefined ? accounts : [query.userId];
  const { limit, offset } = query;
  const pages = await Promise.all(
    asked.map((userId) =>
      invoicesRepository.list(
        tenant,
        { limit: Math.min(offset + limit, 1_000), offset: 0 },
        { userId, status: query.status },
      ),
    ),
  );
  const docs = pages
    .flatMap((page) => page.docs)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
    .slice(offset, offset + limit);
  return {
    limit,
    offset,
    totalDocs: pages.reduce((sum, page) => sum + page.totalDocs, 0),
    docs: docs.map((invoice) => presentInvoice(invoice, 'user')),
  };
}

/** One invoice of an account the caller reads, or a 404 (someone else's does not exist from here). */
export async function requireOwnInvoice(tenant: string, caller: Caller, id: string): Promise<InvoiceRecord> {
  const invoice = await invoicesRepository.get(tenant, id, { consistent: true });
  if (!invoice) throw notFound();
  const accounts = await invoiceAccounts(tenant, caller);
  if (!accounts.includes(invoice.userId)) throw notFound();
  return invoice;
}

/** The card payment service failed: not the caller's fault, and worth another try. */
export class PaymentServiceError extends AppError {
  constructor() {
    super(502, 'The card payment service did not answer. Please try again in a moment.');
  }
}
