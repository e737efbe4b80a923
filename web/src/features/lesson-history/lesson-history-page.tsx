import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { PresentedLessonHistory } from '../../../../shared/schemas/lesson-history';
import { ClassTimingChip } from '../../components/lessons/class-timing-chip';
import { LessonRecords } from '../../components/lessons/lesson-records';
import { RequireSession } from '../../components/require-session';
import { useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';

const PAGE_SIZE = 20;

const names = (people: Array<{ firstname: string; lastname: string }>) =>
  people.map((person) => `${person.firstname} ${person.lastname}`).join(', ');

/** One lesson that ended: when, with whom, the timing chip of the viewer's side, and its details. */
function LessonCard({ row, zone }: { row: PresentedLessonHistory; zone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root data-testid="my-lesson-history-row" data-entry-id={row._id}>
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Stack gap="0.5">
            <Text fontWeight="semibold">{row.course.title || row.title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(row.start, zone)} – {formatTime(row.end, zone)} · Ref {row.referenceKey}
            </Text>
          </Stack>
          <HStack gap="2">
            <Badge variant="outline">{row.lessonType}</Badge>
            <ClassTimingChip lesson={{ ...row, status: 'COMPLETED' }} />
          </HStack>
        </HStack>
        <Text fontSize="sm">
          Tutor: {row.tutor ? `${row.tutor.firstname} ${row.tutor.lastname}` : '—'} · Students:{' '}
          {names(row.students) || '—'}
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="my-lesson-history-joins">
          Tutor joined {row.tutorJoinTime ? formatTime(row.tutorJoinTime, zone) : '—'} · First student joined{' '}
          {row.studentJoinTime ? formatTime(row.studentJoinTime, zone) : '—'}
        </Text>
        <Button
          size="xs"
          variant="outline"
          alignSelf="start"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
        >
          {open ? 'Hide details' : 'Recordings and feedback'}
        </Button>
        {open && <LessonRecords entryId={row._id} zone={zone} />}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /portal/lesson-history: the signed-in tutor's or student's own lessons that ended (the API holds them to
 * their own rows), newest first, with the join times, the timing chip, the recordings and the feedback.
 */
function MyLessonHistory() {
  usePageMeta('Lesson history');
  const zone = deviceTimeZone();
  const [pages, setPages] = useState(1);
  const { data } = useApi(['lessonHistory.list', { query: { limit: PAGE_SIZE * pages, offset: 0 } }]);
  return (
    <Box maxW="4xl" mx="auto" px="4" py="8">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Lesson history
        </Heading>
        {data && data.docs.length === 0 && <Text color="fg.muted">No lesson has ended yet.</Text>}
        {data?.docs.map((row) => (
          <LessonCard key={row._id} row={row} zone={zone} />
        ))}
        {data && data.totalDocs > data.docs.length && (
          <Button variant="outline" alignSelf="center" onClick={() => setPages(pages + 1)}>
            Load more
          </Button>
        )}
      </Stack>
    </Box>
  );
}

export default function LessonHistoryPage() {
  return (
    <RequireSession>
      <MyLessonHistory />
    </RequireSession>
  );
}
