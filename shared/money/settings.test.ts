import { describe, expect, it } from 'vitest';
import { moneySettingsChange, moneySettingsDoc, moneySettingsSchema } from './settings';

describe('the premium price in the money settings', () => {
  const base = { defaultCurrency: 'USD' as const, currencies: ['USD' as const, 'SGD' as const] };

  it('is stored in minor units and shown in major ones', () => {
    const change = moneySettingsChange({ ...base, premiumPrice: { amount: 19.9, currency: 'USD' } });
    expect(change.premiumPrice).toEqual({ minor: 1990, currency: 'USD' });
    expect(
      moneySettingsDoc({ ...base, premiumPrice: { minor: 1990, currency: 'USD' } }).premiumPrice,
    ).toEqual({
      amount: 19.9,
      currency: 'USD',
    });
  });

  it('is changed only by a save that names it: null takes it off sale, absent leaves it alone', () => {
    expect(moneySettingsChange({ ...base, premiumPrice: null })).toEqual({ ...base, premiumPrice: null });
    expect(moneySettingsChange(base)).toEqual(base);
    expect('premiumPrice' in moneySettingsChange(base)).toBe(false);
  });

  it('refuses a price that is not money the school takes', () => {
    const refused = [
      { amount: 0, currency: 'USD' },
      { amount: -1, currency: 'USD' },
      { amount: 1.005, currency: 'USD' },
      { amount: 5, currency: 'EUR' },
    ];
    for (const premiumPrice of refused) {
      expect(
        moneySettingsSchema.safeParse({ ...base, premiumPrice }).success,
        JSON.stringify(premiumPrice),
      ).toBe(false);
    }
    expect(
      moneySettingsSchema.safeParse({ ...base, premiumPrice: { amount: 5, currency: 'SGD' } }).success,
    ).toBe(true);
  });
});
