import { describe, expect, it } from 'vitest';
import { moneyText } from './money-text';

describe('moneyText', () => {
  it('shows the currency and exactly its decimals', () => {
    expect(moneyText({ amount: 450, currency: 'USD' })).toBe('USD 450.00');
    expect(moneyText({ amount: 599.5, currency: 'SGD' })).toBe('SGD 599.50');
    expect(moneyText({ amount: 1250, currency: 'JPY' })).toBe('JPY 1250');
    expect(moneyText(undefined)).toBe('-');
  });
});

describe('moneyText of a signed amount', () => {
  it('puts the minus after the currency, and a plus only when asked', () => {
    expect(moneyText({ amount: -12.5, currency: 'USD' })).toBe('USD -12.50');
    expect(moneyText({ amount: 12.5, currency: 'USD' }, { signed: true })).toBe('USD +12.50');
    expect(moneyText({ amount: 0, currency: 'USD' }, { signed: true })).toBe('USD 0.00');
  });
});
