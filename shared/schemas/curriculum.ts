import * as z from 'zod';

/**
 * A curriculum with its grades and subjects: enough for the trial dialog's three selectors
 * (curriculum -> subject -> grade) and for tutors' teaching subjects. The full catalogue (topics,
 * sub-topics, content) builds on these records.
 */
export const curriculumSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  grades: z.array(z.string()),
  subjects: z.array(z.object({ code: z.string(), name: z.string() })),
  sortingOrder: z.number(),
});
export type Curriculum = z.infer<typeof curriculumSchema>;

/** One thing a tutor teaches: a subject of a curriculum at a grade (names, as the selectors show them). */
export const teachingSubjectSchema = z.object({
  curriculum: z.string().trim().min(1, 'Curriculum is required').max(100),
  subject: z.string().trim().min(1, 'Subject is required').max(100),
  grade: z.string().trim().min(1, 'Grade is required').max(100),
});
export type TeachingSubject = z.infer<typeof teachingSubjectSchema>;
