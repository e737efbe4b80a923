import * as z from 'zod';
import { MAX_PAGES, progressStatuses, scoreBands } from '../learning/progress';
import { MAX_USAGE_LIMIT, usageKinds } from '../learning/usage';
import { requiredText, shortText } from './common';
import { pagingQuerySchema } from './paging';

/**
 * The learning data of students (spec 000 sections 3 and 7, spec 002 "Usage"): progress, learning
 * sessions, bookmarks, onboarding, tags, the students list, usage counters, resource look-ups, issue
 * reports and analytics. Field names follow the contract where it names them.
 */

const userIdField = z.string().trim().min(1).max(64);
const pageNoField = z
  .number({ error: 'pageNo must be a number' })
  .int('pageNo must be a whole number')
  .min(1, 'pageNo starts at 1')
  .max(MAX_PAGES, `pageNo is at most ${MAX_PAGES}`);
const scoreField = z
  .number({ error: 'score must be a number' })
  .min(0, 'score is a percentage from 0 to 100')
  .max(100, 'score is a percentage from 0 to 100');

// ---------------------------------------------------------------- progress

export const recordProgressSchema = z.object({
  subTopicId: requiredText('Sub-topic', 64),
  pageNo: pageNoField.optional(),
  score: scoreField.optional(),
  completed: z.boolean().optional(),
});
export type RecordProgress = z.infer<typeof recordProgressSchema>;

export const subTopicProgressEntrySchema = z.object({
  userId: z.string(),
  subTopicId: z.string(),
  topicId: z.string(),
  subjectId: z.string(),
  curriculumId: z.string(),
  status: z.enum(progressStatuses),
  pagesViewed: z.array(z.number()),
  pagesTotal: z.number(),
  lastPageNo: z.number().nullable(),
  bestScore: z.number().nullable(),
  attempts: z.number(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
});

const rollupFields = {
  percent: z.number(),
  completedSubTopics: z.number(),
  totalSubTopics: z.number(),
  averageScore: z.number().nullable(),
  band: z.enum(scoreBands).nullable(),
};

export const subTopicProgressSchema = z.object({
  subTopicId: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(progressStatuses),
  pagesViewed: z.number(),
  pagesTotal: z.number().nullable(),
  lastPageNo: z.number().nullable(),
  bestScore: z.number().nullable(),
  percent: z.number(),
  updatedAt: z.string().nullable(),
});

export const topicProgressSchema = z.object({
  topicId: z.string(),
  name: z.string(),
  slug: z.string(),
  ...rollupFields,
  subTopics: z.array(subTopicProgressSchema),
});

export const subjectProgressSchema = z.object({
  subjectId: z.string(),
  subjectCode: z.string(),
  subjectLevel: z.string(),
  name: z.string(),
  slug: z.string(),
  curriculum: z.string(),
  curriculumSlug: z.string(),
  curriculumId: z.string(),
  ...rollupFields,
  lastActivityAt: z.string().nullable(),
  topics: z.array(topicProgressSchema),
});
export type SubjectProgressDoc = z.infer<typeof subjectProgressSchema>;

export const progressSchema = z.object({ userId: z.string(), subjects: z.array(subjectProgressSchema) });
export type ProgressDoc = z.infer<typeof progressSchema>;

/** v2: by curriculum (its name, as the contract says), every subject of it. */
export const progressV2Schema = progressSchema.extend({ curriculumId: z.string() });
export type ProgressV2Doc = z.infer<typeof progressV2Schema>;

export const subjectProgressQuerySchema = z.object({
  userId: userIdField.optional(),
  subjectCode: requiredText('Subject code', 40),
  subjectLevel: z.optional(shortText(80)),
});

// ---------------------------------------------------------------- learning sessions

export const MAX_SESSION_QUESTIONS = 200;

export const sessionQuestionSchema = z.object({
  _id: z.string(),
  pageNo: z.number(),
  question: z.string(),
  createdAt: z.string(),
});

export const learningSessionSchema = z.object({
  _id: z.string(),
  student: z.string(),
  subTopicId: z.string(),
  subTopicName: z.string(),
  topicId: z.string(),
  subjectCode: z.string(),
  questions: z.array(sessionQuestionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LearningSession = z.infer<typeof learningSessionSchema>;

export const createSessionSchema = z.object({ subTopicId: requiredText('Sub-topic', 64) });
export const addSessionQuestionSchema = z.object({
  pageNo: pageNoField,
  question: requiredText('Question', 2_000),
});

export const listSessionsSchema = z.object({
  ...pagingQuerySchema.shape,
  studentId: userIdField.optional(),
  subTopicId: z.optional(shortText(64)),
});

// ---------------------------------------------------------------- bookmarks

export const bookmarkSchema = z.object({
  _id: z.string(),
  tutorId: z.string().nullable(),
  studentId: z.string(),
  subject: z.string(),
  subTopicId: z.string(),
  subTopicName: z.string(),
  pageNo: z.number(),
  lessonId: z.string().nullable(),
  /** Present when the bookmark was made in a lesson: whether that lesson has ended. */
  isMeetingEnded: z.boolean().optional(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const createBookmarkSchema = z.object({
  tutorId: userIdField.optional(),
  studentId: userIdField.optional(),
  /** The subject code (the sub-topic's subject; checked against it when given). */
  subject: z.optional(shortText(40)),
  subTopicId: requiredText('Sub-topic', 64),
  pageNo: pageNoField,
  /** The lesson (a section of type LESSON) the bookmark is made in. */
  lessonId: z.optional(shortText(64)),
});

export const listBookmarksQuerySchema = z.object({
  tutorId: userIdField.optional(),
  studentId: userIdField.optional(),
  subject: z.optional(shortText(40)),
});

// ---------------------------------------------------------------- onboarding

export const onboardingGoals = [
  'Improve grades',
  'Prepare for exams',
  'Catch up on missed topics',
  'Get ahead of the class',
  'Build confidence',
] as const;

export const onboardingInputSchema = z.object({
  curriculum: requiredText('Curriculum', 100),
  grade: requiredText('Grade', 40),
  /** Subject codes of the curriculum. */
  subjects: z
    .array(requiredText('Subject', 40))
    .min(1, 'Choose at least one subject')
    .max(20, 'Choose at most 20 subjects'),
  goals: z.array(z.enum(onboardingGoals)).max(onboardingGoals.length).default([]),
  /** Free text: anything else the tutors should know. */
  notes: z._default(shortText(1_000), ''),
  examDate: z.iso.date('examDate must be a date (YYYY-MM-DD)').optional(),
});

export const onboardingSchema = onboardingInputSchema.extend({
  _id: z.string(),
  userId: z.string(),
  curriculumId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/**
 * GET onboarding/{id}: the user's onboarding, `completed` once answered. A user who has not answered yet
 * has an onboarding too, empty (not a 404: "not yet" is an ordinary state the screens ask about).
 */
export const onboardingStateSchema = onboardingSchema
  .partial()
  .extend({ _id: z.string(), userId: z.string(), completed: z.boolean() });
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

// ---------------------------------------------------------------- tags

export const tagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagInputSchema = z.object({
  name: requiredText('Tag name', 60),
  description: z._default(shortText(300), ''),
});

// ---------------------------------------------------------------- students list

export const studentListItemSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});

// ---------------------------------------------------------------- usage

export const usageKindSchema = z.enum(usageKinds, {
  error: `kind is one of ${usageKinds.join(', ')}`,
});

export const usageCountersSchema = z.object({
  user: z.string(),
  period: z.string(),
  slideViews: z.number(),
  quizAttempts: z.number(),
  videoWatches: z.number(),
});
export type UsageCounters = z.infer<typeof usageCountersSchema>;

export const usageLimitsSchema = z.object({
  slideViews: z.number().int().min(0).max(MAX_USAGE_LIMIT),
  quizAttempts: z.number().int().min(0).max(MAX_USAGE_LIMIT),
  videoWatches: z.number().int().min(0).max(MAX_USAGE_LIMIT),
});

export const recordUsageSchema = z.object({
  kind: usageKindSchema,
  /**
   * What was used (e.g. `<subTopicId>#<pageNo>`): using the same item again in the same month is not
   * counted again, so a reload never spends the allowance twice.
   */
  itemKey: z.optional(shortText(200)),
});

export const usageDetailsSchema = z.object({
  usage: usageCountersSchema,
  /** The monthly limits; null when the account is unlimited. */
  limitation: usageLimitsSchema.nullable(),
  lpAccess: z.boolean(),
  premium: z.boolean(),
  resetsAt: z.string(),
});
export type UsageDetails = z.infer<typeof usageDetailsSchema>;

export const recordUsageResultSchema = usageDetailsSchema.extend({ counted: z.boolean() });

// ---------------------------------------------------------------- resources and issue reports

export const reportedIssueKinds = ['ISSUE', 'BROKEN_RESOURCE'] as const;
export const reportedIssueStatuses = ['OPEN', 'RESOLVED'] as const;

export const reportedIssueSchema = z.object({
  _id: z.string(),
  kind: z.enum(reportedIssueKinds),
  status: z.enum(reportedIssueStatuses),
  subject: z.string(),
  description: z.string(),
  pagePath: z.string(),
  resourceKey: z.string().nullable(),
  reportedBy: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportedIssue = z.infer<typeof reportedIssueSchema>;

const pagePathField = z
  .string()
  .trim()
  .max(500, 'pagePath must be at most 500 characters')
  .refine((path) => path === '' || path.startsWith('/'), 'pagePath is a path starting with /');

export const reportIssueSchema = z.object({
  subject: requiredText('Subject', 160),
  description: requiredText('Description', 4_000),
  pagePath: pagePathField.default(''),
});

export const reportResourceSchema = z.object({
  resourceKey: requiredText('resourceKey', 200),
  description: z._default(shortText(2_000), ''),
  pagePath: pagePathField.default(''),
});

export const browsedResourceSchema = z.object({
  resource: z.object({ _id: z.string(), title: z.string(), url: z.string(), kind: z.string() }),
  subTopic: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  topic: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  subject: z.object({ _id: z.string(), name: z.string(), slug: z.string(), subjectCode: z.string() }),
  curriculum: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  /** The public page of the sub-topic that holds the resource. */
  path: z.string(),
});

// ---------------------------------------------------------------- analytics

export const MAX_ANALYTICS_PROPERTIES = 20;
export const analyticsEventSchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(64, 'name must be at most 64 characters')
    .regex(/^[A-Za-z0-9_.:-]+$/, 'name may hold letters, digits and _ . : - only'),
  path: pagePathField.default(''),
  properties: z
    .record(
      z.string().min(1).max(40, 'property names are at most 40 characters'),
      z.union([z.string().max(200, 'property values are at most 200 characters'), z.number(), z.boolean()]),
    )
    .refine(
      (properties) => Object.keys(properties).length <= MAX_ANALYTICS_PROPERTIES,
      `At most ${MAX_ANALYTICS_PROPERTIES} properties`,
    )
    .default({}),
});
