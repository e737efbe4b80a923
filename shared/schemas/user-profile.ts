import * as z from 'zod';
import { timeZoneEntry } from '../scheduling/time-zones';
import { emailSchema, requiredText, shortText } from './common';
import { isCountryCode } from './countries';
import { teachingSubjectSchema } from './curriculum';
import { genders, languageProficiencies, tutorStrengths, tutorTypes } from './profile-lists';

export {
  type Gender,
  genders,
  type LanguageProficiency,
  languageProficiencies,
  type ProfileDetailField,
  type ProfileEntryKind,
  profileEntryKinds,
  type TutorStrength,
  type TutorType,
  tutorStrengths,
  tutorTypes,
} from './profile-lists';

/** How many of each sub-record a person may hold: a profile stays one read. */
export const MAX_PROFILE_ENTRIES = 30;

export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Choose a country from the list');
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,24}$/, 'Please enter a valid phone number');
export const timeZoneSchema = z
  .string()
  .trim()
  .refine((zone) => timeZoneEntry(zone) !== undefined, 'Choose a time zone from the list');
/** A calendar date, `YYYY-MM-DD`. */
export const calendarDateSchema = z.iso.date('Use a date as YYYY-MM-DD');
/** A month, `YYYY-MM` (experiences run from month to month). */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM');
const yearSchema = z
  .number()
  .int()
  .min(1900, 'Enter a year after 1900')
  .max(2100, 'Enter a year before 2100');

/** The sub-records of spec 002 "Users": experiences, qualifications, achievements, languages, subjects. */
export const experienceInputSchema = z.object({
  title: requiredText('Title', 120),
  organisation: requiredText('Organisation', 160),
  startMonth: monthSchema,
  /** Absent: to date. Not before startMonth (checked by the writes, see shared/rules/user-profile.ts). */
  endMonth: monthSchema.optional(),
  description: z.optional(shortText(1000)),
});
export const qualificationInputSchema = z.object({
  title: requiredText('Qualification', 160),
  institution: requiredText('Institution', 160),
  year: yearSchema.optional(),
  description: z.optional(shortText(1000)),
});
export const achievementInputSchema = z.object({
  title: requiredText('Achievement', 160),
  year: yearSchema.optional(),
  description: z.optional(shortText(1000)),
});
export const languageInputSchema = z.object({
  language: requiredText('Language', 60),
  proficiency: z.enum(languageProficiencies, { error: 'Choose Native, Intermediate or Advanced' }),
});
/** A subject a student studies or a tutor teaches: a curriculum, subject and grade of the catalogue. */
export const subjectInputSchema = teachingSubjectSchema;

const withId = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ _id: z.string() });
export const experienceSchema = withId(experienceInputSchema);
export const qualificationSchema = withId(qualificationInputSchema);
export const achievementSchema = withId(achievementInputSchema);
export const languageSchema = withId(languageInputSchema);
export const userSubjectSchema = withId(subjectInputSchema);
export type Experience = z.infer<typeof experienceSchema>;
export type Qualification = z.infer<typeof qualificationSchema>;
export type Achievement = z.infer<typeof achievementSchema>;
export type Language = z.infer<typeof languageSchema>;
export type UserSubject = z.infer<typeof userSubjectSchema>;

/** Each kind of sub-record's input (the kinds: profile-lists.ts profileEntryKinds). */
export const profileEntryInputSchemas = {
  experiences: experienceInputSchema,
  qualifications: qualificationInputSchema,
  achievements: achievementInputSchema,
  languages: languageInputSchema,
} as const;

export const parentDetailsSchema = z.object({
  name: z.optional(shortText(160)),
  email: z.optional(emailSchema),
  phone: phoneSchema.optional(),
});
export const tutorDetailsSchema = z.object({
  tutorTypes: z
    .array(z.enum(tutorTypes, { error: 'Choose tutor types from the list' }))
    .max(tutorTypes.length),
  strengths: z
    .array(z.enum(tutorStrengths, { error: 'Choose strengths from the list' }))
    .max(tutorStrengths.length),
  /** The levels (grades) the tutor teaches, as the catalogue names them. */
  levels: z.array(requiredText('Level', 100)).max(MAX_PROFILE_ENTRIES),
  headline: z.optional(shortText(160)),
  bio: z.optional(shortText(3000)),
});
export type ParentDetails = z.infer<typeof parentDetailsSchema>;
export type TutorDetails = z.infer<typeof tutorDetailsSchema>;

/**
 * The fields of a person's details, each under the profile permission of the same name (spec 000 section
 * 6), apart from the account's own fields (name, phone, country, level, time zone, gender) which `edit`
 * covers. The money fields (plans, paymentHistory, billingEmail, tutorRates, bankDetails) come with the
 * money issue.
 */
export const profileDetailsSchema = z.object({
  dateOfBirth: calendarDateSchema.optional(),
  nationality: countryCodeSchema.optional(),
  emergencyNumber: phoneSchema.optional(),
  curriculum: z.optional(shortText(100)),
  examDate: calendarDateSchema.optional(),
  adminTag: z.optional(shortText(80)),
  classStatement: z.optional(shortText(2000)),
  msTeamsEmail: z.optional(emailSchema),
  parentDetails: parentDetailsSchema.optional(),
  tutorDetails: tutorDetailsSchema.optional(),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;

/** The account's own fields: what every profile shows, and what an admin sets when creating a user. */
export const accountFieldsSchema = z.object({
  firstname: requiredText('First name', 80),
  lastname: requiredText('Last name', 80),
  phone: phoneSchema.optional(),
  country: countryCodeSchema.optional(),
  /** A student's level (grade), as the catalogue names it; the dropdown filters by it. */
  level: z.optional(shortText(100)),
  timezone: timeZoneSchema.optional(),
  gender: z.enum(genders, { error: 'Choose male or female' }).optional(),
});
export type AccountFields = z.infer<typeof accountFieldsSchema>;

/**
 * The e-mail a person's payments are billed to (the profile's billingEmail tab): the payment provider's
 * receipts and customer go to it rather than the sign-in e-mail; an empty one clears it.
 */
export const billingEmailSchema = z.union([z.literal(''), emailSchema]);

/** An admin's note on a user (spec 002: admin notes replace the record in place). */
export const adminNoteSchema = z.object({
  _id: z.string(),
  note: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type AdminNote = z.infer<typeof adminNoteSchema>;
export const adminNoteInputSchema = z.object({ note: requiredText('Note', 2000) });
