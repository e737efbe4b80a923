import { Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { canEditRecordings } from '../../components/trials/recording-form';
import { TrialBadges } from '../../components/trials/trial-badges';
import { TrialRecordings } from '../../components/trials/trial-recordings';
import { trialRecordingPath } from '../../config/trial-paths';
import { useApi } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * The trial on its own course page: status, outcome and recordings; the trial's tutor adds and removes
 * recording links here. Read through GET /trials narrowed to the course's student, so it shows to exactly
 * those who may see the trial (its student, their parent, its tutor) and to nobody else.
 */
export function TrialPanel({ courseId, studentId }: { courseId: string; studentId: string | undefined }) {
  const user = useSession()?.user;
  const { data, mutate } = useApi(
    studentId ? ['trials.list', { query: { studentId, limit: 100, offset: 0 } }] : null,
  );
  const trial = data?.docs.find((t) => t.courseId === courseId);
  if (!trial) return null;
  return (
    <Card.Root data-testid="trial-panel">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <HStack gap="3" wrap="wrap">
            <Heading size="lg">Free trial</Heading>
            <TrialBadges trial={trial} />
          </HStack>
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to={trialRecordingPath(trial._id)}>Open trial page</RouterLink>
          </Link>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <Text fontWeight="medium">Recordings</Text>
          <TrialRecordings
            trial={trial}
            editable={canEditRecordings(user, trial)}
            onChange={(saved) =>
              mutate(
                (page) => page && { ...page, docs: page.docs.map((t) => (t._id === saved._id ? saved : t)) },
                {
                  revalidate: false,
                },
              )
            }
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
