import { describe, expect, it } from 'vitest';
import { caseInsensitiveNameKey } from './names';

describe('caseInsensitiveNameKey', () => {
  it('reads names that differ only in case or spacing as one', () => {
    const key = caseInsensitiveNameKey('Receptionist');
    expect(caseInsensitiveNameKey('receptionist')).toBe(key);
    expect(caseInsensitiveNameKey('  RECEPTIONIST ')).toBe(key);
    expect(caseInsensitiveNameKey('Front  desk')).toBe(caseInsensitiveNameKey('front desk'));
    // Full-width letters are the same letters (NFKC).
    expect(caseInsensitiveNameKey('Ｒeceptionist')).toBe(key);
  });

  it('keeps names apart that differ in anything else', () => {
    expect(caseInsensitiveNameKey('Receptionist 2')).not.toBe(caseInsensitiveNameKey('Receptionist'));
    expect(caseInsensitiveNameKey('Front-desk')).not.toBe(caseInsensitiveNameKey('Front desk'));
  });
});
