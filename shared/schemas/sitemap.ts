import * as z from 'zod';

export const sitemapStatuses = ['RUNNING', 'COMPLETED', 'FAILED'] as const;
export type SitemapStatus = (typeof sitemapStatuses)[number];

/**
 * Why a generation started: an admin's request (POST, spec 001 section 7), the daily schedule, a tenant's
 * creation (its first sitemap), or its catalogue's changes once they have settled.
 */
export const sitemapTriggers = ['admin', 'schedule', 'tenantCreated', 'catalogueChanged'] as const;
export type SitemapTrigger = (typeof sitemapTriggers)[number];

/** One sitemap generation. */
export const sitemapGenerationSchema = z.object({
  _id: z.string(),
  status: z.enum(sitemapStatuses),
  trigger: z.enum(sitemapTriggers),
  requestedBy: z.string().optional(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  urlCount: z.number().optional(),
  /** The files written: `sitemap.xml`, plus `sitemap-N.xml` when it is an index. */
  files: z.array(z.string()).optional(),
  /** The public address of the sitemap. */
  url: z.string().optional(),
  error: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SitemapGeneration = z.infer<typeof sitemapGenerationSchema>;
