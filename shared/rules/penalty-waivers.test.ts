import { describe, expect, it } from 'vitest';
import { money } from '../money/money';
import { decideAppeal, decideAppealResponse, waiverEffect } from './penalty-waivers';

const amount = money('12.50', 'USD');

describe('waiverEffect', () => {
  it('is the signed amount, and nothing once an appeal lifted it', () => {
    expect(waiverEffect({ type: 'DEDUCTION', amount })).toEqual(money('-12.50', 'USD'));
    expect(waiverEffect({ type: 'ADDITION', amount })).toEqual(amount);
    expect(waiverEffect({ type: 'DEDUCTION', amount, appealStatus: 'PENDING' })).toEqual(
      money('-12.50', 'USD'),
    );
    expect(waiverEffect({ type: 'DEDUCTION', amount, appealStatus: 'REJECTED' })).toEqual(
      money('-12.50', 'USD'),
    );
    expect(waiverEffect({ type: 'DEDUCTION', amount, appealStatus: 'ACCEPTED' })).toEqual(money('0', 'USD'));
  });
});

describe('appeals', () => {
  it('a deduction is appealed once', () => {
    expect(decideAppeal({ type: 'DEDUCTION' })).toEqual({ ok: true });
    expect(decideAppeal({ type: 'ADDITION' })).toMatchObject({ ok: false, status: 400 });
    expect(decideAppeal({ type: 'DEDUCTION', appealStatus: 'REJECTED' })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('an appeal is answered once, while pending', () => {
    expect(decideAppealResponse({ appealStatus: 'PENDING' })).toEqual({ ok: true });
    expect(decideAppealResponse({})).toMatchObject({ ok: false, status: 400 });
    expect(decideAppealResponse({ appealStatus: 'ACCEPTED' })).toMatchObject({ ok: false, status: 409 });
  });
});
