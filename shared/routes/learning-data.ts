import * as z from 'zod';
import {
  addSessionQuestionSchema,
  analyticsEventSchema,
  bookmarkSchema,
  browsedResourceSchema,
  createBookmarkSchema,
  createSessionSchema,
  learningSessionSchema,
  listBookmarksQuerySchema,
  listSessionsSchema,
  onboardingInputSchema,
  onboardingSchema,
  onboardingStateSchema,
  progressSchema,
  progressV2Schema,
  recordProgressSchema,
  recordUsageResultSchema,
  recordUsageSchema,
  reportedIssueSchema,
  reportedIssueStatuses,
  reportIssueSchema,
  reportResourceSchema,
  studentListItemSchema,
  subjectProgressQuerySchema,
  subjectProgressSchema,
  subTopicProgressEntrySchema,
  tagInputSchema,
  tagSchema,
  usageCountersSchema,
  usageDetailsSchema,
  usageLimitsSchema,
} from '../schemas/learning-data';
import { listQuerySchema, pageSchema, pagingQuerySchema } from '../schemas/paging';
import { strict } from '../schemas/strict';
import { partialWithoutDefaults } from './crud';
import { permission, publicAccess, route, signedIn } from './define';

/**
 * The learning data of students (issue #4): progress, learning sessions, bookmarks, onboarding, tags, the
 * students list, usage counters and limits, resource look-ups and reports, issue reports and analytics.
 *
 * Access: writes about oneself need the matching `resources` permission (spec 000 section 6: whiteboard,
 * sessions, bookmarks, progress, premium, usage). Reads are for signed-in callers and the operation decides
 * per record: the student themselves, an account on their user-mapper (a parent), their tutor (a tutor of a
 * course the student is enrolled in) for progress, sessions and bookmarks, or an admin who views users.
 */
const userQuery = z.object({ userId: z.string().trim().min(1).max(64).optional() }).strict();
const idResponse = z.object({ _id: z.string() });

const progressRoutes = [
  route({
    id: 'progress.record',
    method: 'POST',
    path: '/progress',
    resource: 'progress',
    access: permission('resources', 'progress'),
    body: recordProgressSchema.strict(),
    response: subTopicProgressEntrySchema,
    summary:
      "Record the caller's progress on a sub-topic: a page viewed, a quiz score (metered: a 429 past the free monthly limit), marked done or not",
  }),
  route({
    id: 'progress.get',
    method: 'GET',
    path: '/progress/{id}',
    resource: 'progress',
    access: signedIn,
    response: progressSchema,
    summary: "A student's progress (id = user id) in every subject they have started, rolled up",
  }),
  route({
    id: 'progress.subject',
    method: 'POST',
    path: '/progress/getSubjectProgress',
    resource: 'progress',
    access: signedIn,
    body: subjectProgressQuerySchema.strict(),
    response: subjectProgressSchema,
    summary: "One subject's progress (every topic and sub-topic) for the caller or the userId given",
  }),
  route({
    // The contract's v2 path `progress/{curriculumId}` would clash with `progress/{id}` on one API, so the
    // version leads the path.
    id: 'progress.byCurriculum',
    method: 'GET',
    path: '/v2/progress/{curriculumId}',
    resource: 'progress',
    access: signedIn,
    query: userQuery,
    response: progressV2Schema,
    summary: 'v2: progress in every subject of a curriculum (curriculumId is its name or slug)',
  }),
];

const sessionRoutes = [
  route({
    id: 'sessions.create',
    method: 'POST',
    path: '/session',
    resource: 'sessions',
    access: permission('resources', 'sessions'),
    body: createSessionSchema.strict(),
    response: learningSessionSchema,
    summary: 'Start a study session on a sub-topic',
  }),
  route({
    // A PUT: it changes the session the path names (the question is appended to it).
    id: 'sessions.addQuestion',
    method: 'PUT',
    path: '/session/{id}/questions',
    resource: 'sessions',
    access: permission('resources', 'sessions'),
    body: addSessionQuestionSchema.strict(),
    response: learningSessionSchema,
    summary: 'Add a question (with its page) to one of the caller’s study sessions',
  }),
  route({
    id: 'sessions.get',
    method: 'GET',
    path: '/session/{id}',
    resource: 'sessions',
    access: signedIn,
    response: learningSessionSchema,
    summary: 'A study session with its questions',
  }),
  route({
    id: 'sessions.list',
    method: 'POST',
    path: '/session/list',
    resource: 'sessions',
    access: signedIn,
    body: listSessionsSchema.strict(),
    response: pageSchema(learningSessionSchema),
    summary: "A student's study sessions, newest first (load more with offset)",
  }),
];

const bookmarkRoutes = [
  route({
    id: 'bookmarks.create',
    method: 'POST',
    path: '/bookmark',
    resource: 'bookmarks',
    access: permission('resources', 'bookmarks'),
    body: createBookmarkSchema.strict(),
    response: bookmarkSchema,
    summary: 'Bookmark a sub-topic page, for a student (and their tutor, in a lesson)',
  }),
  route({
    id: 'bookmarks.list',
    method: 'GET',
    path: '/bookmark',
    resource: 'bookmarks',
    access: signedIn,
    query: listBookmarksQuerySchema.strict(),
    response: z.object({ docs: z.array(bookmarkSchema) }),
    summary: 'Bookmarks by tutor, student and subject, newest first, with isMeetingEnded',
  }),
];

const onboardingRoutes = [
  route({
    id: 'onboarding.save',
    method: 'POST',
    path: '/onboarding',
    resource: 'onboarding',
    access: signedIn,
    body: onboardingInputSchema.strict(),
    response: onboardingSchema,
    summary: "Store the caller's onboarding answers (curriculum, grade, subjects, goals)",
  }),
  route({
    id: 'onboarding.get',
    method: 'GET',
    path: '/onboarding/{id}',
    resource: 'onboarding',
    access: signedIn,
    response: onboardingStateSchema,
    summary:
      "A user's onboarding (id = user id; completed false until answered): own, a linked child's, or any for admins",
  }),
];

const tagRoutes = [
  route({
    id: 'tags.list',
    method: 'GET',
    path: '/tags',
    resource: 'tags',
    access: signedIn,
    query: z.strictObject({ ...pagingQuerySchema.shape, name: z.string().trim().max(60).optional() }),
    response: pageSchema(tagSchema),
    silent: true,
    summary: "The tenant's tags by name (as one types), paged",
  }),
  route({
    id: 'tags.create',
    method: 'POST',
    path: '/admin/tags',
    resource: 'tags',
    access: permission('adminUsers', ['create', 'edit']),
    body: tagInputSchema.strict(),
    response: tagSchema,
    summary: 'Add a tag (names are unique, ignoring case)',
  }),
  route({
    id: 'tags.adminList',
    method: 'GET',
    path: '/admin/tags',
    resource: 'tags',
    access: permission('adminUsers', 'view'),
    query: z.strictObject(listQuerySchema.shape),
    response: pageSchema(tagSchema),
    summary: 'The back-office tag list: paged, sorted (name, createdAt, updatedAt) and searched by name',
  }),
  route({
    // A renamed tag keeps its id (what records refer to); its new name must not clash with another tag's.
    id: 'tags.update',
    method: 'PUT',
    path: '/admin/tags/{id}',
    resource: 'tags',
    access: permission('adminUsers', 'edit'),
    body: strict(partialWithoutDefaults(tagInputSchema)),
    response: tagSchema,
    summary: 'Rename a tag or change its description',
  }),
  route({
    // No verify-delete: nothing refers to a tag yet, so a delete only needs the screen's confirmation.
    id: 'tags.delete',
    method: 'DELETE',
    path: '/admin/tags/{id}',
    resource: 'tags',
    access: permission('adminUsers', 'delete'),
    response: idResponse,
    summary: 'Delete a tag',
  }),
];

const studentRoutes = [
  route({
    id: 'students.list',
    method: 'GET',
    path: '/students',
    resource: 'students',
    // Tutors (courses.studentName) see their courses' students; user admins see every student.
    access: permission(['adminUsers', 'courses'], ['view', 'studentName']),
    query: z.strictObject({ ...pagingQuerySchema.shape, searchText: z.string().trim().max(100).optional() }),
    response: pageSchema(studentListItemSchema),
    summary: "Students by name: a tutor's own students, or all for user admins (load more with offset)",
  }),
];

const usageRoutes = [
  route({
    id: 'usage.get',
    method: 'GET',
    path: '/usage/{id}',
    resource: 'usage',
    access: signedIn,
    response: usageCountersSchema,
    summary: "A user's usage counters this month (id = user id)",
  }),
  route({
    id: 'usage.record',
    method: 'POST',
    path: '/usage',
    resource: 'usage',
    access: permission('resources', 'usage'),
    body: recordUsageSchema.strict(),
    response: recordUsageResultSchema,
    summary:
      'Count one use (the SPA counts a video started here); a 429 when the free monthly limit is reached',
  }),
  route({
    id: 'usage.userDetails',
    method: 'POST',
    path: '/usage/userDetails',
    resource: 'usage',
    access: permission('resources', 'usage'),
    body: userQuery,
    response: usageDetailsSchema,
    summary: 'Usage counters, the limitation and lpAccess of the caller (or a linked account)',
  }),
  route({
    id: 'usage.settings',
    method: 'GET',
    path: '/admin/usage-settings',
    resource: 'usage',
    access: permission('adminUsers', 'view'),
    response: usageLimitsSchema,
    summary: "The tenant's monthly free-plan limits",
  }),
  route({
    id: 'usage.updateSettings',
    method: 'PUT',
    path: '/admin/usage-settings',
    resource: 'usage',
    access: permission('adminUsers', 'edit'),
    body: usageLimitsSchema.partial().strict(),
    response: usageLimitsSchema,
    summary: "Change the tenant's monthly free-plan limits",
  }),
  route({
    id: 'usage.setAccess',
    method: 'PUT',
    path: '/admin/usage/{id}',
    resource: 'usage',
    access: permission('adminUsers', 'edit'),
    body: z.object({ lpAccess: z.boolean({ error: 'lpAccess must be true or false' }) }).strict(),
    response: usageDetailsSchema,
    summary: 'Grant or withdraw learning-platform access (unlimited usage) for a user',
  }),
];

const resourceRoutes = [
  route({
    id: 'learningResources.browse',
    method: 'GET',
    path: '/resources/browse',
    resource: 'learning-resources',
    access: publicAccess,
    query: z.object({ resourceKey: z.string().trim().min(1, 'resourceKey is required').max(200) }).strict(),
    response: browsedResourceSchema,
    summary: 'A catalogue resource by its key (the resource item _id) with the sub-topic page that holds it',
  }),
  route({
    id: 'learningResources.report',
    method: 'POST',
    path: '/resources/report',
    resource: 'learning-resources',
    access: signedIn,
    body: reportResourceSchema.strict(),
    response: reportedIssueSchema,
    summary: 'Report a broken catalogue resource (the back-office sees it with the issue reports)',
  }),
];

const issueRoutes = [
  route({
    id: 'reportIssues.create',
    method: 'POST',
    path: '/report-issue',
    resource: 'report-issues',
    access: signedIn,
    body: reportIssueSchema.strict(),
    response: reportedIssueSchema,
    summary: 'Report an issue with a page ("Issue reported successfully!")',
  }),
  route({
    id: 'reportIssues.list',
    method: 'GET',
    path: '/admin/report-issues',
    resource: 'report-issues',
    access: permission(['adminUsers', 'adminCourses'], 'view'),
    query: z.strictObject({
      ...listQuerySchema.shape,
      status: z.enum(reportedIssueStatuses).optional(),
      kind: z.enum(['ISSUE', 'BROKEN_RESOURCE']).optional(),
    }),
    response: pageSchema(reportedIssueSchema),
    summary: 'Reported issues and broken resources, newest first',
  }),
  route({
    id: 'reportIssues.update',
    method: 'PUT',
    path: '/admin/report-issues/{id}',
    resource: 'report-issues',
    access: permission(['adminUsers', 'adminCourses'], 'edit'),
    body: z.object({ status: z.enum(reportedIssueStatuses) }).strict(),
    response: reportedIssueSchema,
    summary: 'Mark a reported issue resolved (or open again)',
  }),
];

const analyticsRoutes = [
  route({
    id: 'analytics.record',
    method: 'POST',
    path: '/analytics',
    resource: 'analytics',
    access: signedIn,
    body: analyticsEventSchema.strict(),
    response: z.object({ accepted: z.boolean() }),
    silent: true,
    summary: 'Record one analytics event (bounded; kept 90 days)',
  }),
];

export const learningDataRoutes = [
  ...progressRoutes,
  ...sessionRoutes,
  ...bookmarkRoutes,
  ...onboardingRoutes,
  ...tagRoutes,
  ...studentRoutes,
  ...usageRoutes,
  ...resourceRoutes,
  ...issueRoutes,
  ...analyticsRoutes,
];
