import * as z from 'zod';
import { isValidEmail, normalizeEmail } from '../rules/email';

/** Bounded strings everywhere: no field accepts unbounded text. */
export const shortText = (max = 200) => z.string().trim().max(max);
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .max(254, 'Email is too long')
  .transform(normalizeEmail)
  .refine(isValidEmail, 'Please enter a valid email address');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const idSchema = z.string().min(1).max(64);
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
