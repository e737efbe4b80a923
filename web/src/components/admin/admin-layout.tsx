import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import {
  canManageCourses,
  canManageMetaTags,
  canManageRedirections,
  canManageRoles,
  canManageSitemap,
  canUseBackOffice,
  canViewCourseTemplates,
  canViewLessonHistory,
  canViewLessonRequests,
  canViewReportedIssues,
  canViewSchedule,
  canViewTrials,
  canViewUsers,
} from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { RequireSession } from '../require-session';

const sections = [
  { label: 'Roles & permissions', to: paths.adminRoles, visible: canManageRoles },
  { label: 'Courses', to: paths.adminCourses, visible: canManageCourses },
  { label: 'Course templates', to: paths.adminCourseTemplates, visible: canViewCourseTemplates },
  { label: 'Lesson requests', to: paths.adminMeetingRequests, visible: canViewLessonRequests },
  { label: 'Schedule', to: paths.adminSchedule, visible: canViewSchedule },
  { label: 'Lesson history', to: paths.adminLessonHistory, visible: canViewLessonHistory },
  { label: 'Trials', to: paths.adminTrials, visible: canViewTrials },
  { label: 'Callback requests', to: paths.adminCallbackRequests, visible: canViewTrials },
  { label: 'Meta tags', to: paths.adminMetaTags, visible: canManageMetaTags },
  { label: 'Redirections', to: paths.adminRedirections, visible: canManageRedirections },
  { label: 'Sitemap', to: paths.adminSitemap, visible: canManageSitemap },
  { label: 'Reported issues', to: paths.adminReportedIssues, visible: canViewReportedIssues },
  // GET /admin/tags needs adminUsers view: tags label the users that role manages.
  { label: 'Tags', to: paths.adminTags, visible: canViewUsers },
];

function AdminFrame() {
  const session = useSession();
  if (!canUseBackOffice(session?.user)) {
    return (
      <Box maxW="lg" mx="auto" py="16" px="4" textAlign="center">
        <Heading size="xl">No access</Heading>
        <Text color="fg.muted">The back-office is for administrators.</Text>
      </Box>
    );
  }
  return (
    <Flex maxW="7xl" mx="auto" px="4" py="6" gap="6" direction={{ base: 'column', md: 'row' }}>
      <Box as="nav" aria-label="Back-office" w={{ md: '56' }} flexShrink={0}>
        <Heading size="sm" color="fg.muted" textTransform="uppercase" mb="3">
          Back-office
        </Heading>
        <Stack gap="1">
          {sections
            .filter((section) => section.visible(session?.user))
            .map((section) => (
              <NavLink key={section.to} to={section.to}>
                {({ isActive }) => (
                  <Box
                    px="3"
                    py="2"
                    rounded="md"
                    bg={isActive ? 'teal.subtle' : undefined}
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
