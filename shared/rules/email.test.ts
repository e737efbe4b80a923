import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from './email';

describe('e-mail rule', () => {
  it('accepts ordinary addresses regardless of case', () => {
    expect(isValidEmail('Ada.Lovelace+maths@Example.COM')).toBe(true);
    expect(normalizeEmail('  Ada@Example.com ')).toBe('ada@example.com');
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@@example.com', 'a da@example.com'])(
    'rejects %j',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );

  it('rejects addresses longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });
});
