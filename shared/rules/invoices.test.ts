import { describe, expect, it } from 'vitest';
import {
  editRefusal,
  formatInvoiceNumber,
  parseInvoiceNumber,
  parseLines,
  paymentMismatch,
  paymentRefusal,
  sendRefusal,
} from './invoices';

describe('parseLines', () => {
  it('reads unit prices exactly and totals quantity x price', () => {
    const parsed = parseLines(
      [
        { description: 'Lessons', quantity: 3, unitAmount: 19.99 },
        { description: 'Books', quantity: 1, unitAmount: 0.01 },
      ],
      'USD',
    );
    expect(parsed).toEqual({
      ok: true,
      lines: [
        { description: 'Lessons', quantity: 3, unitAmount: 1999 },
        { description: 'Books', quantity: 1, unitAmount: 1 },
      ],
      total: { minor: 5998, currency: 'USD' },
    });
  });

  it("refuses more decimals than the currency has, naming the line's field", () => {
    expect(parseLines([{ description: 'x', quantity: 1, unitAmount: 12.345 }], 'USD')).toMatchObject({
      ok: false,
      path: ['lineItems', 0, 'unitAmount'],
    });
    expect(parseLines([{ description: 'x', quantity: 2, unitAmount: 12.5 }], 'JPY')).toMatchObject({
      ok: false,
      problem: 'JPY amounts are whole numbers',
    });
  });

  it('refuses a total beyond safe integers rather than losing cents', () => {
    const lines = Array.from({ length: 50 }, () => ({
      description: 'x',
      quantity: 10_000,
      unitAmount: 1_000_000_000,
    }));
    expect(parseLines(lines, 'KWD')).toMatchObject({ ok: false, problem: 'The invoice total is too large' });
  });
});

describe('state rules', () => {
  it('lets only a PENDING invoice be edited or voided', () => {
    expect(editRefusal('PENDING')).toBeUndefined();
    expect(editRefusal('PAID')).toMatch(/paid/);
    expect(editRefusal('VOID')).toMatch(/void/);
  });

  it('lets only a PENDING invoice be paid', () => {
    expect(paymentRefusal('PENDING')).toBeUndefined();
    expect(paymentRefusal('PAID')).toBe('This invoice is already paid');
    expect(paymentRefusal('VOID')).toMatch(/void/);
  });

  it('mails PENDING and PAID invoices, never VOID ones', () => {
    expect(sendRefusal('PENDING')).toBeUndefined();
    expect(sendRefusal('PAID')).toBeUndefined();
    expect(sendRefusal('VOID')).toMatch(/void/);
  });

  it('applies a payment of exactly the total in its currency', () => {
    const total = { minor: 4500, currency: 'USD' } as const;
    expect(paymentMismatch(total, { minor: 4500, currency: 'USD' })).toBeUndefined();
    expect(paymentMismatch(total, { minor: 4499, currency: 'USD' })).toMatch(/4499/);
    expect(paymentMismatch(total, { minor: 4500, currency: 'EUR' })).toMatch(/EUR/);
  });
});

describe('invoice numbers', () => {
  it('print with a prefix and five digits', () => {
    expect(formatInvoiceNumber(42)).toBe('INV-00042');
    expect(formatInvoiceNumber(123456)).toBe('INV-123456');
  });

  it('are read as typed', () => {
    expect(parseInvoiceNumber('42')).toBe(42);
    expect(parseInvoiceNumber('INV-00042')).toBe(42);
    expect(parseInvoiceNumber(' inv42 ')).toBe(42);
    expect(parseInvoiceNumber('0')).toBeUndefined();
    expect(parseInvoiceNumber('INV-4x')).toBeUndefined();
  });
});
