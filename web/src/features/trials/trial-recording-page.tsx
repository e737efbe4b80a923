import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { RequireSession } from '../../components/require-session';
import { canEditRecordings } from '../../components/trials/recording-form';
import { TrialBadges } from '../../components/trials/trial-badges';
import { TrialRecordings } from '../../components/trials/trial-recordings';
import { paths } from '../../config/paths';
import { useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { useSession } from '../../lib/session';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';

/** /trial-recording/{trialId}: the trial lesson, its status and outcome, and its recordings. */
function TrialRecording() {
  const { trialId } = useParams();
  const user = useSession()?.user;
  const zone = deviceTimeZone();
  const { data, error, mutate } = useApi(trialId ? ['trials.recordings', { params: { id: trialId } }] : null);
  usePageMeta(data ? `Free Trial: ${data.trial.subject} (${data.trial.grade})` : 'Free trial');
  if (error) {
    return (
      <Box maxW="3xl" mx="auto" px="4" py="8">
        <Text>This trial could not be found.</Text>
      </Box>
    );
  }
  if (!data) return null;
  const { trial } = data;
  // The trial's own people open its course; an administrator has the back-office.
  const inCourse = user?._id === trial.studentId || user?._id === trial.tutorId;
  return (
    <Box maxW="3xl" mx="auto" px="4" py="8">
      <Stack gap="5">
        <Stack gap="1">
          <TrialBadges trial={trial} />
          <Heading as="h1" size="2xl">
            Free Trial: {trial.subject} ({trial.grade})
          </Heading>
          <Text color="fg.muted">
            {trial.curriculum} · {trial.student.firstname} {trial.student.lastname} with{' '}
            {trial.tutor.firstname} {trial.tutor.lastname}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {formatDateTime(trial.startDate, zone)} – {formatTime(trial.endDate, zone)} ({zone})
          </Text>
        </Stack>
        <Card.Root>
          <Card.Header>
            <HStack justify="space-between" gap="3">
              <Heading size="md">Recordings</Heading>
              {inCourse && (
                <Button asChild size="xs" variant="outline">
                  <RouterLink to={`${paths.portalCourses}/${trial.courseId}`}>Open course</RouterLink>
                </Button>
              )}
            </HStack>
          </Card.Header>
          <Card.Body>
            <TrialRecordings
              trial={trial}
              editable={canEditRecordings(user, trial)}
              onChange={(saved) => mutate({ trial: saved }, { revalidate: false })}
            />
          </Card.Body>
        </Card.Root>
      </Stack>
    </Box>
  );
}

export default function TrialRecordingPage() {
  return (
    <RequireSession>
      <TrialRecording />
    </RequireSession>
  );
}
