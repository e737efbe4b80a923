import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuChevronDown, LuChevronUp } from 'react-icons/lu';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import type { RouteId } from '../../../../shared/routes/catalogue';
import { paths } from '../../config/paths';
import { canUseBackOffice } from '../../lib/back-office';
import { canCall } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { RequireSession } from '../require-session';

/** Each back-office screen shows to whoever may call the list it opens with. */
const sections: Array<{ label: string; to: string; list: RouteId }> = [
  { label: 'Users', to: paths.adminUsers, list: 'adminUsers.list' },
  { label: 'Roles & permissions', to: paths.adminRoles, list: 'roles.list' },
  { label: 'Tutor roles', to: paths.adminTutorRoles, list: 'tutor-roles.list' },
  { label: 'Tutor sorting', to: paths.adminTutorSorting, list: 'tutorSorting.get' },
  // The price catalogue (issue 18): plans, groups, templates, rate types and rate versions, currencies.
  { label: 'Flexible plans', to: paths.adminFlexiblePlans, list: 'flexible-plans.list' },
  { label: 'Subscription plans', to: paths.adminSubscriptionPlans, list: 'subscription-plans.list' },
  { label: 'Groups', to: paths.adminGroups, list: 'groups.list' },
  {
    label: 'Course pricing templates',
    to: paths.adminCoursePricingTemplates,
    list: 'course-pricing-templates.list',
  },
  {
    label: 'Course permission templates',
    to: paths.adminCoursePermissionTemplates,
    list: 'course-permission-templates.list',
  },
  {
    label: 'Student types (one-to-one rates)',
    to: paths.adminOneToOneStudentTypes,
    list: 'one-to-one-tutor-rate-student-types.list',
  },
  {
    label: 'Course types (group rates)',
    to: paths.adminGroupCourseTypes,
    list: 'group-tutor-rate-course-types.list',
  },
  {
    label: 'Flexible rate versions',
    to: paths.adminFlexibleRateVersions,
    list: 'student-flexible-rate-versions.list',
  },
  {
    label: 'Subscription rate versions',
    to: paths.adminSubscriptionRateVersions,
    list: 'student-subscription-rate-versions.list',
  },
  {
    label: 'Student flexible rates',
    to: paths.adminStudentFlexibleRates,
    list: 'student-flexible-rates.list',
  },
  {
    label: 'Student subscription rates',
    to: paths.adminStudentSubscriptionRates,
    list: 'student-subscription-rates.list',
  },
  {
    label: 'One-to-one tutor rates',
    to: paths.adminOneToOneTutorRates,
    list: 'one-to-one-tutor-rates.list',
  },
  { label: 'Group tutor rates', to: paths.adminGroupTutorRates, list: 'group-tutor-rates.list' },
  { label: 'Currencies', to: paths.adminCurrencies, list: 'tenants.moneySettings' },
  { label: 'Invoices', to: paths.adminInvoices, list: 'invoices.list' },
  { label: 'Late-change policy', to: paths.adminLateChange, list: 'tenants.lateChangePolicy' },
  // Tutor pay (issue 18): penalties and their appeals, manual adjustments, the record of lesson calls.
  { label: 'Penalty waivers', to: paths.adminPenaltyWaivers, list: 'penaltyWaivers.create' },
  { label: 'Manual adjustments', to: paths.adminManualAdjustments, list: 'manualAdjustments.list' },
  { label: 'Call logs', to: paths.adminCallLogs, list: 'callLogs.list' },
  // Money in and out (issue 18): the charts, then the records they are drawn from.
  { label: 'Finance overview', to: paths.adminFinance, list: 'financeReports.revenue' },
  { label: 'Payment history', to: paths.adminPaymentHistory, list: 'paymentHistory.adminList' },
  { label: 'Transaction logs', to: paths.adminTransactionLogs, list: 'transactionLogs.adminList' },
  { label: 'Courses', to: paths.adminCourses, list: 'courses.adminList' },
  { label: 'Course templates', to: paths.adminCourseTemplates, list: 'course-templates.list' },
  { label: 'Lesson requests', to: paths.adminMeetingRequests, list: 'meetingRequests.adminList' },
  { label: 'Schedule', to: paths.adminSchedule, list: 'schedule.adminMeetings' },
  { label: 'Lesson history', to: paths.adminLessonHistory, list: 'lessonHistory.list' },
  // Everyone signed in lists their own feedback: the screen is for those who moderate it.
  { label: 'Lesson feedback', to: paths.adminLessonFeedback, list: 'tutorFeedbacks.adminDelete' },
  { label: 'Trials', to: paths.adminTrials, list: 'trials.adminList' },
  { label: 'Callback requests', to: paths.adminCallbackRequests, list: 'trials.callbackRequests' },
  { label: 'Meta tags', to: paths.adminMetaTags, list: 'meta-tags.list' },
  { label: 'Redirections', to: paths.adminRedirections, list: 'redirections.list' },
  { label: 'Sitemap', to: paths.adminSitemap, list: 'sitemap.list' },
  { label: 'Reported issues', to: paths.adminReportedIssues, list: 'reportIssues.list' },
  { label: 'Tags', to: paths.adminTags, list: 'tags.adminList' },
  { label: 'Chat', to: paths.adminChat, list: 'chat.users' },
];

function AdminFrame() {
  const session = useSession();
  const { pathname } = useLocation();
  // Phones: the sections fold behind one button, so the page itself starts on the first screen.
  const [open, setOpen] = useState(false);
  if (!canUseBackOffice(session?.user)) {
    // Tutors and students have a lesson history of their own (the API holds them to their rows).
    if (pathname.startsWith(paths.adminLessonHistory) && canCall(session?.user, 'lessonHistory.list'))
      return <Navigate to={paths.portalLessonHistory} replace />;
    return (
      <Box maxW="lg" mx="auto" py="16" px="4" textAlign="center">
        <Heading size="xl">No access</Heading>
        <Text color="fg.muted">The back-office is for administrators.</Text>
      </Box>
    );
  }
  const visible = sections.filter((section) => canCall(session?.user, section.list));
  const current = visible.find((section) => pathname.startsWith(section.to));
  return (
    <Flex
      maxW="7xl"
      mx="auto"
      px="4"
      py={{ base: '3', md: '6' }}
      gap={{ base: '3', md: '6' }}
      direction={{ base: 'column', md: 'row' }}
    >
      <Box as="nav" aria-label="Back-office" w={{ md: '56' }} flexShrink={0}>
        <Button
          display={{ base: 'flex', md: 'none' }}
          variant="outline"
          size="sm"
          w="full"
          justifyContent="space-between"
          bg="bg"
          aria-expanded={open}
          aria-controls="back-office-sections"
          onClick={() => setOpen(!open)}
        >
          Back-office{current ? `: ${current.label}` : ''}
          {open ? <LuChevronUp /> : <LuChevronDown />}
        </Button>
        <Box
          id="back-office-sections"
          display={{ base: open ? 'block' : 'none', md: 'block' }}
          mt={{ base: '2', md: '0' }}
        >
          <Heading
            size="sm"
            color="fg.muted"
            textTransform="uppercase"
            mb="3"
            display={{ base: 'none', md: 'block' }}
          >
            Back-office
          </Heading>
          <Stack gap="1">
            {visible.map((section) => (
              <NavLink key={section.to} to={section.to} onClick={() => setOpen(false)}>
                {({ isActive }) => (
                  <Box
                    px="3"
                    py="2"
                    rounded="md"
                    bg={isActive ? 'brand.subtle' : undefined}
                    fontWeight={isActive ? 'semibold' : 'normal'}
                    _hover={{ bg: 'bg.muted' }}
                  >
                    {section.label}
                  </Box>
                )}
              </NavLink>
            ))}
          </Stack>
        </Box>
      </Box>
      <Box flex="1" minW="0">
        <Outlet />
      </Box>
    </Flex>
  );
}

export default function AdminLayout() {
  return (
    <RequireSession>
      <AdminFrame />
    </RequireSession>
  );
}
