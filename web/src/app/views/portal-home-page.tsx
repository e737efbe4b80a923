import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { canEditAnyAvailability } from '../../features/availability/availability-form';
import { CourseCards } from '../../features/courses/course-cards';
import { ChildrenOverview } from '../../features/family/children-overview';
import { BookTrialButton } from '../../features/trials/book-trial-button';
import { MyTrials } from '../../features/trials/my-trials';
import { TrialCreatedDialog } from '../../features/trials/trial-created-dialog';
import { TrialIntentNotice, useTrialIntent } from '../../features/trials/trial-intent';
import { useMyCourses } from '../../lib/api/courses';
import { canUseBackOffice } from '../../lib/back-office';
import { usePageMeta } from '../../lib/meta-tags';
import { canCall } from '../../lib/permissions';
import { deviceTimeZone } from '../../lib/time-zone';
import { useAuthUser } from '../../lib/use-auth-user';

function PortalHome() {
  const { user: current } = useAuthUser();
  const { data: courses } = useMyCourses(
    current ? { limit: 6, offset: 0, deviceTimezone: deviceTimeZone() } : null,
  );
  usePageMeta('My portal');
  const trialIntent = useTrialIntent();
  if (!current) return null;
  // A free trial is a student's own: a parent is not offered one for themselves (nor anyone else).
  const offersTrial = current.type === 'student' && !current.isTrialApplied;
  const isParent = current.type === 'parent';
  // A parent's own courses are listed only when they have some: their home is their children's.
  const showsCourses = !isParent || (courses?.docs.length ?? 0) > 0;
  // Back from "Log in" in the trial dialog: the dialog opens again, or this says why it does not.
  const trialNotice =
    !offersTrial && (trialIntent.startTrial || trialIntent.trialApplied)
      ? trialIntent.trialApplied || current.isTrialApplied
        ? 'You have already booked your free trial class. You can find it under My trials.'
        : 'Free trial classes are booked with a student account.'
      : undefined;

  return (
    <Box maxW="7xl" mx="auto" px="4" py="8">
      <TrialCreatedDialog />
      <Stack gap="6">
        {trialNotice && <TrialIntentNotice message={trialNotice} onDismiss={trialIntent.dismiss} />}
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Welcome, {current.firstname}!
          </Heading>
          <HStack>
            {/* A parent holds the Student role's permissions (spec's six roles), but is not a student. */}
            <Badge colorPalette="brand">{current.type === 'parent' ? 'Parent' : current.role.name}</Badge>
            {current.impersonatedBy && <Badge colorPalette="orange">Signed in by an administrator</Badge>}
          </HStack>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Card.Root>
            <Card.Body>
              <Heading size="md">Your account</Heading>
              <Text color="fg.muted">{current.email}</Text>
            </Card.Body>
          </Card.Root>
          {current.userMapper && (
            <Card.Root>
              <Card.Body gap="3">
                <Heading size="md">Linked accounts</Heading>
                <Text color="fg.muted">{linkedAccountsText(current.userMapper.users.length - 1)}</Text>
                <Button asChild size="sm" variant="outline" alignSelf="start">
                  <RouterLink to={paths.manageAccounts}>Switch account</RouterLink>
                </Button>
              </Card.Body>
            </Card.Root>
          )}
          {(isParent || current.type === 'student') && (
            <Card.Root>
              <Card.Body gap="3">
                <Heading size="md">Invoices</Heading>
                <Text color="fg.muted">
                  {isParent
                    ? "Your family's invoices: see, print and pay them."
                    : 'See, print and pay your invoices.'}
                </Text>
                <Button asChild size="sm" variant="outline" alignSelf="start">
                  <RouterLink to={paths.portalInvoices}>My invoices</RouterLink>
                </Button>
              </Card.Body>
            </Card.Root>
          )}
          {(current.type === 'tutor' || canEditAnyAvailability(current)) && (
            <Card.Root>
              <Card.Body gap="3">
                <Heading size="md">My availability</Heading>
                <Text color="fg.muted">Weekly hours, days off, time zone and subjects taught.</Text>
                <Button asChild size="sm" variant="outline" alignSelf="start">
                  <RouterLink to={paths.portalAvailability}>Edit availability</RouterLink>
                </Button>
              </Card.Body>
            </Card.Root>
          )}
          {current.type === 'tutor' && (
            <Card.Root>
              <Card.Body gap="3">
                <Heading size="md">My pay</Heading>
                <Text color="fg.muted">What each lesson you taught pays, and whether it is paid.</Text>
                <Button asChild size="sm" variant="outline" alignSelf="start">
                  <RouterLink to={paths.portalPay}>Open my pay</RouterLink>
                </Button>
              </Card.Body>
            </Card.Root>
          )}
          {canUseBackOffice(current) && (
            <Card.Root>
              <Card.Body gap="3">
                <Heading size="md">Back-office</Heading>
                <Text color="fg.muted">Manage roles and permissions.</Text>
                <Button asChild size="sm" alignSelf="start">
                  <RouterLink to={paths.admin}>Open admin</RouterLink>
                </Button>
              </Card.Body>
            </Card.Root>
          )}
        </SimpleGrid>
        {isParent && <ChildrenOverview />}
        <MyTrials user={current} />
        {showsCourses && (
          <Stack gap="4">
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Heading size="lg">My courses</Heading>
              <HStack gap="2" wrap="wrap">
                {offersTrial && (
                  <BookTrialButton
                    trigger={<Button colorPalette="brand">Book your FREE Class</Button>}
                    defaultOpen={trialIntent.startTrial}
                  />
                )}
                <Button asChild variant="outline" size="sm">
                  <RouterLink to={paths.portalSchedule}>Schedule</RouterLink>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <RouterLink to={paths.portalRequests}>My requests</RouterLink>
                </Button>
                {canCall(current, 'lessonHistory.list') && (
                  <Button asChild variant="outline" size="sm">
                    <RouterLink to={paths.portalLessonHistory}>Lesson history</RouterLink>
                  </Button>
                )}
                {current.type === 'tutor' && canCall(current, 'penaltyWaivers.appeal') && (
                  <Button asChild variant="outline" size="sm">
                    <RouterLink to={paths.portalPenalties}>My penalties</RouterLink>
                  </Button>
                )}
                <Button asChild variant="outline" size="sm">
                  <RouterLink to={paths.portalCourses}>All courses</RouterLink>
                </Button>
              </HStack>
            </HStack>
            {courses && courses.docs.length > 0 ? (
              <CourseCards courses={courses.docs} />
            ) : (
              courses && <Text color="fg.muted">You have no courses yet.</Text>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

export default function PortalHomePage() {
  return (
    <RequireSession>
      <PortalHome />
    </RequireSession>
  );
}

/** The mapper's list holds the signed-in account first, then those it may switch to: count only those. */
function linkedAccountsText(others: number): string {
  return others === 1 ? '1 account is linked to yours.' : `${others} accounts are linked to yours.`;
}
