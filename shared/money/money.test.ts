import { describe, expect, it } from 'vitest';
import { currencyCodes, isCurrencyCode, minorDigits } from './currencies';
import {
  add,
  applyAdjustments,
  CurrencyMismatchError,
  compare,
  displayMoney,
  formatMajor,
  fromMajor,
  type Money,
  money,
  scale,
  signedAmount,
  subtract,
  sum,
  toMajor,
} from './money';

const usd = (minor: number): Money => ({ minor, currency: 'USD' });

describe('the currency list', () => {
  it('starts with USD, has about 130 codes, each once, each three capitals', () => {
    expect(currencyCodes[0]).toBe('USD');
    expect(currencyCodes.length).toBeGreaterThanOrEqual(130);
    expect(new Set(currencyCodes).size).toBe(currencyCodes.length);
    for (const code of currencyCodes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('knows the minor digits of ISO 4217', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KRW')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('OMR')).toBe(3);
    expect(minorDigits('SGD')).toBe(2);
  });

  it('agrees with the engine (ICU) on the digits of every currency whose ISO digits ICU keeps', () => {
    // ICU formats these with no decimals (their coins are out of use), while ISO 4217 and the card provider
    // still count them in hundredths: the list follows ISO, and these are the only differences.
    const icuShowsNone = new Set([
      'AFN',
      'ALL',
      'COP',
      'HUF',
      'IDR',
      'LAK',
      'LBP',
      'MGA',
      'MMK',
      'PKR',
      'SOS',
      'YER',
    ]);
    const disagreements = currencyCodes.filter((code) => {
      if (icuShowsNone.has(code)) return minorDigits(code) !== 2;
      const icu = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
      return icu !== minorDigits(code);
    });
    expect(disagreements).toEqual([]);
  });

  it('tells a known code from anything else', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XXX')).toBe(false);
  });
});

describe('reading amounts at the API boundary', () => {
  it('reads decimals digit by digit, never through float multiplication', () => {
    expect(fromMajor(19.99, 'USD')).toEqual({ ok: true, money: usd(1999) });
    expect(fromMajor(1.005, 'KWD')).toEqual({ ok: true, money: { minor: 1005, currency: 'KWD' } });
    expect(fromMajor(0.29, 'USD')).toEqual({ ok: true, money: usd(29) });
    expect(fromMajor(1.1, 'USD')).toEqual({ ok: true, money: usd(110) });
    expect(fromMajor('12.5', 'USD')).toEqual({ ok: true, money: usd(1250) });
    expect(fromMajor(' 7 ', 'USD')).toEqual({ ok: true, money: usd(700) });
    expect(fromMajor(1250, 'JPY')).toEqual({ ok: true, money: { minor: 1250, currency: 'JPY' } });
    expect(fromMajor(0, 'USD')).toEqual({ ok: true, money: usd(0) });
    expect(fromMajor(-0, 'USD')).toEqual({ ok: true, money: usd(0) });
    expect(fromMajor('-0.00', 'USD')).toEqual({ ok: true, money: usd(0) });
    expect(fromMajor(-3.5, 'USD')).toEqual({ ok: true, money: usd(-350) });
  });

  it('refuses more decimals than the currency has, and float accidents, instead of rounding them', () => {
    expect(fromMajor(12.345, 'USD')).toMatchObject({
      ok: false,
      problem: 'USD amounts have at most 2 decimals',
    });
    expect(fromMajor(0.1 + 0.2, 'USD')).toMatchObject({ ok: false });
    expect(fromMajor(10.5, 'JPY')).toMatchObject({ ok: false, problem: 'JPY amounts are whole numbers' });
    expect(fromMajor(1.0001, 'BHD')).toMatchObject({
      ok: false,
      problem: 'BHD amounts have at most 3 decimals',
    });
  });

  it('refuses what is not a plain decimal or is out of bounds', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1e-7, 1_000_000_000.01, 2e9]) {
      expect(fromMajor(bad, 'USD').ok, String(bad)).toBe(false);
    }
    for (const bad of ['', '1e3', '1,000', '0x10', '.5', '5.', '+5', 'twelve', '١٢']) {
      expect(fromMajor(bad, 'USD').ok, bad).toBe(false);
    }
    expect(fromMajor(1_000_000_000, 'USD')).toEqual({ ok: true, money: usd(100_000_000_000) });
    expect(fromMajor('0001000000000.000', 'BHD').ok).toBe(true);
  });

  it('shows minor units as major units with exactly the currency digits', () => {
    expect(formatMajor(usd(1250))).toBe('12.50');
    expect(formatMajor(usd(5))).toBe('0.05');
    expect(formatMajor(usd(-5))).toBe('-0.05');
    expect(formatMajor(usd(0))).toBe('0.00');
    expect(formatMajor({ minor: 1250, currency: 'JPY' })).toBe('1250');
    expect(formatMajor({ minor: 1250, currency: 'BHD' })).toBe('1.250');
    expect(toMajor(usd(1999))).toBe(19.99);
    expect(displayMoney(usd(123456))).toBe('USD 1234.56');
  });

  it('round-trips every amount of every currency through the API number (property over all currencies)', () => {
    // A deterministic sample: edges and a spread of amounts across the range, for each currency's digits.
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (const currency of currencyCodes) {
      const digits = minorDigits(currency);
      const max = 1_000_000_000 * 10 ** digits;
      const samples = [0, 1, 9, 10, 99, 100, 101, 999, 1001, max - 1, max];
      for (let i = 0; i < 200; i += 1) samples.push((next() * 7919 + next()) % max);
      for (const minor of samples) {
        for (const signed of [minor, -minor]) {
          const amount: Money = { minor: signed === 0 ? 0 : signed, currency };
          expect(fromMajor(toMajor(amount), currency)).toEqual({ ok: true, money: amount });
          expect(fromMajor(formatMajor(amount), currency)).toEqual({ ok: true, money: amount });
        }
      }
    }
  });
});

describe('arithmetic', () => {
  it('adds, subtracts and sums exactly within one currency', () => {
    expect(add(usd(10), usd(20))).toEqual(usd(30));
    expect(subtract(usd(10), usd(25))).toEqual(usd(-15));
    // Ten times 0.10 is 1.00 exactly (in floats it is 0.9999999999999999).
    expect(
      sum(
        Array.from({ length: 10 }, () => money(0.1, 'USD')),
        'USD',
      ),
    ).toEqual(usd(100));
    expect(sum([], 'EUR')).toEqual({ minor: 0, currency: 'EUR' });
    expect(compare(usd(5), usd(7))).toBe(-1);
  });

  it('refuses to mix currencies', () => {
    const eur: Money = { minor: 1, currency: 'EUR' };
    expect(() => add(usd(1), eur)).toThrow(CurrencyMismatchError);
    expect(() => sum([usd(1), eur], 'USD')).toThrow('Cannot combine amounts in USD and EUR');
    expect(() => sum([eur], 'USD')).toThrow(CurrencyMismatchError);
    expect(() => compare(usd(1), eur)).toThrow(CurrencyMismatchError);
  });

  it('scales with halves rounded away from zero, in integers', () => {
    expect(scale(usd(1000), 1, 3)).toEqual(usd(333));
    expect(scale(usd(1000), 2, 3)).toEqual(usd(667));
    expect(scale(usd(5), 1, 2)).toEqual(usd(3));
    expect(scale(usd(-5), 1, 2)).toEqual(usd(-3));
    expect(scale(usd(2500), 45, 60)).toEqual(usd(1875));
    expect(scale(usd(Number.MAX_SAFE_INTEGER), 1, 1)).toEqual(usd(Number.MAX_SAFE_INTEGER));
    expect(() => scale(usd(Number.MAX_SAFE_INTEGER), 2, 1)).toThrow('too large');
    expect(() => scale(usd(1), 1, 0)).toThrow();
  });

  it('signs adjustments: an addition adds, a deduction subtracts', () => {
    expect(signedAmount({ type: 'ADDITION', amount: usd(500) })).toEqual(usd(500));
    expect(signedAmount({ type: 'DEDUCTION', amount: usd(500) })).toEqual(usd(-500));
    expect(signedAmount({ type: 'DEDUCTION', amount: usd(0) })).toEqual(usd(0));
    expect(() => signedAmount({ type: 'ADDITION', amount: usd(-1) })).toThrow();
    expect(
      applyAdjustments(usd(10_000), [
        { type: 'ADDITION', amount: usd(250) },
        { type: 'DEDUCTION', amount: usd(1_000) },
      ]),
    ).toEqual(usd(9_250));
    expect(() =>
      applyAdjustments(usd(0), [{ type: 'ADDITION', amount: { minor: 1, currency: 'SGD' } }]),
    ).toThrow(CurrencyMismatchError);
  });
});
