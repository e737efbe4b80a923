/**
 * The declared lists of spec 002 section 9 (and section 3, "Invoices and payments"): what a payment was
 * for, and the categories of the payment settings.
 */
export const paymentTypes = [
  'FLEXIBLE',
  'SUBSCRIPTION',
  'INVOICE',
  'CUSTOM_PLAN',
  'COURSE',
  'PREMIUM_UPGRADE',
  'COURSE_TOPUP',
] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const settingsCategories = ['PAYMENT', 'ADJUSTMENTS', 'COURSE_TOPUP', 'OTHERS'] as const;
export type SettingsCategory = (typeof settingsCategories)[number];

/** Spec 002 section 3: a plan or group is ACTIVE or INACTIVE; pickers offer the active ones. */
export const catalogueStatuses = ['ACTIVE', 'INACTIVE'] as const;
export type CatalogueStatus = (typeof catalogueStatuses)[number];

/** How long a flexible plan's credit lasts (spec 002 section 3). */
export const flexiblePlanUnits = ['MINUTES', 'DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const;
/** How often a subscription plan or a course pricing template bills (spec 002 section 3). */
export const billingPeriodUnits = ['DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const;
export type FlexiblePlanUnit = (typeof flexiblePlanUnits)[number];
export type BillingPeriodUnit = (typeof billingPeriodUnits)[number];
