import { describe, expect, it } from 'vitest';
import { bankDetailsInputSchema, maskAccountNumber } from './bank-details';

const valid = {
  accountHolderName: 'Ada Tan',
  bankName: 'DBS',
  accountNumber: '012-345 6789',
  routingCode: 'dbss sg sg',
  country: 'sg',
};

const messages = (input: unknown) => {
  const parsed = bankDetailsInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('bankDetailsInputSchema', () => {
  it('keeps letters and digits, read without spaces and hyphens', () => {
    expect(bankDetailsInputSchema.parse(valid)).toEqual({
      accountHolderName: 'Ada Tan',
      bankName: 'DBS',
      accountNumber: '0123456789',
      routingCode: 'DBSSSGSG',
      country: 'SG',
    });
    expect(
      bankDetailsInputSchema.parse({ ...valid, accountNumber: 'GB82 WEST 1234 5698 7654 32' }).accountNumber,
    ).toBe('GB82WEST12345698765432');
  });

  it('says what is wrong in words', () => {
    expect(messages({ ...valid, accountHolderName: ' ' })).toEqual(['Account holder name is required']);
    expect(messages({ ...valid, accountNumber: '12' })).toEqual([
      'Account number must be 4 to 34 letters or digits (an IBAN is accepted)',
    ]);
    expect(messages({ ...valid, accountNumber: '12#4567' })).toHaveLength(1);
    expect(messages({ ...valid, routingCode: '' })).toEqual(['Routing, sort or SWIFT code is required']);
    expect(messages({ ...valid, routingCode: '12-34' })).toEqual([
      'Routing, sort or SWIFT code must be 6 to 11 letters or digits',
    ]);
    expect(messages({ ...valid, country: 'Atlantis' })).toEqual(['Choose a country from the list']);
    expect(messages({ ...valid, bankName: undefined })).toEqual(['Bank name is required']);
  });
});

describe('maskAccountNumber', () => {
  it('shows only the last four', () => {
    expect(maskAccountNumber('0123456789')).toBe('•••• 6789');
  });
});
