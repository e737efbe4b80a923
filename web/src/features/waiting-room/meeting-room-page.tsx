import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { generatePath, Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { WaitingRoomConnection } from '../../../../shared/realtime/socket-events';
import type { MeetingData } from '../../../../shared/routes/meetings';
import { ClassTimingChip } from '../../components/lessons/class-timing-chip';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/meta-tags';
import { useSession } from '../../lib/session';
import { deviceTimeZone, formatDateTime, formatTime } from '../../lib/time-zone';
import { useMeetingData } from './api/meeting-data';
import { useMeetingRoom } from './api/use-meeting-room';

const kindLabels: Record<WaitingRoomConnection['kind'], string> = {
  TUTOR: 'Tutor',
  STUDENT: 'Student',
  ADMIN: 'Admin',
};

const initials = (person: Pick<WaitingRoomConnection, 'firstname' | 'lastname'>) =>
  `${person.firstname.charAt(0)}${person.lastname.charAt(0)}`.toUpperCase();

/** One person's tile on the room's stage: who they are, their part, since when they are in. */
function PersonTile({ person, isViewer }: { person: WaitingRoomConnection; isViewer: boolean }) {
  return (
    <Card.Root data-testid="meeting-room-person" data-kind={person.kind} bg="bg.muted" minH="36">
      <Card.Body alignItems="center" justifyContent="center" gap="2">
        <Center
          boxSize="14"
          borderRadius="full"
          bg={person.kind === 'TUTOR' ? 'brand.solid' : 'gray.solid'}
          color="white"
          fontWeight="bold"
          fontSize="lg"
          aria-hidden
        >
          {initials(person)}
        </Center>
        <Text fontWeight="medium" textAlign="center">
          {person.firstname} {person.lastname}
          {isViewer && (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              (you)
            </Text>
          )}
        </Text>
        <HStack gap="2">
          <Badge variant="outline">{kindLabels[person.kind]}</Badge>
          <Text fontSize="xs" color="fg.muted">
            in since {formatTime(person.since)}
          </Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A lesson whose meeting is at Zoom or Teams: this page only points there. */
function ProviderMeeting({ meeting }: { meeting: MeetingData }) {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>This lesson meets on its own video meeting</Alert.Title>
        <Alert.Description>
          {meeting.joinUrl ? (
            <a href={meeting.joinUrl} target="_blank" rel="noreferrer">
              Open the meeting
            </a>
          ) : (
            'The tutor has not started it yet.'
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Room({ meeting }: { meeting: MeetingData }) {
  const navigate = useNavigate();
  const viewerId = useSession()?.user._id;
  const { lesson, waitingId } = meeting;
  const { people, refusal, leave } = useMeetingRoom(waitingId);
  const zone = deviceTimeZone();
  const waitingRoom = generatePath(paths.waitingRoom, { waitingId });
  return (
    <Box maxW="5xl" mx="auto" px="4" py="6">
      <Stack gap="5">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="green">Meeting room</Badge>
              <ClassTimingChip lesson={lesson} />
            </HStack>
            <Heading as="h1" size="2xl">
              {lesson.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm" data-testid="meeting-room-when">
              {lesson.courseTitle ? `${lesson.courseTitle} · ` : ''}
              {formatDateTime(lesson.start, zone)} – {formatTime(lesson.end, zone)} ({zone})
            </Text>
          </Stack>
          <Button
            colorPalette="red"
            data-testid="meeting-room-leave"
            onClick={() => leave(() => navigate(waitingRoom))}
          >
            Leave
          </Button>
        </Flex>
        {refusal ? (
          <Alert.Root status="warning" data-testid="meeting-room-refused">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{refusal}</Alert.Title>
              <Alert.Description>
                <RouterLink to={waitingRoom}>Back to the waiting room</RouterLink>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Stack gap="3" data-testid="meeting-room-stage">
            <Text color="fg.muted" fontSize="sm">
              {people === undefined
                ? 'Entering the room…'
                : `${people.length} in the room · your join time is recorded; leaving (or closing this page) records when you left.`}
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
              {people?.map((person) => (
                <PersonTile key={person.userId} person={person} isViewer={person.userId === viewerId} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/**
 * /meeting-room/{waitingId}: the local stack's meeting of a lesson (its waiting room's join link leads
 * here once the tutor started it). Entering records the viewer's join; who is in is pushed over the
 * socket; Leave (or closing the page) records the leave. A lesson meeting at Zoom or Teams is only
 * pointed to.
 */
function MeetingRoom() {
  const { waitingId = '' } = useParams();
  const { data, error } = useMeetingData(waitingId || undefined);
  usePageMeta(data ? `Meeting: ${data.lesson.title}` : 'Meeting room');
  if (error) {
    return (
      <Center minH="60vh" px="4">
        <Stack gap="3" textAlign="center" data-testid="meeting-room-unavailable">
          <Heading as="h1" size="xl">
            This meeting room could not be opened
          </Heading>
          <Button asChild alignSelf="center">
            <RouterLink to={paths.portalCourses}>Go to my courses</RouterLink>
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!data) return null;
  const local = !data.joinUrl || data.joinUrl.includes(`/meeting-room/${data.waitingId}`);
  return local ? (
    <Room meeting={data} />
  ) : (
    <Box maxW="3xl" mx="auto" px="4" py="8">
      <ProviderMeeting meeting={data} />
    </Box>
  );
}

export default function MeetingRoomPage() {
  return (
    <RequireSession>
      <MeetingRoom />
    </RequireSession>
  );
}
