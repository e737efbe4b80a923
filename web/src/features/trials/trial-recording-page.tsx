import { Badge, Box, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { type Trial, trialOutcomeLabels } from '../../../../shared/schemas/trial';
import { RequireSession } from '../../components/require-session';
import { useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { formatDateTime } from '../../lib/time-zone';

const statusPalette: Record<Trial['status'], string> = {
  SCHEDULED: 'blue',
  PENDING: 'orange',
  COMPLETED: 'teal',
  SUCCEED: 'green',
  CANCELED: 'red',
};

/** /trial-recording/{trialId}: the trial lesson, its outcome and its recordings. */
function TrialRecording() {
  const { trialId } = useParams();
  const { data, error } = useApi<{ trial: Trial }>(
    trialId ? ['trials.recordings', { params: { id: trialId } }] : null,
  );
  usePageMeta(data ? `Free trial: ${data.trial.subject} (${data.trial.grade})` : 'Free trial');
  if (error) {
    return (
      <Box maxW="3xl" mx="auto" px="4" py="8">
        <Text>This trial could not be found.</Text>
      </Box>
    );
  }
  if (!data) return null;
  const { trial } = data;
  return (
    <Box maxW="3xl" mx="auto" px="4" py="8">
      <Stack gap="5">
        <Stack gap="1">
          <HStack>
            <Badge colorPalette={statusPalette[trial.status]}>{trial.status}</Badge>
            {trial.outcome && <Badge>{trialOutcomeLabels[trial.outcome]}</Badge>}
          </HStack>
          <Heading as="h1" size="2xl">
            Free trial: {trial.subject} ({trial.grade})
          </Heading>
          <Text color="fg.muted">
            {trial.curriculum} · with {trial.tutor.firstname} {trial.tutor.lastname} ·{' '}
            {formatDateTime(trial.startDate)}
          </Text>
        </Stack>
        <Card.Root>
          <Card.Header>
            <Heading size="md">Recordings</Heading>
          </Card.Header>
          <Card.Body>
            {trial.recordings.length === 0 ? (
              <Text color="fg.muted">
                No recording yet. Recordings appear here after the trial lesson has taken place.
              </Text>
            ) : (
              <Stack gap="2">
                {trial.recordings.map((recording) => (
                  <Link
                    key={recording._id}
                    href={recording.url}
                    target="_blank"
                    rel="noreferrer"
                    colorPalette="teal"
                  >
                    {recording.title} · {formatDateTime(recording.recordedAt)}
                  </Link>
                ))}
              </Stack>
            )}
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
