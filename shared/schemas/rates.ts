import * as z from 'zod';
import { inclusionModes, rateRuleBases, rateRuleOperators } from '../rules/rate-versions';
import { isIanaTimeZone } from '../rules/time-zone';
import { catalogueStatusSchema } from './price-catalogue';

/**
 * The four rate-type resources of spec 002 section 7: one-to-one tutor rate student types and group tutor
 * rate course types (named kinds that tutor rates are set per), and student flexible and subscription rate
 * versions (the effective-dated terms that student rates belong to; shared/rules/rate-versions.ts).
 */

const recordFields = { _id: z.string(), createdAt: z.string(), updatedAt: z.string() };
const nameSchema = z.string().trim().min(1, 'Enter a name').max(100, 'The name is at most 100 characters');
const descriptionSchema = z.string().trim().max(1000, 'The description is at most 1000 characters');

// ---- rate types ---------------------------------------------------------------------------------------

export const rateTypeInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  status: catalogueStatusSchema.default('ACTIVE'),
});
export const rateTypeSchema = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
  status: catalogueStatusSchema,
});
export type RateType = z.infer<typeof rateTypeSchema>;
export type RateTypeInput = z.input<typeof rateTypeInputSchema>;

// ---- rate versions -------------------------------------------------------------------------------------

const instantSchema = z.iso.datetime({ offset: true, error: 'Give a date and time with its offset' });
/** Stored and shown in UTC (`toISOString`), so instants compare as text too. */
const utcInstant = instantSchema.transform((value) => new Date(value).toISOString());

export const rateRuleSchema = z.object({
  basis: z.enum(rateRuleBases),
  operator: z.enum(rateRuleOperators),
  date: z.iso.date({ error: 'The rule date is a day, YYYY-MM-DD' }),
  timeZone: z
    .string()
    .max(64)
    .refine(isIanaTimeZone, { error: 'The time zone is an IANA zone such as Asia/Singapore' }),
});

export const MAX_INCLUDED_USERS = 1000;
export const inclusionSchema = z.object({
  mode: z.enum(inclusionModes),
  userIds: z
    .array(z.string().min(1).max(64))
    .max(MAX_INCLUDED_USERS, `At most ${MAX_INCLUDED_USERS} users`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each user is listed once')
    .default([]),
});

export const rateVersionInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  effectiveFrom: utcInstant,
  /** Open-ended when absent or null. */
  effectiveTo: utcInstant.nullable().optional(),
  /** No rule: the version applies by its dates and inclusion alone. */
  rule: rateRuleSchema.nullable().optional(),
  inclusion: inclusionSchema.default({ mode: 'ALL', userIds: [] }),
});
export const rateVersionSchema = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable().optional(),
  rule: rateRuleSchema.nullable().optional(),
  inclusion: z.object({ mode: z.enum(inclusionModes), userIds: z.array(z.string()) }),
});
export type RateVersion = z.infer<typeof rateVersionSchema>;
export type RateVersionInput = z.input<typeof rateVersionInputSchema>;
