import * as z from 'zod';
import { progressStatuses, scoreBands } from '../learning/progress';
import { sectionStatuses } from '../schemas/section';
import { route, signedIn } from './define';

/**
 * A parent's home (#16 item 13): each child's next lessons, homework due and latest progress in one answer,
 * read by the parent's own account (no switch). Choices of what is shown: shared/rules/family-overview.ts.
 */

const personSchema = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

export const familyLessonSchema = z.object({
  sectionId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  title: z.string(),
  /** LESSON or TRIAL. */
  type: z.string(),
  status: z.enum(sectionStatuses),
  start: z.string(),
  end: z.string(),
  duration: z.number(),
  tutor: personSchema.nullable(),
  /** Whether the child can join it now (its join window is open: shared/scheduling/join-window.ts). */
  joinOpen: z.boolean(),
});

export const familyHomeworkSchema = z.object({
  sectionId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  title: z.string(),
  dueAt: z.string(),
  /** Its due time has passed and it is not handed in. */
  overdue: z.boolean(),
});

export const familyProgressSchema = z.object({
  subTopicId: z.string(),
  subTopicName: z.string(),
  subjectName: z.string(),
  curriculum: z.string(),
  status: z.enum(progressStatuses),
  /** The sub-topic's share done (shared/learning/progress.ts `subTopicPercent`). */
  percent: z.number(),
  bestScore: z.number().nullable(),
  band: z.enum(scoreBands).nullable(),
  updatedAt: z.string(),
});

export const childOverviewSchema = z.object({
  child: personSchema,
  lessons: z.array(familyLessonSchema),
  homework: z.array(familyHomeworkSchema),
  progress: z.array(familyProgressSchema),
});
export type ChildOverview = z.infer<typeof childOverviewSchema>;

export const familyOverviewSchema = z.object({ children: z.array(childOverviewSchema) });

export const familyOverviewQuerySchema = z
  .object({
    /** One child only (the parent's own child); every child when left out. */
    childId: z.string().trim().min(1, 'childId names a child').max(64).optional(),
  })
  .strict();

export const familyRoutes = [
  route({
    id: 'family.overview',
    method: 'GET',
    path: '/family/overview',
    resource: 'family',
    access: signedIn,
    query: familyOverviewQuerySchema,
    response: familyOverviewSchema,
    summary:
      "A parent's children (their user-mapper's students): each one's next lessons, homework due and latest progress (anyone else: 403)",
  }),
];
