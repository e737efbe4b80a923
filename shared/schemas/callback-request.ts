import * as z from 'zod';
import { isValidEmail, normalizeEmail } from '../rules/email';
import { timeZoneSchema } from './availability';

/** Spec 000 section 8 and 002: the answer to a callback request. */
export const CALLBACK_REQUESTED_MESSAGE =
  'Thank you for requesting callback. Our team will reach out to you shortly';

/** A phone number as people type it: digits with spaces, dashes, dots, brackets and a leading +. */
const PHONE_PATTERN = /^\+?[0-9 ().-]{6,24}$/;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * What a visitor or student leaves when no tutor has a free time for what they want: a name, an e-mail
 * address or a phone number (at least one), a note, and what they were trying to book.
 */
export const callbackRequestInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    email: z
      .string()
      .max(254)
      .transform(normalizeEmail)
      .refine((email) => email === '' || isValidEmail(email), 'Please enter a valid email address')
      .optional(),
    phone: z
      .string()
      .trim()
      .max(32)
      .refine((phone) => phone === '' || PHONE_PATTERN.test(phone), 'Please enter a valid phone number')
      .optional(),
    note: optionalText(1000),
    curriculum: optionalText(100),
    subject: optionalText(100),
    grade: optionalText(100),
    /** The course a student was booking a lesson in. */
    courseId: optionalText(64),
    deviceTimezone: timeZoneSchema.optional(),
  })
  .strict()
  .refine((input) => Boolean(input.email || input.phone), {
    message: 'Leave an email address or a phone number',
    path: ['email'],
  });
export type CallbackRequestInput = z.input<typeof callbackRequestInputSchema>;
export type CallbackRequestBody = z.output<typeof callbackRequestInputSchema>;

export const callbackRequestStatuses = ['NEW', 'CONTACTED'] as const;

export const callbackRequestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  note: z.string().optional(),
  curriculum: z.string().optional(),
  subject: z.string().optional(),
  grade: z.string().optional(),
  courseId: z.string().optional(),
  timezone: z.string().optional(),
  /** The signed-in user who asked, when there was one. */
  userId: z.string().optional(),
  status: z.enum(callbackRequestStatuses),
  createdAt: z.string(),
});
export type CallbackRequest = z.infer<typeof callbackRequestSchema>;
