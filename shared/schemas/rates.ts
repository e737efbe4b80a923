import * as z from 'zod';
import { moneyInputSchema, moneySchema, storedMoneySchema } from '../money/schemas';
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
  /** How many tutor rates name the type: moved in each tutor rate write's transaction. */
  rates: z.number().optional(),
  /**
   * How many students (a student type) or group courses (a course type) are assigned the type: moved in the
   * transaction of each assignment.
   */
  assigned: z.number().optional(),
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
  /** How many student rates belong to the version: moved in each rate write's transaction. */
  rates: z.number().optional(),
});
export type RateVersion = z.infer<typeof rateVersionSchema>;
export type RateVersionInput = z.input<typeof rateVersionInputSchema>;

// ---- student rates -------------------------------------------------------------------------------------

/**
 * A student rate (spec 002 "Student flexible rates and student subscription rates"): what a plan (the
 * "package") costs under one rate version, for students of a country, curriculum and grade. An empty
 * country, curriculum or grade is "any". A rate version and a plan count their rates and are not deleted
 * while they have any.
 */
const scopeField = z.string().trim().max(100).default('');
export const studentRate = {
  input: z.object({
    versionId: z.string().min(1, 'Choose a rate version').max(64),
    packageId: z.string().min(1, 'Choose a plan').max(64),
    country: scopeField,
    curriculum: scopeField,
    grade: scopeField,
    price: moneyInputSchema,
  }),
  stored: z.object({
    ...recordFields,
    versionId: z.string(),
    packageId: z.string(),
    country: z.string(),
    curriculum: z.string(),
    grade: z.string(),
    price: storedMoneySchema,
  }),
};
export const studentRateDocSchema = studentRate.stored.extend({ price: moneySchema });
export type StoredStudentRate = z.infer<typeof studentRate.stored>;
export type StudentRate = z.infer<typeof studentRateDocSchema>;
export type StudentRateBody = z.output<typeof studentRate.input>;
export const studentRateFilters = {
  packageId: z.string().max(64).optional(),
  country: z.string().max(100).optional(),
  curriculum: z.string().max(100).optional(),
  grade: z.string().max(100).optional(),
};
/** Spec 002: the per-user look-up takes userId, curriculum and grade. */
export const studentRateLookup = {
  userId: z.string().max(64).optional(),
  curriculum: z.string().max(100).optional(),
  grade: z.string().max(100).optional(),
};

// ---- tutor rates ---------------------------------------------------------------------------------------

/**
 * A tutor rate (spec 002 "One-to-one tutor rates" and "Group tutor rates"): an hourly amount for tutors of a
 * country teaching students of a country, of a kind (a one-to-one rate's student type, a group rate's course
 * type: ids of the rate-type resources), curriculum and grade, each "any" when empty, in force over a period
 * (effectiveFrom inclusive, effectiveTo exclusive or open). Which rate pays a lesson is
 * shared/rules/tutor-rates.ts. A rate type counts the rates that name it and is not deleted while any do.
 */
const tutorRateFields = {
  tutorCountry: scopeField,
  studentCountry: scopeField,
  curriculum: scopeField,
  grade: scopeField,
  effectiveFrom: utcInstant,
  effectiveTo: utcInstant.nullable().optional(),
};
const storedTutorRateFields = {
  ...recordFields,
  tutorCountry: z.string(),
  studentCountry: z.string(),
  curriculum: z.string(),
  grade: z.string(),
  rate: storedMoneySchema,
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable().optional(),
};
const kindId = z.string().trim().max(64).default('');

export const oneToOneTutorRate = {
  input: z.object({ ...tutorRateFields, studentType: kindId, rate: moneyInputSchema }),
  stored: z.object({ ...storedTutorRateFields, studentType: z.string() }),
};
export const groupTutorRate = {
  input: z.object({ ...tutorRateFields, courseType: kindId, rate: moneyInputSchema }),
  stored: z.object({ ...storedTutorRateFields, courseType: z.string() }),
};
export const oneToOneTutorRateDocSchema = oneToOneTutorRate.stored.extend({ rate: moneySchema });
export const groupTutorRateDocSchema = groupTutorRate.stored.extend({ rate: moneySchema });
export type StoredOneToOneTutorRate = z.infer<typeof oneToOneTutorRate.stored>;
export type StoredGroupTutorRate = z.infer<typeof groupTutorRate.stored>;
export type OneToOneTutorRate = z.infer<typeof oneToOneTutorRateDocSchema>;
export type GroupTutorRate = z.infer<typeof groupTutorRateDocSchema>;
export type OneToOneTutorRateBody = z.output<typeof oneToOneTutorRate.input>;
export type GroupTutorRateBody = z.output<typeof groupTutorRate.input>;

const countryFilter = z.string().max(100).optional();
export const oneToOneTutorRateFilters = {
  tutorCountry: countryFilter,
  studentCountry: countryFilter,
  studentType: z.string().max(64).optional(),
};
export const groupTutorRateFilters = {
  ...oneToOneTutorRateFilters,
  courseType: z.string().max(64).optional(),
};

/**
 * A tutor's own rates (set by an admin on the tutor's account; spec 002 "Admin user rates"): the same terms
 * without the tutor's country, overriding the general rates for that tutor. The whole list is saved at
 * once; the last whole save stands.
 */
export const MAX_OWN_RATES = 50;
const ownRateFields = {
  studentCountry: scopeField,
  curriculum: scopeField,
  grade: scopeField,
  rate: moneyInputSchema,
  effectiveFrom: utcInstant,
  effectiveTo: utcInstant.nullable().optional(),
};
export const ownOneToOneRatesBodySchema = z
  .object({
    rates: z
      .array(z.object({ ...ownRateFields, studentType: kindId }).strict())
      .max(MAX_OWN_RATES, `At most ${MAX_OWN_RATES} rates`),
  })
  .strict();
export const ownGroupRatesBodySchema = z
  .object({
    rates: z
      .array(z.object({ ...ownRateFields, courseType: kindId }).strict())
      .max(MAX_OWN_RATES, `At most ${MAX_OWN_RATES} rates`),
  })
  .strict();
const ownRateDoc = {
  _id: z.string(),
  createdAt: z.string(),
  studentCountry: z.string(),
  curriculum: z.string(),
  grade: z.string(),
  rate: moneySchema,
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable().optional(),
};
export const ownOneToOneRateDocSchema = z.object({ ...ownRateDoc, studentType: z.string() });
export const ownGroupRateDocSchema = z.object({ ...ownRateDoc, courseType: z.string() });
export const ownOneToOneRatesSchema = z.object({
  userId: z.string(),
  docs: z.array(ownOneToOneRateDocSchema),
  updatedAt: z.string().nullable(),
});
export const ownGroupRatesSchema = z.object({
  userId: z.string(),
  docs: z.array(ownGroupRateDocSchema),
  updatedAt: z.string().nullable(),
});

/** The rates that apply to a tutor now: their own, and the general ones for their country. */
export const tutorRatesOfUserSchema = <Own extends z.ZodType, General extends z.ZodType>(
  own: Own,
  general: General,
) => z.object({ own: z.array(own), general: z.array(general) });

/** GET .../student/{studentId}: the rate a tutor is paid at for that student now. */
export const tutorRateForStudentQuerySchema = z
  .object({
    tutorId: z.string().max(64).optional(),
    curriculum: z.string().max(100).optional(),
    grade: z.string().max(100).optional(),
    studentType: z.string().max(64).optional(),
  })
  .strict();
export const tutorRateForStudentSchema = z.object({
  rate: moneySchema.nullable(),
  rateId: z.string().nullable(),
  source: z.enum(['TUTOR', 'GENERAL']).nullable(),
});
