import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { type SettingsCategory, settingsCategories } from '../../shared/money/finance';
import { ledgerEntryId, signedMoneyEntry } from '../../shared/money/ledger';
import { type AdjustmentType, signedAmount, toMajor } from '../../shared/money/money';
import { type MoneyDoc, storedMoney } from '../../shared/money/schemas';
import { moneySettings, refusedCurrency } from '../../shared/money/settings';
import { dateFilterRange } from '../../shared/scheduling/date-filters';
import type {
  ManualAdjustment,
  ManualAdjustmentDoc,
  ManualAdjustmentListQuery,
} from '../../shared/schemas/manual-adjustment';
import { isDescending, type Page } from '../../shared/schemas/paging';
import type { Tenant } from '../../shared/schemas/tenant';
import { callerHolds } from '../lib/access';
import { causeId } from '../lib/ids';
import type { Caller } from '../lib/request';
import { ledgerEntryWrite, type NewLedgerEntry } from '../repositories/ledger';
import { manualAdjustmentsRepository } from '../repositories/manual-adjustments';
import { getUser } from '../repositories/users';
import { writeTransaction } from '../table/transactions';

/** The API's form: the positive amount and the signed one, in major units. */
export function presentAdjustment(adjustment: ManualAdjustment): ManualAdjustmentDoc {
  const { amount, ...rest } = adjustment;
  return {
    ...rest,
    amount: toMajor(amount),
    signedAmount: toMajor(signedAmount({ type: adjustment.type, amount })),
    currency: amount.currency,
  };
}

export async function listAdjustments(
  tenant: string,
  query: ManualAdjustmentListQuery,
): Promise<Page<ManualAdjustmentDoc>> {
  const { limit, offset, sort, startDate, endDate, tutorId, category } = query;
  const range = dateFilterRange(startDate, endDate);
  if (!range.ok) throw new BadRequestError(range.message);
  const { from, to } = range;
  const page = await manualAdjustmentsRepository.list(
    tenant,
    { limit, offset, ...(sort && !isDescending(sort) ? { sortKey: 'createdAt', sortValue: sort } : {}) },
    { userId: tutorId, category },
    from !== undefined || to !== undefined ? { range: { order: 'createdAt', from, to } } : {},
  );
  return { ...page, docs: page.docs.map(presentAdjustment) };
}

/**
 * The ledger entry of a user's money adjustment (a student's or a parent's: a tutor's is pay, counted in
 * their pay totals instead): named by the adjustment, so it is written once with it, in its transaction.
 */
export function adjustmentLedgerEntry(adjustment: ManualAdjustment): NewLedgerEntry {
  return {
    _id: ledgerEntryId('ADJUSTMENT', adjustment._id),
    account: { kind: 'MONEY', userId: adjustment.userId },
    kind: 'ADJUSTMENT',
    amount: signedMoneyEntry('ADJUSTMENT', adjustment.amount, adjustment.type),
    cause: adjustment._id,
    description: adjustment.note,
    createdAt: adjustment.createdAt,
  };
}

/**
 * Writes an adjustment once per request key: its id derives from the key and the admin, inserted on the
 * condition it is free, with (for anyone but a tutor) its ledger entry in the same transaction; a retry answers the adjustment written the first time (created: false), a key
 * reused for another adjustment is a 409.
 */
export async function createAdjustment(
  tenant: Tenant,
  caller: Caller,
  input: {
    requestKey: string;
    userId: string;
    category: SettingsCategory;
    type: AdjustmentType;
    amount: MoneyDoc;
    note: string;
    /** A tutor's pay adjustment: the user must be a tutor. */
    tutorOnly: boolean;
  },
): Promise<{ created: boolean; adjustment: ManualAdjustment }> {
  const problem = refusedCurrency(moneySettings(tenant.settings?.money), input.amount.currency);
  if (problem) throw new BadRequestError(problem);
  const user = await getUser(tenant.key, input.userId);
  if (!user || (input.tutorOnly && user.type !== 'tutor')) {
    throw new NotFoundError(input.tutorOnly ? 'Tutor not found' : 'User not found');
  }
  const now = new Date().toISOString();
  const adjustment: ManualAdjustment = {
    _id: `adjustment-${causeId(caller.user._id, input.requestKey)}`,
    category: input.category,
    type: input.type,
    amount: storedMoney(input.amount),
    note: input.note,
    userId: user._id,
    user: { _id: user._id, firstname: user.firstname, lastname: user.lastname, type: user.type },
    createdBy: { _id: caller.user._id, firstname: caller.user.firstname, lastname: caller.user.lastname },
    createdAt: now,
    updatedAt: now,
  };
  const items = [
    ...manualAdjustmentsRepository.insertItems(tenant.key, adjustment),
    ...(user.type === 'tutor' ? [] : ledgerEntryWrite(tenant.key, adjustmentLedgerEntry(adjustment))),
  ];
  try {
    await writeTransaction(items, () => new ConflictError('This adjustment is already written'));
    return { created: true, adjustment };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  const first = await manualAdjustmentsRepository.get(tenant.key, adjustment._id, { consistent: true });
  const same =
    first &&
    first.userId === adjustment.userId &&
    first.type === adjustment.type &&
    first.category === adjustment.category &&
    first.amount.minor === adjustment.amount.minor &&
    first.amount.currency === adjustment.amount.currency;
  if (!first || !same) throw new ConflictError('This request key was already used for another adjustment');
  return { created: false, adjustment: first };
}

/**
 * GET settings/permissions (spec 002: "an admin permissions list is fetched"; its shape is not shown): what
 * the caller may do with adjustments, and the settings categories an adjustment is filed under.
 */
export function adjustmentPermissions(caller: Caller) {
  return {
    canCreate: callerHolds(caller, ['adminSettings'], ['adjustmentsCreate']),
    canView: callerHolds(caller, ['manualAdjustments'], ['view']),
    categories: [...settingsCategories],
  };
}
