import { Navigate } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { LazyPage, type PageLoader } from '../components/lazy-page';
import { BASE_PATH, paths } from '../config/paths';
import { routeTable } from './app-router';

/** Each route's page, loaded on demand (its own key, so a route change never shows the previous page). */
function page(name: string, load: PageLoader) {
  return <LazyPage key={name} load={load} />;
}

// Pages that compose several features live in app/views/, a folder that sorts after start.tsx on purpose:
// Rolldown orders the start chunk's modules by the path order of the lazy pages, and a folder before it
// (app/pages, app/routes) reorders that chunk, which then compresses about 0.6 kB worse.
const HomePage = page('HomePage', () => import('./views/home-page'));
const LoginPage = page('LoginPage', () => import('../features/auth/login-page'));
const SignUpPage = page('SignUpPage', () => import('../features/auth/sign-up-page'));
const ForgotPasswordPage = page('ForgotPasswordPage', () => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = page('ResetPasswordPage', () => import('../features/auth/reset-password-page'));
const ManageAccountsPage = page('ManageAccountsPage', () => import('../features/auth/manage-accounts-page'));
const TutorsPage = page('TutorsPage', () => import('./views/tutors-page'));
const TutorPage = page('TutorPage', () => import('./views/tutor-page'));
const PortalHomePage = page('PortalHomePage', () => import('./views/portal-home-page'));
const CoursesPage = page('CoursesPage', () => import('../features/courses/courses-page'));
const CoursePage = page('CoursePage', () => import('../features/courses/course-page'));
const SchedulePage = page('SchedulePage', () => import('../features/schedule/schedule-page'));
const AvailabilityPage = page('AvailabilityPage', () => import('../features/availability/availability-page'));
const RequestsPage = page('RequestsPage', () => import('../features/lesson-requests/requests-page'));
const NotificationsPage = page(
  'NotificationsPage',
  () => import('../features/notifications/notifications-page'),
);
const MyPayPage = page('MyPayPage', () => import('../features/tutor-pay/my-pay-page'));
const AdminLayout = page('AdminLayout', () => import('../components/admin/admin-layout'));
const RolesPage = page('RolesPage', () => import('../features/admin/roles/roles-page'));
const TutorRolesPage = page('TutorRolesPage', () => import('../features/admin/tutor-roles/tutor-roles-page'));
const prices = {
  FlexiblePlans: page('FlexiblePlansPage', () => import('../features/admin/prices/flexible-plans-page')),
  SubscriptionPlans: page(
    'SubscriptionPlansPage',
    () => import('../features/admin/prices/subscription-plans-page'),
  ),
  Groups: page('GroupsPage', () => import('../features/admin/prices/groups-page')),
  CoursePricingTemplates: page(
    'CoursePricingTemplatesPage',
    () => import('../features/admin/prices/course-pricing-templates-page'),
  ),
  CoursePermissionTemplates: page(
    'CoursePermissionTemplatesPage',
    () => import('../features/admin/prices/course-permission-templates-page'),
  ),
  OneToOneStudentTypes: page(
    'OneToOneStudentTypesPage',
    () => import('../features/admin/prices/one-to-one-tutor-rate-student-types-page'),
  ),
  GroupCourseTypes: page(
    'GroupCourseTypesPage',
    () => import('../features/admin/prices/group-tutor-rate-course-types-page'),
  ),
  FlexibleRateVersions: page(
    'FlexibleRateVersionsPage',
    () => import('../features/admin/prices/student-flexible-rate-versions-page'),
  ),
  SubscriptionRateVersions: page(
    'SubscriptionRateVersionsPage',
    () => import('../features/admin/prices/student-subscription-rate-versions-page'),
  ),
  StudentFlexibleRates: page(
    'StudentFlexibleRatesPage',
    () => import('../features/admin/prices/student-flexible-rates-page'),
  ),
  StudentSubscriptionRates: page(
    'StudentSubscriptionRatesPage',
    () => import('../features/admin/prices/student-subscription-rates-page'),
  ),
  OneToOneTutorRates: page(
    'OneToOneTutorRatesPage',
    () => import('../features/admin/prices/one-to-one-tutor-rates-page'),
  ),
  GroupTutorRates: page(
    'GroupTutorRatesPage',
    () => import('../features/admin/prices/group-tutor-rates-page'),
  ),
  Currencies: page('CurrencySettingsPage', () => import('../features/admin/prices/currency-settings-page')),
};
const finance = {
  PenaltyWaivers: page(
    'PenaltyWaiversPage',
    () => import('../features/admin/penalty-waivers/penalty-waivers-page'),
  ),
  ManualAdjustments: page(
    'ManualAdjustmentsPage',
    () => import('../features/admin/manual-adjustments/manual-adjustments-page'),
  ),
  CallLogs: page('CallLogsPage', () => import('../features/admin/call-logs/call-logs-page')),
  PaymentHistory: page(
    'AdminPaymentHistoryPage',
    () => import('../features/admin/money-history/payment-history-page'),
  ),
  TransactionLogs: page(
    'AdminTransactionLogsPage',
    () => import('../features/admin/money-history/transaction-logs-page'),
  ),
  Overview: page('FinanceOverviewPage', () => import('../features/admin/finance/finance-overview-page')),
  LateChange: page('LateChangePage', () => import('../features/admin/late-change/late-change-page')),
};
const SubscriptionsPage = page('SubscriptionsPage', () => import('../features/billing/subscriptions-page'));
const BillingPage = page('BillingPage', () => import('../features/billing/billing-page'));
const PenaltiesPage = page('PenaltiesPage', () => import('../features/penalties/penalties-page'));
const LessonHistoryPage = page(
  'LessonHistoryPage',
  () => import('../features/lesson-history/lesson-history-page'),
);
const AdminUsersPage = page('AdminUsersPage', () => import('../features/admin/users/users-page'));
const AdminUserPage = page('AdminUserPage', () => import('../features/admin/users/user-page'));
const ProfilePage = page('ProfilePage', () => import('../features/profile/profile-page'));
const TutorSortingPage = page(
  'TutorSortingPage',
  () => import('../features/admin/tutor-sorting/tutor-sorting-page'),
);
const AdminLessonFeedbackPage = page(
  'AdminLessonFeedbackPage',
  () => import('../features/admin/lesson-feedback/lesson-feedback-page'),
);
const AdminCoursesPage = page('AdminCoursesPage', () => import('../features/admin/courses/courses-page'));
const AdminCoursePage = page('AdminCoursePage', () => import('../features/admin/courses/course-page'));
const AdminCourseTemplatesPage = page(
  'AdminCourseTemplatesPage',
  () => import('../features/admin/course-templates/course-templates-page'),
);
const AdminSchedulePage = page('AdminSchedulePage', () => import('../features/admin/schedule/schedule-page'));
const HomeworkPage = page('HomeworkPage', () => import('../features/homework/homework-page'));
const AdminMeetingRequestsPage = page(
  'AdminMeetingRequestsPage',
  () => import('../features/admin/meeting-requests/meeting-requests-page'),
);
const AdminLessonHistoryPage = page(
  'AdminLessonHistoryPage',
  () => import('../features/admin/lesson-history/lesson-history-page'),
);
const AdminMetaTagsPage = page(
  'AdminMetaTagsPage',
  () => import('../features/admin/meta-tags/meta-tags-page'),
);
const AdminRedirectionsPage = page(
  'AdminRedirectionsPage',
  () => import('../features/admin/redirections/redirections-page'),
);
const AdminSitemapPage = page('AdminSitemapPage', () => import('../features/admin/sitemap/sitemap-page'));
const TrialRecordingPage = page(
  'TrialRecordingPage',
  () => import('../features/trials/trial-recording-page'),
);
const CurriculumPage = page('CurriculumPage', () => import('../features/catalogue/curriculum-page'));
const SubjectPage = page('SubjectPage', () => import('../features/catalogue/subject-page'));
const TopicalPastPapersPage = page(
  'TopicalPastPapersPage',
  () => import('../features/catalogue/topical-past-papers-page'),
);
const PastPapersPage = page('PastPapersPage', () => import('../features/catalogue/past-papers-page'));
const ContentPage = page('ContentPage', () => import('../features/catalogue/content-page'));
const DashboardPage = page('DashboardPage', () => import('../features/dashboard/dashboard-page'));
const OnboardingPage = page('OnboardingPage', () => import('../features/onboarding/onboarding-page'));
const AdminReportedIssuesPage = page(
  'AdminReportedIssuesPage',
  () => import('../features/admin/reported-issues/reported-issues-page'),
);
const AdminTagsPage = page('AdminTagsPage', () => import('../features/admin/tags/tags-page'));
const AdminChatPage = page('AdminChatPage', () => import('../features/admin/chat/admin-chat-page'));
const AdminTrialsPage = page('AdminTrialsPage', () => import('../features/admin/trials/trials-page'));
const AdminCallbackRequestsPage = page(
  'AdminCallbackRequestsPage',
  () => import('../features/admin/callback-requests/callback-requests-page'),
);
const AdminInvoicesPage = page('AdminInvoicesPage', () => import('../features/admin/invoices/invoices-page'));
const AdminInvoicePage = page('AdminInvoicePage', () => import('../features/admin/invoices/invoice-page'));
const InvoicesPage = page('InvoicesPage', () => import('../features/invoices/invoices-page'));
const InvoicePage = page('InvoicePage', () => import('../features/invoices/invoice-page'));
const WaitingRoomPage = page('WaitingRoomPage', () => import('../features/waiting-room/waiting-room-page'));
const MeetingRoomPage = page('MeetingRoomPage', () => import('../features/waiting-room/meeting-room-page'));
const VerifyNotesLinkPage = page(
  'VerifyNotesLinkPage',
  () => import('../features/catalogue/verify-notes-link-page'),
);

export const router = routeTable(
  [
    {
      element: <AppLayout />,
      children: [
        { path: paths.home, element: HomePage },
        { path: paths.signUp, element: SignUpPage },
        { path: paths.login, element: LoginPage },
        { path: paths.forgotPassword, element: ForgotPasswordPage },
        { path: paths.resetPassword, element: ResetPasswordPage },
        { path: paths.manageAccounts, element: ManageAccountsPage },
        { path: paths.profile, element: ProfilePage },
        { path: paths.tutors, element: TutorsPage },
        { path: paths.tutor, element: TutorPage },
        { path: paths.portal, element: PortalHomePage },
        { path: paths.portalCourses, element: CoursesPage },
        { path: paths.portalCourse, element: CoursePage },
        { path: paths.portalHomework, element: HomeworkPage },
        { path: paths.portalSchedule, element: SchedulePage },
        { path: paths.portalAvailability, element: AvailabilityPage },
        { path: paths.portalRequests, element: RequestsPage },
        { path: paths.portalInvoices, element: InvoicesPage },
        { path: paths.portalInvoice, element: InvoicePage },
        { path: paths.portalPay, element: MyPayPage },
        { path: paths.portalPenalties, element: PenaltiesPage },
        { path: paths.portalLessonHistory, element: LessonHistoryPage },
        { path: paths.notifications, element: NotificationsPage },
        { path: `${paths.portal}/*`, element: <Navigate to={paths.portal} replace /> },
        { path: paths.pastPapers, element: PastPapersPage },
        { path: paths.topicalPastPapers, element: TopicalPastPapersPage },
        { path: paths.dashboard, element: DashboardPage },
        { path: `${paths.dashboard}/*`, element: <Navigate to={paths.portal} replace /> },
        { path: paths.onboarding, element: OnboardingPage },
        { path: paths.subscriptions, element: SubscriptionsPage },
        { path: paths.billing, element: BillingPage },
        {
          path: paths.admin,
          element: AdminLayout,
          children: [
            { index: true, element: <Navigate to={paths.adminRoles} replace /> },
            { path: 'roles', element: RolesPage },
            { path: 'users', element: AdminUsersPage },
            { path: 'users/:userId', element: AdminUserPage },
            { path: 'tutor-roles', element: TutorRolesPage },
            { path: 'tutor-sorting', element: TutorSortingPage },
            { path: 'flexible-plans', element: prices.FlexiblePlans },
            { path: 'subscription-plans', element: prices.SubscriptionPlans },
            { path: 'groups', element: prices.Groups },
            { path: 'course-pricing-templates', element: prices.CoursePricingTemplates },
            { path: 'course-permission-templates', element: prices.CoursePermissionTemplates },
            { path: 'one-to-one-tutor-rate-student-types', element: prices.OneToOneStudentTypes },
            { path: 'group-tutor-rate-course-types', element: prices.GroupCourseTypes },
            { path: 'student-flexible-rate-versions', element: prices.FlexibleRateVersions },
            { path: 'student-subscription-rate-versions', element: prices.SubscriptionRateVersions },
            { path: 'student-flexible-rates', element: prices.StudentFlexibleRates },
            { path: 'student-subscription-rates', element: prices.StudentSubscriptionRates },
            { path: 'one-to-one-tutor-rates', element: prices.OneToOneTutorRates },
            { path: 'group-tutor-rates', element: prices.GroupTutorRates },
            { path: 'currencies', element: prices.Currencies },
            { path: 'late-change-policy', element: finance.LateChange },
            { path: 'penalty-waivers', element: finance.PenaltyWaivers },
            { path: 'manual-adjustments', element: finance.ManualAdjustments },
            { path: 'call-logs', element: finance.CallLogs },
            { path: 'payment-history', element: finance.PaymentHistory },
            { path: 'transaction-logs', element: finance.TransactionLogs },
            { path: 'finance', element: finance.Overview },
            { path: 'lesson-feedback', element: AdminLessonFeedbackPage },
            { path: 'courses', element: AdminCoursesPage },
            { path: 'courses/:courseId', element: AdminCoursePage },
            { path: 'course-templates', element: AdminCourseTemplatesPage },
            { path: 'schedule', element: AdminSchedulePage },
            { path: 'meeting-requests', element: AdminMeetingRequestsPage },
            { path: 'lesson-history', element: AdminLessonHistoryPage },
            { path: 'meta-tags', element: AdminMetaTagsPage },
            { path: 'redirections', element: AdminRedirectionsPage },
            { path: 'sitemap', element: AdminSitemapPage },
            { path: 'report-issues', element: AdminReportedIssuesPage },
            { path: 'tags', element: AdminTagsPage },
            { path: 'chat', element: AdminChatPage },
            { path: 'trials', element: AdminTrialsPage },
            { path: 'callback-requests', element: AdminCallbackRequestsPage },
            { path: 'invoices', element: AdminInvoicesPage },
            { path: 'invoices/:invoiceId', element: AdminInvoicePage },
          ],
        },
        { path: paths.trialRecording, element: TrialRecordingPage },
        { path: paths.waitingRoom, element: WaitingRoomPage },
        { path: paths.meetingRoom, element: MeetingRoomPage },
        { path: paths.verifyNotesLink, element: VerifyNotesLinkPage },
        { path: paths.curriculum, element: CurriculumPage },
        { path: paths.subject, element: SubjectPage },
        { path: '*', element: ContentPage },
      ],
    },
  ],
  { basename: BASE_PATH },
);
