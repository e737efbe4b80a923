import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { WaitingRoomConnection } from '../../../../shared/realtime/socket-events';
import type { ScheduledLesson } from '../../../../shared/routes/schedule';
import { formatDuration } from '../../../../shared/scheduling/durations';
import { ClassTimingChip } from '../../components/lessons/class-timing-chip';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { useSession } from '../../lib/session';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';
import { useNow } from '../../lib/use-now';
import { useRoomLesson } from './api/get-lesson';
import { useRoomPresence } from './api/use-room-presence';
import {
  joinOpensAt,
  ROOM_REFRESH_MS,
  type RoomPerson,
  type RoomPhase,
  roomNotice,
  roomPeople,
  roomPhase,
  roomViewer,
} from './room-view';

const coursePath = (courseId: string) => `${paths.portalCourses}/${encodeURIComponent(courseId)}`;

const noticeStatus: Record<RoomPhase, 'info' | 'warning' | 'neutral' | 'success'> = {
  cancelled: 'warning',
  ended: 'neutral',
  notOpen: 'info',
  open: 'info',
  live: 'info',
};

/**
 * What a failed read shows. The server answers 404 both for an unknown lesson and for one the viewer is
 * not part of (it does not tell which lessons exist), so the page says both; the error toast has already
 * been shown once by the API client.
 */
function RoomUnavailable({ error, retry }: { error: unknown; retry: () => void }) {
  const missing = error instanceof ApiError && [400, 403, 404].includes(error.status);
  return (
    <Center minH="calc(100vh - 64px)" px="4">
      <Stack gap="4" textAlign="center" maxW="md" data-testid="waiting-room-unavailable">
        <Heading as="h1" size="2xl">
          {missing ? 'Lesson not found' : 'The waiting room could not be loaded'}
        </Heading>
        <Text color="fg.muted">
          {missing
            ? 'There is no lesson at this link for your account. The link may be incomplete, or the lesson belongs to another account: sign in with the account that is booked on the lesson.'
            : 'Check your connection and try again.'}
        </Text>
        {missing ? (
          <Button asChild alignSelf="center">
            <RouterLink to={paths.portalCourses}>Go to my courses</RouterLink>
          </Button>
        ) : (
          <Button alignSelf="center" onClick={retry}>
            Retry
          </Button>
        )}
      </Stack>
    </Center>
  );
}

function JoinStatus({ joinedAt, ended }: { joinedAt: string | null | undefined; ended: boolean }) {
  if (joinedAt === undefined) return null;
  return joinedAt ? (
    <Badge colorPalette="green">Joined at {formatTime(joinedAt)}</Badge>
  ) : (
    <Badge colorPalette="gray">{ended ? 'Did not join' : 'Not joined yet'}</Badge>
  );
}

function PersonRow({ person, isViewer, ended }: { person: RoomPerson; isViewer: boolean; ended: boolean }) {
  return (
    <HStack justify="space-between" gap="3" wrap="wrap" data-testid="room-person">
      <HStack gap="2">
        <Text fontWeight="medium">
          {person.name}
          {isViewer && (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              (you)
            </Text>
          )}
        </Text>
        <Badge variant="outline">{person.role}</Badge>
      </HStack>
      <JoinStatus joinedAt={person.joinedAt} ended={ended} />
    </HStack>
  );
}

function People({ lesson, phase }: { lesson: ScheduledLesson; phase: RoomPhase }) {
  const viewerId = useSession()?.user._id;
  const { people, firstStudentJoinedAt } = roomPeople(lesson);
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{phase === 'ended' ? 'Who joined' : 'Who has joined'}</Heading>
      </Card.Header>
      <Card.Body gap="3">
        {people.map((person) => (
          <PersonRow
            key={`${person.role}-${person._id}`}
            person={person}
            isViewer={person._id === viewerId}
            ended={phase === 'ended'}
          />
        ))}
        {people.length === 0 && <Text color="fg.muted">Nobody is booked on this lesson.</Text>}
        {firstStudentJoinedAt !== undefined && (
          <Text color="fg.muted" fontSize="sm">
            {firstStudentJoinedAt
              ? `The first student joined at ${formatTime(firstStudentJoinedAt)}.`
              : phase === 'ended'
                ? 'No student joined.'
                : 'No student has joined yet.'}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

const presenceKinds: Record<WaitingRoomConnection['kind'], string> = {
  STUDENT: 'Student',
  TUTOR: 'Tutor',
  ADMIN: 'Admin',
};

/** Who has this room open now (pushed over the socket), beside who has joined the meeting. */
function InTheRoom({ connections }: { connections: WaitingRoomConnection[] | undefined }) {
  const viewerId = useSession()?.user._id;
  return (
    <Card.Root data-testid="room-presence">
      <Card.Header>
        <Heading size="md">In the waiting room now</Heading>
      </Card.Header>
      <Card.Body gap="2">
        {connections === undefined && <Text color="fg.muted">Connecting…</Text>}
        {connections?.map((person) => (
          <HStack key={person.userId} gap="2" data-testid="room-present">
            <Text fontWeight="medium">
              {person.firstname} {person.lastname}
              {person.userId === viewerId && (
                <Text as="span" color="fg.muted" fontWeight="normal">
                  {' '}
                  (you)
                </Text>
              )}
            </Text>
            <Badge variant="outline">{presenceKinds[person.kind]}</Badge>
          </HStack>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

function Room({
  lesson,
  refreshFailed,
  retry,
}: {
  lesson: ScheduledLesson;
  refreshFailed: boolean;
  retry: () => void;
}) {
  // The clock the room's phase is judged by (not open, open, live, ended).
  const now = useNow(ROOM_REFRESH_MS);
  const viewerId = useSession()?.user._id;
  const zone = deviceTimeZone();
  const phase = roomPhase(lesson, now);
  const closed = phase === 'cancelled' || phase === 'ended';
  const present = useRoomPresence(closed ? undefined : lesson._id, retry);
  const notice = roomNotice({
    phase,
    viewer: roomViewer(lesson, viewerId),
    tutorJoined: !!lesson.tutorJoinTime,
    studentJoined: !!lesson.studentJoinTime,
    groupLesson: lesson.students.length > 1,
  });
  const minutes =
    lesson.duration ??
    (lesson.start && lesson.end
      ? Math.round((Date.parse(lesson.end) - Date.parse(lesson.start)) / 60_000)
      : 0);
  const course = coursePath(lesson.course);
  return (
    <Box maxW="3xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        {/* A closed room's own button leads back (below its notice); an open room keeps this link up top. */}
        {!closed && (
          <Link asChild color="brand.fg" fontSize="sm" alignSelf="start">
            <RouterLink to={course}>← Back to the course</RouterLink>
          </Link>
        )}
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="brand">Waiting room</Badge>
            {lesson.type === 'TRIAL' && <Badge colorPalette="purple">Trial</Badge>}
            <ClassTimingChip lesson={lesson} />
          </HStack>
          <Heading as="h1" size="2xl" textDecoration={phase === 'cancelled' ? 'line-through' : undefined}>
            {lesson.title}
          </Heading>
          <Text color="fg.muted">
            Course:{' '}
            <Link asChild color="brand.fg">
              <RouterLink to={course}>{lesson.courseTitle || 'Open the course'}</RouterLink>
            </Link>
          </Text>
          <Text fontSize="sm" data-testid="room-when">
            {formatDateTime(lesson.start, zone)} – {formatTime(lesson.end, zone)} ({zone}) ·{' '}
            {formatDuration(minutes)}
          </Text>
        </Stack>
        <Alert.Root status={noticeStatus[phase]} data-testid="room-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{notice.title}</Alert.Title>
            <Alert.Description>
              {notice.body}
              {phase === 'notOpen' &&
                lesson.start &&
                ` Come back at ${formatTime(joinOpensAt(lesson.start), zone)}.`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {closed && (
          <Button asChild colorPalette="brand" alignSelf="start">
            <RouterLink to={course}>Back to the course</RouterLink>
          </Button>
        )}
        {!closed && <InTheRoom connections={present} />}
        {phase !== 'cancelled' && <People lesson={lesson} phase={phase} />}
        {!closed &&
          (refreshFailed ? (
            <HStack gap="2">
              <Text color="fg.error" fontSize="sm">
                This page could not be updated.
              </Text>
              <Button size="xs" variant="outline" onClick={retry}>
                Retry
              </Button>
            </HStack>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              Keep this page open: it updates every {ROOM_REFRESH_MS / 1000} seconds.
            </Text>
          ))}
      </Stack>
    </Box>
  );
}

/**
 * /waiting-room/{waitingId}: the meeting room the Join button opens (the local meeting adapter's join URL;
 * waitingId is the lesson's id). It shows the lesson, who is in the room now (pushed over the WebSocket),
 * its people and who has joined, read again every 15 seconds until joins are pushed too.
 */
function WaitingRoom() {
  const { waitingId } = useParams();
  const { data: lesson, error, mutate } = useRoomLesson(waitingId);
  usePageMeta(lesson ? `Waiting room: ${lesson.title}` : 'Waiting room');
  const retry = () => void mutate();
  if (!lesson) return error ? <RoomUnavailable error={error} retry={retry} /> : null;
  return <Room lesson={lesson} refreshFailed={!!error} retry={retry} />;
}

export default function WaitingRoomPage() {
  return (
    <RequireSession>
      <WaitingRoom />
    </RequireSession>
  );
}
