/**
 * Spec 000 section 9: the fixed lists of a person's profile, as plain arrays with no schema library, so the
 * browser's screens can offer them without loading zod (shared/schemas/user-profile.ts builds the schemas
 * from these).
 */
export const genders = ['male', 'female'] as const;
export type Gender = (typeof genders)[number];

export const tutorTypes = [
  'Full-time Tutor',
  'Part-time Tutor',
  'Ex-MOE SG School',
  'Ex-School Teacher',
  'Teacher current School Teacher',
  'Current MOE',
] as const;
export const languageProficiencies = ['Native', 'Intermediate', 'Advanced'] as const;
/** Thirteen strengths a tutor is known for (the spec names "Patient" and "Passionate" and counts thirteen). */
export const tutorStrengths = [
  'Patient',
  'Passionate',
  'Encouraging',
  'Knowledgeable',
  'Organised',
  'Clear explanations',
  'Exam focused',
  'Friendly',
  'Creative',
  'Structured',
  'Motivating',
  'Experienced',
  'Adaptable',
] as const;
export type TutorType = (typeof tutorTypes)[number];
export type LanguageProficiency = (typeof languageProficiencies)[number];
export type TutorStrength = (typeof tutorStrengths)[number];

/** The detail fields of a profile, each under the profile permission of its name (spec 000 section 6). */
export const profileDetailFields = [
  'dateOfBirth',
  'nationality',
  'emergencyNumber',
  'curriculum',
  'examDate',
  'adminTag',
  'classStatement',
  'msTeamsEmail',
  'parentDetails',
  'tutorDetails',
] as const;
/** The kinds of sub-record, as the routes name them (`/admin/users/{id}/experiences/...`). */
export const profileEntryKinds = ['experiences', 'qualifications', 'achievements', 'languages'] as const;
/**
 * The money tabs of a profile (issue #18 item 7), each under the profile permission of its name: a student's
 * plans, a student's or parent's payment history and billing e-mail, a tutor's rates and bank details.
 */
export const profileMoneyParts = [
  'plans',
  'paymentHistory',
  'billingEmail',
  'tutorRates',
  'bankDetails',
] as const;
/** Every part of a profile a permission shows: the details, the sub-records, the subjects, the money tabs. */
export const profileParts = [
  ...profileDetailFields,
  ...profileEntryKinds,
  'subjects',
  ...profileMoneyParts,
] as const;
export type ProfileMoneyPart = (typeof profileMoneyParts)[number];
export type ProfileDetailField = (typeof profileDetailFields)[number];
export type ProfileEntryKind = (typeof profileEntryKinds)[number];
export type ProfilePart = (typeof profileParts)[number];
