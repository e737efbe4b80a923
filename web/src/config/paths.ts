/** The portal's base path (spec 000 section 1): the router's basename and Vite's `base`. */
export const BASE_PATH = '/learning-portal';

/**
 * Every route of the SPA (spec 000 section 2), relative to `BASE_PATH`, in one typed object. The routes
 * marked "later" are declared so links can be typed today; their pages arrive with the features that own
 * them (no placeholder pages pretend to work).
 */
export const paths = {
  home: '/',
  signUp: '/sign-up',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  portal: '/portal',
  portalCourses: '/portal/courses',
  portalSchedule: '/portal/schedule',
  portalCourse: '/portal/courses/:courseId',
  portalAvailability: '/portal/availability',
  portalHomework: '/portal/courses/:courseId/homework/:sectionId',
  portalRequests: '/portal/requests',
  /** Every notification, and the e-mail and push choices (issue 19 item 7). */
  notifications: '/portal/notifications',
  portalInvoices: '/portal/invoices',
  portalInvoice: '/portal/invoices/:invoiceId',
  portalPay: '/portal/pay',
  portalPenalties: '/portal/penalties',
  portalLessonHistory: '/portal/lesson-history',
  dashboard: '/dashboard',
  manageAccounts: '/manage-accounts',
  profile: '/profile',
  tutors: '/tutors',
  tutor: '/tutors/:tutorId',
  admin: '/admin',
  adminRoles: '/admin/roles',
  adminCourses: '/admin/courses',
  adminCourse: '/admin/courses/:courseId',
  adminCourseTemplates: '/admin/course-templates',
  adminSchedule: '/admin/schedule',
  adminMeetingRequests: '/admin/meeting-requests',
  adminLessonHistory: '/admin/lesson-history',
  adminMetaTags: '/admin/meta-tags',
  adminRedirections: '/admin/redirections',
  adminSitemap: '/admin/sitemap',
  adminReportedIssues: '/admin/report-issues',
  adminTags: '/admin/tags',
  adminTutorRoles: '/admin/tutor-roles',
  adminFlexiblePlans: '/admin/flexible-plans',
  adminSubscriptionPlans: '/admin/subscription-plans',
  adminGroups: '/admin/groups',
  adminCoursePricingTemplates: '/admin/course-pricing-templates',
  adminCoursePermissionTemplates: '/admin/course-permission-templates',
  adminOneToOneStudentTypes: '/admin/one-to-one-tutor-rate-student-types',
  adminGroupCourseTypes: '/admin/group-tutor-rate-course-types',
  adminFlexibleRateVersions: '/admin/student-flexible-rate-versions',
  adminSubscriptionRateVersions: '/admin/student-subscription-rate-versions',
  adminCurrencies: '/admin/currencies',
  adminStudentFlexibleRates: '/admin/student-flexible-rates',
  adminStudentSubscriptionRates: '/admin/student-subscription-rates',
  adminOneToOneTutorRates: '/admin/one-to-one-tutor-rates',
  adminGroupTutorRates: '/admin/group-tutor-rates',
  adminTutorSorting: '/admin/tutor-sorting',
  adminLessonFeedback: '/admin/lesson-feedback',
  adminTrials: '/admin/trials',
  adminCallbackRequests: '/admin/callback-requests',
  adminInvoices: '/admin/invoices',
  adminInvoice: '/admin/invoices/:invoiceId',
  adminPenaltyWaivers: '/admin/penalty-waivers',
  adminManualAdjustments: '/admin/manual-adjustments',
  adminCallLogs: '/admin/call-logs',
  adminPaymentHistory: '/admin/payment-history',
  adminTransactionLogs: '/admin/transaction-logs',
  adminFinance: '/admin/finance',
  adminChat: '/admin/chat',
  adminLateChange: '/admin/late-change-policy',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:userId',
  // later: curriculum, quizzes, payments, onboarding
  trialRecording: '/trial-recording/:trialId',
  curriculum: '/:curriculum',
  subject: '/:curriculum/:subject/*',
  pastPapers: '/dashboard/:curriculum/:subject/:subjectLevel/:subjectCode/past-papers',
  topicalPastPapers: '/topical-past-papers',
  verifyNotesLink: '/verifyNotesLink',
  startSubmission: '/startSubmission/:quizId',
  payment: '/payment/:diagnosticId',
  subscriptions: '/subscriptions',
  /** A student's (or their parent's) payments, transaction logs and course credits. */
  billing: '/billing',
  onboarding: '/onboarding',
  waitingRoom: '/waiting-room/:waitingId',
  /** Where a started lesson's meeting is joined on the local stack (a placeholder the meetings work fills). */
  meetingRoom: '/meeting-room/:waitingId',
} as const;
export type AppPath = (typeof paths)[keyof typeof paths];

/** A subject's past-papers page in the dashboard (`paths.pastPapers` filled in). */
export function pastPapersPath(subject: {
  curriculumSlug: string;
  slug: string;
  subjectLevel: string;
  subjectCode: string;
}): string {
  const part = encodeURIComponent;
  return `${paths.dashboard}/${part(subject.curriculumSlug)}/${part(subject.slug)}/${part(subject.subjectLevel)}/${part(subject.subjectCode)}/past-papers`;
}

/** A path with its query, leaving out undefined values: `withQuery(paths.login, { resetSuccess: 'true' })`. */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/** An admin's page of one user (`paths.adminUser` filled in). */
export const adminUserPath = (userId: string) => `${paths.adminUsers}/${encodeURIComponent(userId)}`;

/** An invoice of the family's (`paths.portalInvoice` filled in): the printable invoice and its payment. */
export const portalInvoicePath = (invoiceId: string) =>
  `${paths.portalInvoices}/${encodeURIComponent(invoiceId)}`;

/** An invoice in the back-office (`paths.adminInvoice` filled in). */
export const adminInvoicePath = (invoiceId: string) =>
  `${paths.adminInvoices}/${encodeURIComponent(invoiceId)}`;
