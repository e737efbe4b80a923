import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { LazyPage, type PageLoader } from '../components/lazy-page';
import { BASE_PATH, paths } from '../config/paths';

/** Each route's page, loaded on demand (its own key, so a route change never shows the previous page). */
function page(name: string, load: PageLoader) {
  return <LazyPage key={name} load={load} />;
}

const HomePage = page('HomePage', () => import('../features/home/home-page'));
const LoginPage = page('LoginPage', () => import('../features/auth/login-page'));
const SignUpPage = page('SignUpPage', () => import('../features/auth/sign-up-page'));
const ForgotPasswordPage = page('ForgotPasswordPage', () => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = page('ResetPasswordPage', () => import('../features/auth/reset-password-page'));
const ManageAccountsPage = page('ManageAccountsPage', () => import('../features/auth/manage-accounts-page'));
const PortalHomePage = page('PortalHomePage', () => import('../features/portal/portal-home-page'));
const CoursesPage = page('CoursesPage', () => import('../features/courses/courses-page'));
const CoursePage = page('CoursePage', () => import('../features/courses/course-page'));
const SchedulePage = page('SchedulePage', () => import('../features/schedule/schedule-page'));
const AvailabilityPage = page('AvailabilityPage', () => import('../features/availability/availability-page'));
const AdminLayout = page('AdminLayout', () => import('../components/admin/admin-layout'));
const RolesPage = page('RolesPage', () => import('../features/admin/roles/roles-page'));
const AdminCoursesPage = page('AdminCoursesPage', () => import('../features/admin/courses/courses-page'));
const AdminMeetingRequestsPage = page(
  'AdminMeetingRequestsPage',
  () => import('../features/admin/meeting-requests/meeting-requests-page'),
);
const TrialRecordingPage = page(
  'TrialRecordingPage',
  () => import('../features/trials/trial-recording-page'),
);
const ContentPage = page('ContentPage', () => import('../features/content/content-page'));

export const router = createBrowserRouter(
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
        { path: paths.portal, element: PortalHomePage },
        { path: paths.portalCourses, element: CoursesPage },
        { path: paths.portalCourse, element: CoursePage },
        { path: paths.portalSchedule, element: SchedulePage },
        { path: paths.portalAvailability, element: AvailabilityPage },
        { path: `${paths.portal}/*`, element: <Navigate to={paths.portal} replace /> },
        { path: `${paths.dashboard}/*`, element: <Navigate to={paths.portal} replace /> },
        {
          path: paths.admin,
          element: AdminLayout,
          children: [
            { index: true, element: <Navigate to={paths.adminRoles} replace /> },
            { path: 'roles', element: RolesPage },
            { path: 'courses', element: AdminCoursesPage },
            { path: 'meeting-requests', element: AdminMeetingRequestsPage },
          ],
        },
        { path: paths.trialRecording, element: TrialRecordingPage },
        { path: '*', element: ContentPage },
      ],
    },
  ],
  { basename: BASE_PATH },
);
