import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { checkedInput } from './use-submit';

const schema = z.object({ name: z.string().min(1, 'Enter the name'), note: z.string() });

describe('checkedInput', () => {
  it('passes parsed input through as the body', () => {
    expect(checkedInput(schema.safeParse({ name: 'Ada', note: '' }))).toEqual({
      ok: true,
      body: { name: 'Ada', note: '' },
    });
  });

  it("refuses with the schema's field errors and the problems found outside it", () => {
    expect(checkedInput(schema.safeParse({ name: '', note: '' }), { amount: 'Enter an amount' })).toEqual({
      ok: false,
      errors: { name: 'Enter the name', amount: 'Enter an amount' },
    });
  });

  it('refuses input the schema takes when a problem outside it is found, and ignores empty ones', () => {
    const parsed = schema.safeParse({ name: 'Ada', note: '' });
    expect(checkedInput(parsed, { amount: 'Enter an amount', tutorId: undefined })).toEqual({
      ok: false,
      errors: { amount: 'Enter an amount' },
    });
    expect(checkedInput(parsed, { amount: undefined }).ok).toBe(true);
  });
});
