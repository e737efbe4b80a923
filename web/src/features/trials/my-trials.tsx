import { Box, Button, ButtonGroup, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AuthUser } from '../../../../shared/schemas/user';
import { canEditRecordings } from '../../components/trials/recording-form';
import { TrialBadges } from '../../components/trials/trial-badges';
import { paths } from '../../config/paths';
import { trialRecordingPath } from '../../config/trial-paths';
import { useApi } from '../../lib/api-client';
import { openAsChild } from '../../lib/open-as-child';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';

const PAGE_SIZE = 5;
const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

/**
 * "My trials" on the portal home (GET /trials): a student's own free trials, a parent's children's, and the
 * trials a tutor teaches, newest lesson first, with the lesson time in the viewer's zone. Nothing shows for
 * someone without any. A child's trial course is the child's (a course's page is its members'): the parent
 * opens it in the child's account.
 */
export function MyTrials({ user }: { user: AuthUser }) {
  const zone = deviceTimeZone();
  const [offset, setOffset] = useState(0);
  const { data } = useApi(['trials.list', { query: { limit: PAGE_SIZE, offset } }], {
    keepPreviousData: true,
  });
  if (!data || data.totalDocs === 0) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="my-trials">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <Heading size="lg" id="my-trials">
            My trials
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Times in {zone}
          </Text>
        </Stack>
        {data.totalDocs > PAGE_SIZE && (
          <ButtonGroup size="xs" variant="outline">
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Previous
            </Button>
            <Button
              disabled={offset + PAGE_SIZE >= data.totalDocs}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              Next
            </Button>
          </ButtonGroup>
        )}
      </HStack>
      <Stack gap="2">
        {data.docs.map((trial) => {
          const people = [
            trial.studentId !== user._id ? `Student: ${fullName(trial.student)}` : undefined,
            trial.tutorId !== user._id ? `Tutor: ${fullName(trial.tutor)}` : undefined,
          ].filter(Boolean);
          const recordings = trial.recordings.length;
          return (
            <Box key={trial._id} data-testid="trial-row" bg="bg" borderWidth="1px" rounded="lg" px="4" py="3">
              <HStack justify="space-between" align="start" gap="3" wrap="wrap">
                <Stack gap="1">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold">
                      Free Trial: {trial.subject} ({trial.grade})
                    </Text>
                    <TrialBadges trial={trial} />
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {trial.curriculum} · {formatDateTime(trial.startDate, zone)} –{' '}
                    {formatTime(trial.endDate, zone)}
                    {people.length > 0 && ` · ${people.join(' · ')}`}
                  </Text>
                </Stack>
                <HStack gap="2">
                  {(recordings > 0 || canEditRecordings(user, trial)) && (
                    <Button
                      asChild
                      size="xs"
                      variant={recordings > 0 ? 'solid' : 'outline'}
                      colorPalette="brand"
                    >
                      <RouterLink to={trialRecordingPath(trial._id)}>
                        {recordings > 0
                          ? recordings === 1
                            ? 'Watch recording'
                            : `Recordings (${recordings})`
                          : 'Recordings'}
                      </RouterLink>
                    </Button>
                  )}
                  {trial.studentId === user._id || trial.tutorId === user._id ? (
                    <Button asChild size="xs" variant="outline">
                      <RouterLink to={`${paths.portalCourses}/${trial.courseId}`}>Open course</RouterLink>
                    </Button>
                  ) : (
                    // A linked account's trial (a parent's child's): its course is the child's to open.
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() =>
                        openAsChild(trial.studentId, `${paths.portalCourses}/${trial.courseId}`).catch(
                          () => undefined,
                        )
                      }
                    >
                      Open as {trial.student.firstname}
                    </Button>
                  )}
                </HStack>
              </HStack>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
