import * as z from 'zod/mini';
import { isValidEmail, normalizeEmail } from '../rules/email';
import './zod-english';

/** Bounded strings everywhere: no field accepts unbounded text. */
export const shortText = (max = 200) => z.string().check(z.trim(), z.maxLength(max));
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

export const emailSchema = z
  .pipe(
    z.string({ error: 'Email is required' }).check(z.maxLength(254, 'Email is too long')),
    z.transform(normalizeEmail),
  )
  .check(z.refine(isValidEmail, 'Please enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(8, 'Password must be at least 8 characters'),
    z.maxLength(128, 'Password must be at most 128 characters'),
  );

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
