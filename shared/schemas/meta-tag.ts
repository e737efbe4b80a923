import * as z from 'zod';
import { cleanSitePath } from '../rules/slug';
import { shortText } from './common';

/**
 * A site path field (meta tags, redirections): cleaned with the slug helper segment by segment
 * (shared/rules/slug.ts), and never the bare root.
 */
export const sitePathField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .max(400, `${label} must be at most 400 characters`)
    .transform(cleanSitePath)
    .refine((path) => path !== '/', `${label} is required`);

/**
 * A page's title and description for search engines and tabs (spec 001 section 7), by site path as the
 * address bar shows it, e.g. `/learning-portal/cambridge-igcse`. One meta tag per path.
 */
export const metaTagInputSchema = z.object({
  path: sitePathField('Path'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  description: z._default(shortText(1000), ''),
});
export type MetaTagInput = z.infer<typeof metaTagInputSchema>;

export const metaTagSchema = z.object({
  _id: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MetaTag = z.infer<typeof metaTagSchema>;

/** The public look-up: the path's title and description, or an empty object when it has none. */
export const metaTagLookupQuerySchema = z.object({ path: z.string().max(400) });
export const metaTagLookupSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
});
export type MetaTagLookup = z.infer<typeof metaTagLookupSchema>;
