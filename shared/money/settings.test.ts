import { describe, expect, it } from 'vitest';
import { moneySettingsDoc, moneySettingsSchema, storedMoneySettings } from './settings';

describe('the premium price in the money settings', () => {
  const base = { defaultCurrency: 'USD' as const, currencies: ['USD' as const, 'SGD' as const] };

  it('is stored in minor units and shown in major ones', () => {
    const stored = storedMoneySettings(
      { ...base, premiumPrice: { amount: 19.9, currency: 'USD' } },
      undefined,
    );
    expect(stored.premiumPrice).toEqual({ minor: 1990, currency: 'USD' });
    expect(moneySettingsDoc(stored).premiumPrice).toEqual({ amount: 19.9, currency: 'USD' });
  });

  it('is kept by a save that leaves it out, taken off sale by null, dropped with its currency', () => {
    const before = { ...base, premiumPrice: { minor: 1990, currency: 'SGD' as const } };
    expect(storedMoneySettings(base, before).premiumPrice).toEqual(before.premiumPrice);
    expect(storedMoneySettings({ ...base, premiumPrice: null }, before).premiumPrice).toBeUndefined();
    expect(
      storedMoneySettings({ defaultCurrency: 'USD', currencies: ['USD'] }, before).premiumPrice,
    ).toBeUndefined();
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
