import * as z from 'zod';
import { idSchema } from './common';
import { teachingSubjectSchema } from './curriculum';
import { pagingQuerySchema } from './paging';
import { countryCodeSchema } from './user-profile';

/** A filter of the directory: a curriculum, subject or grade as the selectors name them. */
const filterText = z.string().trim().min(1).max(100);

/**
 * Spec 002 section 5: the tutor list requires the country, with optional curriculum, subject and grade; any
 * of the three narrows the list to tutors who teach a matching combination.
 */
export const tutorListQuerySchema = z.strictObject({
  ...pagingQuerySchema.shape,
  country: countryCodeSchema,
  curriculum: filterText.optional(),
  subject: filterText.optional(),
  grade: filterText.optional(),
});
export type TutorListQuery = z.infer<typeof tutorListQuerySchema>;

/** Spec 002 section 5: the tutor by id takes optional country, curriculum and grade (narrowing the subjects shown). */
export const tutorGetQuerySchema = z
  .object({
    country: countryCodeSchema.optional(),
    curriculum: filterText.optional(),
    grade: filterText.optional(),
  })
  .strict();
export type TutorGetQuery = z.infer<typeof tutorGetQuerySchema>;

/** When a tutor teaches, from their weekly hours: the weekdays (0 = Sunday) and the hours a week. */
export const availabilitySummarySchema = z.object({
  timezone: z.string(),
  weekdays: z.array(z.number().int().min(0).max(6)),
  weeklyHours: z.number(),
  /** The tutor takes no bookings now (their availability status). */
  unavailable: z.boolean(),
});
export type AvailabilitySummary = z.infer<typeof availabilitySummarySchema>;

/**
 * A tutor as the public directory shows them: never their e-mail, phone or anything else private. The
 * response schema is strict, so a field added to a record by mistake fails the answer instead of leaking.
 */
export const publicTutorSchema = z
  .object({
    _id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    country: z.string(),
    subjects: z.array(teachingSubjectSchema),
    availability: availabilitySummarySchema.nullable(),
    rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
    /** From the tutor's profile details (tutorDetails) and languages. */
    headline: z.string().nullable(),
    strengths: z.array(z.string()),
    languages: z.array(z.object({ language: z.string(), proficiency: z.string() }).strict()),
    /** The tutor's own page only (GET /tutors/{id}). */
    bio: z.string().nullable().optional(),
    qualifications: z
      .array(z.object({ title: z.string(), institution: z.string(), year: z.number().optional() }).strict())
      .optional(),
    experiences: z
      .array(
        z
          .object({
            title: z.string(),
            organisation: z.string(),
            startMonth: z.string(),
            endMonth: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();
export type PublicTutor = z.infer<typeof publicTutorSchema>;

/** The most tutors the admin's order names: one item holds it, and the directory reads it whole. */
export const MAX_SORTED_TUTORS = 500;

/** Spec 000/001 admin settings "tutorSorting": the directory's order, as one list of tutor ids. */
export const tutorSortingInputSchema = z
  .object({
    tutorIds: z
      .array(idSchema)
      .max(MAX_SORTED_TUTORS)
      .refine((ids) => new Set(ids).size === ids.length, 'A tutor is named twice'),
  })
  .strict();
export type TutorSortingInput = z.infer<typeof tutorSortingInputSchema>;

/** A tutor as the sorting screen lists them: every tutor of the tenant, hidden ones included. */
export const sortableTutorSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  country: z.string().nullable(),
  hidden: z.boolean(),
});

export const tutorSortingSchema = z.object({
  tutorIds: z.array(z.string()),
  updatedAt: z.string().nullable(),
  /** Every tutor (up to the directory's read bound), in the directory's order: the sorted ones first. */
  tutors: z.array(sortableTutorSchema),
});
export type TutorSorting = z.infer<typeof tutorSortingSchema>;

export const tutorHiddenInputSchema = z.object({ hidden: z.boolean() }).strict();
