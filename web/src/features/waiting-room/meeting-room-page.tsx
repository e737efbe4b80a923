import { Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { generatePath, Link as RouterLink, useParams } from 'react-router-dom';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/meta-tags';
import { useMeetingData } from './api/meeting-data';

/**
 * /meeting-room/{waitingId}: where the waiting room's join link leads once the tutor started the lesson, on
 * the local stack. A placeholder for now: the meetings work (issue 19 item 3) puts the local meeting (and,
 * for Zoom and Teams lessons, the provider's link) here. It says which lesson and leads back to its room.
 */
function MeetingRoom() {
  const { waitingId = '' } = useParams();
  const { data } = useMeetingData(waitingId || undefined);
  usePageMeta(data ? `Meeting: ${data.lesson.title}` : 'Meeting room');
  return (
    <Box maxW="3xl" mx="auto" px="4" py="8">
      <Stack gap="4" data-testid="meeting-room">
        <Badge colorPalette="green" alignSelf="start">
          Meeting room
        </Badge>
        <Heading as="h1" size="2xl">
          {data?.lesson.title ?? 'Meeting room'}
        </Heading>
        <Text color="fg.muted">
          You have joined the lesson: your join time is recorded. On this local platform the video meeting
          itself is not connected yet; the lesson's Zoom or Teams meeting will open here.
        </Text>
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={generatePath(paths.waitingRoom, { waitingId })}>
            Back to the waiting room
          </RouterLink>
        </Button>
      </Stack>
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
