import type { z } from 'zod';
import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import type { CurrencyCode } from '../../shared/money/currencies';
import { type AdjustmentType, type Money, signedAmount } from '../../shared/money/money';
import { type MoneyDoc, storedMoney } from '../../shared/money/schemas';
import { moneySettings } from '../../shared/money/settings';
import { changeOf, extensionAmount, type PayChange, penaltyAmount } from '../../shared/rules/tutor-pay';
import type {
  adjustmentBodySchema,
  adminNoteBodySchema,
  classExtensionBodySchema,
  LessonHistory,
  PresentedLessonHistory,
  raiseConcernBodySchema,
  respondToConcernBodySchema,
  trialConversionBodySchema,
  tutorPenaltyBodySchema,
} from '../../shared/schemas/lesson-history';
import type { Tenant } from '../../shared/schemas/tenant';
import { requireBackOffice } from '../lib/access';
import { newId } from '../lib/ids';
import type { Caller } from '../lib/request';
import { changeLessonPay, type PayChangeResult } from '../repositories/lesson-history';
import { presentLessonHistory } from './present';

/**
 * The tutor payment actions of spec 001 section 7 (raise-concern, adjustments, respond-to-concern,
 * class-extension, tutor-penalty, trial-conversion, admin notes). Each is a change of one row through
 * `changeLessonPay`: the rules here decide the row after and the pay entries, the repository writes them
 * atomically (and retries when another change got there first). Each answers the updated lesson.
 */

const MAX_NOTES = 100;

/** The currency a lesson is paid in: its rate's, else the school's. */
function payCurrency(row: LessonHistory, tenant: Tenant): CurrencyCode {
  return (
    row.tutorAmountCurrency ??
    row.tutorRate?.currency ??
    moneySettings(tenant.settings?.money).defaultCurrency
  );
}

/** An amount the caller gave, in the lesson's pay currency (a 400 otherwise). */
function inPayCurrency(amount: MoneyDoc, row: LessonHistory, tenant: Tenant): Money {
  const currency = payCurrency(row, tenant);
  if (amount.currency !== currency) {
    throw new BadRequestError(`This lesson is paid in ${currency}: give the amount in ${currency}`);
  }
  return storedMoney(amount);
}

/**
 * The entry of an admin's adjustment (ADDITION or DEDUCTION of an amount in the lesson's pay currency): a
 * plain adjustment, or an approved concern's. Named by the request's id when it gives one, so a retried
 * request finds its entry there.
 */
function adjustmentEntry(
  kind: 'ADJUSTMENT' | 'CONCERN',
  adjustment: { type: AdjustmentType; amount: MoneyDoc },
  row: LessonHistory,
  tenant: Tenant,
  reason: string,
  cause?: string,
): PayChange {
  const amount = signedAmount({
    type: adjustment.type,
    amount: inPayCurrency(adjustment.amount, row, tenant),
  });
  return { kind, amount, reason, ...(cause ? { cause } : {}) };
}

/** Money of a PAID lesson no longer moves (a later correction is a manual adjustment of the tutor). */
function open(row: LessonHistory): void {
  if (row.tutorPaymentStatus === 'PAID') {
    throw new ConflictError("This lesson's tutor payment is PAID: its pay can no longer change");
  }
}

/** A row with its pay currency set, so contributions can be compared in it. */
function withCurrency(row: LessonHistory, tenant: Tenant): LessonHistory {
  return { ...row, tutorAmountCurrency: payCurrency(row, tenant) };
}

async function apply(
  tenant: Tenant,
  caller: Caller,
  id: string,
  change: (row: LessonHistory) => PayChangeResult,
): Promise<PresentedLessonHistory> {
  const row = await changeLessonPay(
    tenant.key,
    id,
    (read) => change(withCurrency(read, tenant)),
    caller.user._id,
  );
  return presentLessonHistory(caller, row, true);
}

/** A tutor raises a concern about the pay of a lesson they taught ("Concern raised!"). */
export function raiseConcern(tenant: Tenant, caller: Caller, body: z.output<typeof raiseConcernBodySchema>) {
  return apply(tenant, caller, body.lessonHistoryId, (row) => {
    // Someone else's lesson is a 404, like an unknown one: its existence is not revealed.
    if (row.tutorId !== caller.user._id) throw new NotFoundError('Lesson history entry not found');
    if (row.tutorConcern?.status === 'PENDING') {
      throw new ConflictError('A concern about this lesson is already waiting for an answer');
    }
    const raisedAt = new Date().toISOString();
    return {
      after: {
        ...row,
        tutorConcern: {
          status: 'PENDING',
          note: body.concern,
          raisedAt,
          decision: null,
          response: null,
          respondedBy: null,
          respondedAt: null,
        },
      },
      entries: [],
    };
  });
}

/** An admin adds to or deducts from a lesson's pay ("Adjustments updated!"). */
export function adjustPay(tenant: Tenant, caller: Caller, body: z.output<typeof adjustmentBodySchema>) {
  requireBackOffice(caller, 'Only the back-office adjusts tutor pay');
  return apply(tenant, caller, body.lessonHistoryId, (row) => {
    open(row);
    return {
      after: row,
      entries: [adjustmentEntry('ADJUSTMENT', body, row, tenant, body.reason, body.requestId)],
    };
  });
}

/** An admin answers a tutor's concern ("Tutor payment concern responded!"), approving it with an adjustment or not. */
export function respondToConcern(
  tenant: Tenant,
  caller: Caller,
  body: z.output<typeof respondToConcernBodySchema>,
) {
  requireBackOffice(caller, 'Only the back-office answers tutor payment concerns');
  if (body.adjustment && body.decision !== 'APPROVED') {
    throw new BadRequestError('Only an approved concern changes the pay');
  }
  return apply(tenant, caller, body.lessonHistoryId, (row) => {
    const concern = row.tutorConcern;
    if (concern?.status !== 'PENDING') {
      throw new ConflictError('This lesson has no concern waiting for an answer');
    }
    if (body.adjustment) open(row);
    const adjustment = body.adjustment;
    return {
      after: {
        ...row,
        tutorConcern: {
          ...concern,
          status: body.status,
          decision: body.decision,
          response: body.response,
          respondedBy: caller.user._id,
          respondedAt: new Date().toISOString(),
        },
      },
      entries: adjustment
        ? [adjustmentEntry('CONCERN', adjustment, row, tenant, body.response || 'Concern approved')]
        : [],
    };
  });
}

/**
 * The shape the column actions share (class extension, tutor penalty, trial conversion): back-office only,
 * on a lesson whose pay is still open, the row changed by `change`, and one pay entry of `kind` for the
 * difference the change makes to the tutor's amount (none when it makes none).
 */
function setPayColumn(
  tenant: Tenant,
  caller: Caller,
  input: { lessonHistoryId: string; kind: 'PENALTY' | 'EXTENSION' | 'TRIAL_CONVERSION'; denied: string },
  change: (row: LessonHistory) => { after: LessonHistory; reason: string },
) {
  requireBackOffice(caller, input.denied);
  return apply(tenant, caller, input.lessonHistoryId, (row) => {
    open(row);
    const { after, reason } = change(row);
    const entry = changeOf(row, after, input.kind, reason);
    return { after, entries: entry ? [entry] : [] };
  });
}

/** An admin records a class extension ("Class extension updated!"): approved minutes paid at the lesson's rate. */
export function setClassExtension(
  tenant: Tenant,
  caller: Caller,
  body: z.output<typeof classExtensionBodySchema>,
) {
  return setPayColumn(
    tenant,
    caller,
    {
      lessonHistoryId: body.lessonHistoryId,
      kind: 'EXTENSION',
      denied: 'Only the back-office records class extensions',
    },
    (row) => {
      if (!row.tutorRate) throw new BadRequestError('This lesson has no tutor rate to pay an extension at');
      return {
        after: {
          ...row,
          lessonExtension: body.lessonExtension,
          lessonExtensionTutorAmount: extensionAmount(row.tutorRate, body.lessonExtension),
          classExtensionRequestStatus: body.classExtensionRequestStatus,
        },
        reason: `Class extension of ${body.lessonExtension} minutes`,
      };
    },
  );
}

/** An admin sets the tutor's penalty, a percent of the allocated amount ("Tutor penalty updated!"). */
export function setTutorPenalty(
  tenant: Tenant,
  caller: Caller,
  body: z.output<typeof tutorPenaltyBodySchema>,
) {
  return setPayColumn(
    tenant,
    caller,
    {
      lessonHistoryId: body.lessonHistoryId,
      kind: 'PENALTY',
      denied: 'Only the back-office sets tutor penalties',
    },
    (row) => {
      if (!row.allocatedTutorAmount)
        throw new BadRequestError('This lesson has no allocated amount to penalise');
      return {
        after: {
          ...row,
          tutorPenalty: body.tutorPenalty,
          tutorPenaltyAmount: penaltyAmount(row.allocatedTutorAmount, body.tutorPenalty),
          tutorPenaltyReason: body.tutorPenaltyReason,
        },
        reason: body.tutorPenaltyReason || `Penalty of ${body.tutorPenalty}%`,
      };
    },
  );
}

/** An admin records whether a trial converted, and the tutor's bonus for it ("Trial conversion updated!"). */
export function setTrialConversion(
  tenant: Tenant,
  caller: Caller,
  body: z.output<typeof trialConversionBodySchema>,
) {
  return setPayColumn(
    tenant,
    caller,
    {
      lessonHistoryId: body.lessonHistoryId,
      kind: 'TRIAL_CONVERSION',
      denied: 'Only the back-office records trial conversions',
    },
    (row) => {
      if (row.lessonType !== 'TRIAL') throw new BadRequestError('Only a trial lesson converts');
      const bonus = body.trialConversionAmount
        ? inPayCurrency(body.trialConversionAmount, row, tenant)
        : (row.trialConversionAmount ?? null);
      return {
        after: {
          ...row,
          isTrialConverted: body.isTrialConverted,
          trialConversionStatus: body.trialConversionStatus,
          trialConversionAmount: bonus,
        },
        reason: 'Trial conversion bonus',
      };
    },
  );
}

/** An admin writes a note on a lesson ("Note Created"). */
export function addAdminNote(
  tenant: Tenant,
  caller: Caller,
  id: string,
  body: z.output<typeof adminNoteBodySchema>,
) {
  requireBackOffice(caller, 'Only the back-office writes admin notes');
  return apply(tenant, caller, id, (row) => {
    const notes = row.adminNotes ?? [];
    if (notes.length >= MAX_NOTES) throw new ConflictError(`A lesson keeps at most ${MAX_NOTES} notes`);
    const note = {
      noteId: newId(),
      note: body.note,
      createdBy: caller.user._id,
      createdAt: new Date().toISOString(),
    };
    return { after: { ...row, adminNotes: [...notes, note] }, entries: [] };
  });
}

/** An admin deletes a note ("Note Deleted"); an unknown note is a 404. */
export function deleteAdminNote(tenant: Tenant, caller: Caller, id: string, noteId: string) {
  requireBackOffice(caller, 'Only the back-office deletes admin notes');
  return apply(tenant, caller, id, (row) => {
    const notes = row.adminNotes ?? [];
    if (!notes.some((note) => note.noteId === noteId)) throw new NotFoundError('Note not found');
    return { after: { ...row, adminNotes: notes.filter((note) => note.noteId !== noteId) }, entries: [] };
  });
}
