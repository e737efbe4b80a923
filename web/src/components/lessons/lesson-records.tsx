import { Badge, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { PresentedLessonHistory } from '../../../../shared/schemas/lesson-history';
import { MISSING_VALUE } from '../../config/app-constants';
import { useApi } from '../../lib/api-client';
import { formatDateTime, formatTime } from '../../lib/time-zone';
import { joinTimeCell } from './join-time';

const timingPalette = { red: 'red', blue: 'blue', amber: 'orange', green: 'green' } as const;

/** The attendance history (admin only): each participant's joins and last leave, with their timing chip. */
function Attendance({ row, zone }: { row: PresentedLessonHistory; zone: string }) {
  const entries = row.attendanceHistory ?? [];
  return (
    <Stack gap="2" data-testid="lesson-attendance">
      <Text fontWeight="semibold">Attendance</Text>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Person</Table.ColumnHeader>
            <Table.ColumnHeader>Joined</Table.ColumnHeader>
            <Table.ColumnHeader>Left</Table.ColumnHeader>
            <Table.ColumnHeader>Times in</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => {
            const { text, timing } = joinTimeCell(entry.joinedAt, row, zone);
            return (
              <Table.Row key={entry._id} data-testid="lesson-attendance-row">
                <Table.Cell>
                  {entry.firstname} {entry.lastname}{' '}
                  <Badge size="sm" variant="outline">
                    {entry.role === 'TUTOR' ? 'Tutor' : 'Student'}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2" wrap="wrap">
                    <Text whiteSpace="nowrap">{text}</Text>
                    {timing && (
                      <Badge size="sm" colorPalette={timingPalette[timing.color]}>
                        {timing.label}
                      </Badge>
                    )}
                  </HStack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {entry.leftAt && (!entry.lastJoinedAt || entry.leftAt >= entry.lastJoinedAt)
                    ? formatTime(entry.leftAt, zone)
                    : entry.joinedAt
                      ? 'Stayed to the end'
                      : MISSING_VALUE}
                </Table.Cell>
                <Table.Cell>{entry.joinCount}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/**
 * What one lesson history entry holds beyond its row (GET /lesson-history/{id}): the attendance history
 * (admins only: the server leaves it out for everyone else), the recordings and the feedbacks.
 */
export function LessonRecords({ entryId, zone }: { entryId: string; zone: string }) {
  const { data: row } = useApi(['lessonHistory.get', { params: { id: entryId } }]);
  if (!row) return <Text color="fg.muted">Loading…</Text>;
  const recordings = row.recordings ?? [];
  const feedbacks = row.feedbacks ?? [];
  return (
    <Stack gap="5" data-testid="lesson-records">
      {row.attendanceHistory && <Attendance row={row} zone={zone} />}
      <Stack gap="2" data-testid="lesson-recordings">
        <Text fontWeight="semibold">Recordings</Text>
        {recordings.length === 0 && <Text color="fg.muted">No recording of this lesson.</Text>}
        {recordings.map((recording) => (
          <HStack key={recording.fileId} gap="2" wrap="wrap">
            <Badge size="sm">{recording.fileType || 'Recording'}</Badge>
            {recording.playUrl ? (
              <Link href={recording.playUrl} target="_blank" rel="noreferrer" color="brand.fg">
                Watch
              </Link>
            ) : (
              <Text>Being processed</Text>
            )}
            <Text color="fg.muted" fontSize="sm">
              {recording.startedAt ? formatDateTime(recording.startedAt, zone) : ''}
            </Text>
          </HStack>
        ))}
      </Stack>
      <Stack gap="2" data-testid="lesson-feedbacks">
        <Text fontWeight="semibold">Feedback</Text>
        {feedbacks.length === 0 && <Text color="fg.muted">No feedback on this lesson yet.</Text>}
        {feedbacks.map((feedback) => (
          <Stack key={feedback._id} gap="0.5">
            <Text fontSize="sm">
              {feedback.kind === 'tutor'
                ? `${feedback.student.firstname} on ${feedback.tutor.firstname} ${feedback.tutor.lastname}`
                : `${feedback.tutor.firstname} on ${feedback.student.firstname} ${feedback.student.lastname}`}
              : {'★'.repeat(feedback.rating)}
            </Text>
            {feedback.comment && (
              <Text fontSize="sm" color="fg.muted">
                {feedback.comment}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
