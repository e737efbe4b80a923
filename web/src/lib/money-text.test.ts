import { describe, expect, it } from 'vitest';
import { creditsText, ledgerChangeText, minutesText, moneyText } from './money-text';

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

describe('creditsText', () => {
  it('counts credits in words, signed only when asked', () => {
    expect(creditsText(1)).toBe('1 credit');
    expect(creditsText(0)).toBe('0 credits');
    expect(creditsText(3, { signed: true })).toBe('+3 credits');
    expect(creditsText(-1, { signed: true })).toBe('-1 credit');
  });
});

describe('minutesText', () => {
  it('counts lesson minutes, in hours when whole hours, signed only when asked', () => {
    expect(minutesText(1)).toBe('1 minute');
    expect(minutesText(0)).toBe('0 minutes');
    expect(minutesText(45)).toBe('45 minutes');
    expect(minutesText(60)).toBe('1 hour');
    expect(minutesText(90)).toBe('90 minutes');
    expect(minutesText(600, { signed: true })).toBe('+10 hours');
    expect(minutesText(-45, { signed: true })).toBe('-45 minutes');
    expect(minutesText(-60)).toBe('-1 hour');
  });
});

describe('ledgerChangeText', () => {
  it("shows a lesson-minute entry's signed minutes", () => {
    expect(ledgerChangeText({ minutes: 600 })).toBe('+10 hours');
    expect(ledgerChangeText({ minutes: -45 })).toBe('-45 minutes');
  });

  it("shows an entry's money, else its signed credits, else a dash", () => {
    expect(ledgerChangeText({ amount: { amount: 45, currency: 'USD' } })).toBe('USD 45.00');
    expect(ledgerChangeText({ amount: { amount: 45, currency: 'USD' } }, { signed: true })).toBe(
      'USD +45.00',
    );
    expect(ledgerChangeText({ credits: 4 })).toBe('+4 credits');
    expect(ledgerChangeText({})).toBe('-');
  });
});
