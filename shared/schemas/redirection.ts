import * as z from 'zod';
import { absoluteUrl, isValidUrl } from '../rules/url';
import { sitePathField } from './meta-tag';

export const redirectStatusCodes = [301, 302] as const;

/**
 * Where a redirection sends the browser: a path on the same site (`/learning-portal/new`), or a URL that
 * passes the URL check of spec 001 section 5 (stored with `https://` when given without a scheme).
 * Kept under 900 characters so the edge store's 1 KB value holds it.
 */
const targetField = z
  .string({ error: 'Target is required' })
  .trim()
  .min(1, 'Target is required')
  .max(900, 'Target must be at most 900 characters')
  .refine((to) => (to.startsWith('/') ? !/[\s<>"]/.test(to) && !to.startsWith('//') : isValidUrl(to)), {
    message: 'Target must be a path starting with / or a valid URL',
  })
  .transform((to) => (to.startsWith('/') ? to : absoluteUrl(to)));

/**
 * A redirection (spec 001 section 7): the browser asking for `from` (a site path, cleaned with the slug
 * helper) is sent to `to`, permanently (301, the default) or temporarily (302). `from` is unique per tenant.
 */
export const redirectionInputSchema = z.object({
  from: sitePathField('From path'),
  to: targetField,
  statusCode: z
    .union([z.literal(301), z.literal(302)], { error: 'Status code must be 301 or 302' })
    .default(301),
});
export type RedirectionInput = z.infer<typeof redirectionInputSchema>;

export const redirectionSchema = z.object({
  _id: z.string(),
  from: z.string(),
  to: z.string(),
  statusCode: z.union([z.literal(301), z.literal(302)]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Redirection = z.infer<typeof redirectionSchema>;
