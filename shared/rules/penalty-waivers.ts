import { type Money, signedAmount, zero } from '../money/money';
import type { AppealStatus, PenaltyWaiver } from '../schemas/penalty-waiver';

/**
 * What a waiver changes the tutor's pay by: its signed amount (a deduction negative), or nothing once an
 * appeal was accepted (the penalty is lifted; the record stays, append-only, with its amount as charged).
 */
export function waiverEffect(waiver: Pick<PenaltyWaiver, 'type' | 'amount' | 'appealStatus'>): Money {
  if (waiver.appealStatus === 'ACCEPTED') return zero(waiver.amount.currency);
  return signedAmount({ type: waiver.type, amount: waiver.amount });
}

export type AppealDecision = { ok: true } | { ok: false; status: 400 | 409; message: string };

/**
 * A tutor appeals a penalty once: only a deduction (an addition gives money, there is nothing to appeal),
 * and only one never appealed (a rejected appeal is final; a second one is a 409).
 */
export function decideAppeal(waiver: Pick<PenaltyWaiver, 'type' | 'appealStatus'>): AppealDecision {
  if (waiver.type !== 'DEDUCTION') {
    return { ok: false, status: 400, message: 'Only a deduction can be appealed' };
  }
  if (waiver.appealStatus !== undefined) {
    return { ok: false, status: 409, message: 'This penalty was already appealed' };
  }
  return { ok: true };
}

/** An admin answers an appeal once, while it is PENDING. */
export function decideAppealResponse(waiver: { appealStatus?: AppealStatus | undefined }): AppealDecision {
  if (waiver.appealStatus === undefined) {
    return { ok: false, status: 400, message: 'This penalty has no appeal to answer' };
  }
  if (waiver.appealStatus !== 'PENDING') {
    return { ok: false, status: 409, message: 'This appeal was already answered. Reload to see it.' };
  }
  return { ok: true };
}
