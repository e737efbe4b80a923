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
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { WaitingRoomConnection } from '../../../../shared/realtime/socket-events';
import type { MeetingData } from '../../../../shared/routes/meetings';
import { formatDuration } from '../../../../shared/scheduling/durations';
import { ClassTimingChip } from '../../components/lessons/class-timing-chip';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { useSession } from '../../lib/session';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';
import { useNow } from '../../lib/use-now';
import { joinMeeting, keepMeeting, notifyWaiting, startMeeting, useMeetingData } from './api/meeting-data';
import { useRoomPresence } from './api/use-room-presence';
import {
  isRoomOpen,
  joinOpensAt,
  type PresenceStatus,
  ROOM_CLOCK_MS,
  type RoomPerson,
  type RoomPhase,
  roomErrorMessage,
  roomNotice,
  roomPeople,
  roomPhase,
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
 * What a failed read shows: the server's own message (spec 001 section 8: "Lesson not found", "Only this
 * lesson's tutor, its students and admins can enter its waiting room"), with the way to the user's courses
 * when the lesson is not theirs, or a retry when the server could not be reached. The meeting data is
 * cleared meanwhile, so nothing of the lesson stays on the page. The error toast was shown once by the API
 * client.
 */
function RoomUnavailable({ error, retry }: { error: unknown; retry: () => void }) {
  const missing = error instanceof ApiError && [400, 403, 404].includes(error.status);
  const refused = error instanceof ApiError && error.status === 403;
  const message = roomErrorMessage(error);
  return (
    <Center minH="calc(100vh - 64px)" px="4">
      <Stack gap="4" textAlign="center" maxW="md" data-testid="waiting-room-unavailable">
        <Heading as="h1" size="2xl">
          {refused
            ? 'This waiting room is not yours'
            : missing
              ? 'Lesson not found'
              : 'The waiting room could not be loaded'}
        </Heading>
        {message && (
          <Text fontWeight="medium" data-testid="waiting-room-error">
            {message}
          </Text>
        )}
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

const statusBadge: Record<PresenceStatus, { palette: string; label: (since: string | null) => string }> = {
  in: {
    palette: 'green',
    label: (since) => (since ? `In the lesson since ${formatTime(since)}` : 'In the lesson'),
  },
  waiting: {
    palette: 'orange',
    label: (since) => (since ? `Waiting since ${formatTime(since)}` : 'Waiting'),
  },
  away: { palette: 'gray', label: () => 'Not here yet' },
};

function PersonRow({ person, isViewer, ended }: { person: RoomPerson; isViewer: boolean; ended: boolean }) {
  const badge = statusBadge[person.status];
  // Once the lesson is over only the joins count (the lesson history's attendance).
  const label = ended
    ? person.status === 'in' && person.since
      ? `Joined at ${formatTime(person.since)}`
      : 'Did not join'
    : badge.label(person.since);
  return (
    <HStack justify="space-between" gap="3" wrap="wrap" data-testid="room-person" data-status={person.status}>
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
      <Badge colorPalette={ended ? (person.status === 'in' ? 'green' : 'gray') : badge.palette}>
        {label}
      </Badge>
    </HStack>
  );
}

/** The lesson's people: who is in the meeting, who waits in the room, who has not come (pushed). */
function People({ meeting, phase }: { meeting: MeetingData; phase: RoomPhase }) {
  const viewerId = useSession()?.user._id;
  const people = roomPeople(meeting);
  const count = (status: PresenceStatus) => people.filter((person) => person.status === status).length;
  return (
    <Card.Root data-testid="room-people">
      <Card.Header>
        <Heading size="md">{phase === 'ended' ? 'Who joined' : 'Who is waiting and who is in'}</Heading>
        {phase !== 'ended' && (
          <Text color="fg.muted" fontSize="sm" data-testid="room-counts">
            {count('in')} in the lesson · {count('waiting')} waiting · {count('away')} not here yet
          </Text>
        )}
      </Card.Header>
      <Card.Body gap="3">
        {people.map((person) => (
          <PersonRow
            key={person.userId}
            person={person}
            isViewer={person.userId === viewerId}
            ended={phase === 'ended'}
          />
        ))}
        {people.length === 0 && <Text color="fg.muted">Nobody is booked on this lesson.</Text>}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The meeting itself: the tutor's Start while it is not started, then the join link for the lesson's
 * people (an admin watching gets the link without joining, so no join time is recorded for them).
 */
function MeetingActions({ meeting, phase }: { meeting: MeetingData; phase: RoomPhase }) {
  const [starting, setStarting] = useState(false);
  if (!isRoomOpen(phase)) return null;
  if (meeting.status === 'STARTED' && meeting.joinUrl) {
    // The tutor starts a Zoom meeting as its host; everyone else joins.
    const joinUrl = meeting.hostUrl ?? meeting.joinUrl;
    return (
      <HStack gap="3" wrap="wrap" data-testid="meeting-started">
        {meeting.viewerKind === 'ADMIN' ? (
          <Button asChild colorPalette="brand">
            <a href={joinUrl} target="_blank" rel="noreferrer">
              Open the meeting
            </a>
          </Button>
        ) : (
          <Button colorPalette="brand" onClick={() => void joinMeeting(meeting.waitingId, joinUrl)}>
            Join the lesson
          </Button>
        )}
        {meeting.startedAt && (
          <Text color="fg.muted" fontSize="sm">
            Started at {formatTime(meeting.startedAt)}
          </Text>
        )}
      </HStack>
    );
  }
  if (meeting.viewerKind !== 'TUTOR') return null;
  return (
    <Button
      colorPalette="brand"
      alignSelf="start"
      loading={starting}
      onClick={() => {
        setStarting(true);
        startMeeting(meeting.waitingId)
          .catch(() => undefined)
          .finally(() => setStarting(false));
      }}
    >
      Start the lesson
    </Button>
  );
}

const presenceKinds: Record<WaitingRoomConnection['kind'], string> = {
  STUDENT: 'Student',
  TUTOR: 'Tutor',
  ADMIN: 'Admin',
};

/** Who has this room open now (pushed over the socket), admins watching included. */
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

function Room({ meeting, reread }: { meeting: MeetingData; reread: () => void }) {
  // The clock the room's phase is judged by (not open, open, live, ended); the rest is pushed.
  const now = useNow(ROOM_CLOCK_MS);
  const { lesson } = meeting;
  const zone = deviceTimeZone();
  const phase = roomPhase(lesson, now);
  const closed = phase === 'cancelled' || phase === 'ended';
  const present = useRoomPresence(closed ? undefined : meeting.waitingId, { reread, onMeeting: keepMeeting });
  const participant = meeting.viewerKind !== 'ADMIN';
  const waitingId = meeting.waitingId;
  // The lesson's people tell the room they are here once it is open (the server keeps the first time).
  useEffect(() => {
    if (participant && isRoomOpen(phase)) void notifyWaiting(waitingId).catch(() => undefined);
  }, [participant, phase, waitingId]);
  const notice = roomNotice({ phase, viewer: meeting.viewerKind, meeting });
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
        <MeetingActions meeting={meeting} phase={phase} />
        {closed && (
          <Button asChild colorPalette="brand" alignSelf="start">
            <RouterLink to={course}>Back to the course</RouterLink>
          </Button>
        )}
        {phase !== 'cancelled' && <People meeting={meeting} phase={phase} />}
        {!closed && <InTheRoom connections={present} />}
        {!closed && (
          <Text color="fg.muted" fontSize="sm">
            Keep this page open: it updates by itself as people arrive and the lesson starts.
          </Text>
        )}
      </Stack>
    </Box>
  );
}

/**
 * /waiting-room/{waitingId} (waitingId is the lesson's id; the course page's Join opens it): the lesson,
 * who waits and who is in, the tutor's Start and, once started, the join link. Read once with GET
 * meeting-data, then kept by the socket's pushes (no polling). A failed read, first or later, clears the
 * meeting data and shows the server's message (spec 001 section 8).
 */
function WaitingRoom() {
  const { waitingId } = useParams();
  const { data, error, mutate } = useMeetingData(waitingId);
  const meeting = error ? undefined : data;
  usePageMeta(meeting ? `Waiting room: ${meeting.lesson.title}` : 'Waiting room');
  const reread = () => void mutate();
  if (!meeting) return error ? <RoomUnavailable error={error} retry={reread} /> : null;
  return <Room meeting={meeting} reread={reread} />;
}

export default function WaitingRoomPage() {
  return (
    <RequireSession>
      <WaitingRoom />
    </RequireSession>
  );
}
