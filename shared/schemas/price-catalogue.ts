import * as z from 'zod';
import { billingPeriodUnits, catalogueStatuses, flexiblePlanUnits } from '../money/finance';
import { moneyInputSchema, moneySchema, storedMoneySchema } from '../money/schemas';
import { permissionCatalogue } from '../permissions/catalogue';
import { classTypes } from './course';

/**
 * The price catalogue of spec 002 section 3 ("Plans and groups"): flexible and subscription plans, groups,
 * course pricing templates and course permission templates. The spec shows only their statuses and units;
 * the rest (name, description, duration, price, group) is what a school needs to sell them, decided here.
 *
 * Each priced record has three forms: the stored record (price in integer minor units), the API doc (price
 * in major units) and the create body. The stored and doc forms share every other field.
 */

const recordFields = {
  _id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const nameSchema = z.string().trim().min(1, 'Enter a name').max(100, 'The name is at most 100 characters');
const descriptionSchema = z.string().trim().max(1000, 'The description is at most 1000 characters');
export const catalogueStatusSchema = z.enum(catalogueStatuses);
/** How many units a plan lasts or bills for. */
const durationSchema = z
  .number({ error: 'The duration is a number' })
  .int('The duration is a whole number')
  .min(1, 'The duration is at least 1')
  .max(100_000, 'The duration is at most 100000');

/** The status filter of the plan lists (spec 002: "plans also statuses"): one status or a comma list. */
export const statusesQuerySchema = z
  .string()
  .max(40)
  .regex(/^(ACTIVE|INACTIVE)(,(ACTIVE|INACTIVE))?$/, { message: 'Use ACTIVE, INACTIVE or ACTIVE,INACTIVE' });

// ---- groups -----------------------------------------------------------------------------------------

/** Every tenant has this group from the start (seeded and written by onboarding); it cannot be deleted. */
export const DEFAULT_GROUP_ID = 'default-group';
export const DEFAULT_GROUP_NAME = 'Default Group';

export const groupInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  status: catalogueStatusSchema.default('ACTIVE'),
});
export const groupSchema = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
  status: catalogueStatusSchema,
  isDefault: z.boolean().optional(),
  /** How many flexible and subscription plans are in the group: moved in each plan write's transaction. */
  plans: z.number().optional(),
});
export type Group = z.infer<typeof groupSchema>;
export type GroupInput = z.input<typeof groupInputSchema>;

// ---- plans -----------------------------------------------------------------------------------------

function planShapes<const Units extends readonly [string, ...string[]]>(units: Units) {
  const common = {
    name: nameSchema,
    description: descriptionSchema.default(''),
    status: catalogueStatusSchema.default('ACTIVE'),
    /** The group the plan is offered to: a group counts its plans, and is not deleted while it has any. */
    groupId: z.string().min(1).max(64).default(DEFAULT_GROUP_ID),
    duration: durationSchema,
    durationUnit: z.enum(units),
  };
  const fields = {
    /** How many student rates price the plan: moved in each rate write's transaction. */
    rates: z.number().optional(),
    name: z.string(),
    description: z.string(),
    status: catalogueStatusSchema,
    groupId: z.string(),
    duration: z.number(),
    durationUnit: z.enum(units),
  };
  return {
    input: z.object({ ...common, price: moneyInputSchema }),
    stored: z.object({ ...recordFields, ...fields, price: storedMoneySchema }),
    doc: z.object({ ...recordFields, ...fields, price: moneySchema }),
  };
}

/** A flexible plan: credit bought once, lasting `duration` `durationUnit`s (MINUTES of lessons to YEARS). */
export const flexiblePlan = planShapes(flexiblePlanUnits);
/** A subscription plan: billed every `duration` `durationUnit`s (DAYS to YEARS). */
export const subscriptionPlan = planShapes(billingPeriodUnits);
export type StoredFlexiblePlan = z.infer<typeof flexiblePlan.stored>;
export type FlexiblePlan = z.infer<typeof flexiblePlan.doc>;
export type FlexiblePlanInput = z.input<typeof flexiblePlan.input>;
export type FlexiblePlanBody = z.output<typeof flexiblePlan.input>;
export type StoredSubscriptionPlan = z.infer<typeof subscriptionPlan.stored>;
export type SubscriptionPlan = z.infer<typeof subscriptionPlan.doc>;
export type SubscriptionPlanInput = z.input<typeof subscriptionPlan.input>;
export type SubscriptionPlanBody = z.output<typeof subscriptionPlan.input>;

// ---- course pricing templates ---------------------------------------------------------------------------

/** What a course of a kind costs per billing period (DAYS to YEARS), to start a course's price from. */
export const coursePricingTemplate = {
  input: z.object({
    name: nameSchema,
    description: descriptionSchema.default(''),
    status: catalogueStatusSchema.default('ACTIVE'),
    classType: z.enum(classTypes),
    duration: durationSchema,
    durationUnit: z.enum(billingPeriodUnits),
    price: moneyInputSchema,
  }),
  stored: z.object({
    ...recordFields,
    name: z.string(),
    description: z.string(),
    status: catalogueStatusSchema,
    classType: z.enum(classTypes),
    duration: z.number(),
    durationUnit: z.enum(billingPeriodUnits),
    price: storedMoneySchema,
  }),
};
export const coursePricingTemplateDocSchema = coursePricingTemplate.stored.extend({ price: moneySchema });
export type StoredCoursePricingTemplate = z.infer<typeof coursePricingTemplate.stored>;
export type CoursePricingTemplate = z.infer<typeof coursePricingTemplateDocSchema>;
export type CoursePricingTemplateInput = z.input<typeof coursePricingTemplate.input>;
export type CoursePricingTemplateBody = z.output<typeof coursePricingTemplate.input>;

// ---- course permission templates -------------------------------------------------------------------------

/**
 * A named set of the course permissions (spec 000 section 6, area `courses`: chat, call, class booking,
 * names, top-up) that a course's students get, to apply to a course instead of ticking each one.
 */
export const courseFeatures = permissionCatalogue.courses;
export const coursePermissionTemplateInputSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.default(''),
  status: catalogueStatusSchema.default('ACTIVE'),
  permissions: z
    .array(z.enum(courseFeatures))
    .max(courseFeatures.length)
    .refine((features) => new Set(features).size === features.length, 'Each permission is listed once')
    .default([]),
});
export const coursePermissionTemplateSchema = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
  status: catalogueStatusSchema,
  permissions: z.array(z.enum(courseFeatures)),
});
export type CoursePermissionTemplate = z.infer<typeof coursePermissionTemplateSchema>;
export type CoursePermissionTemplateInput = z.input<typeof coursePermissionTemplateInputSchema>;
