import { expect, it } from 'vitest';
import { signUpBodySchema } from '../../../shared/schemas/user';
import { fieldErrors } from './form-errors';

it('keeps the first message of each failing field', () => {
  const result = signUpBodySchema.safeParse({ firstname: '', lastname: 'L', email: 'nope', password: 'x' });
  expect(result.success).toBe(false);
  if (result.success) return;
  expect(fieldErrors(result.error)).toEqual({
    firstname: 'First name is required',
    email: 'Please enter a valid email address',
    password: 'Password must be at least 8 characters',
  });
});
