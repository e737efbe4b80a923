import { Alert, AspectRatio, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCirclePlay } from 'react-icons/lu';
import { usageLabel } from '../../../../shared/learning/usage';
import { ApiError, callApi } from '../../lib/api-client';
import { serverMessage } from '../../lib/error-message';
import { canCall } from '../../lib/permissions';
import { useAuthUser } from '../../lib/use-auth-user';
import { useOwnUsage } from './use-own-usage';

interface LearningVideoProps {
  video: { _id: string; title: string };
  /** The player address (see catalogue's videoEmbedUrl). */
  embed: string;
}

/** The player address that starts at once (the learner already pressed play). */
function autoplay(embed: string): string {
  const url = new URL(embed);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}

function Player({ src, title }: { src: string; title: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        style={{ border: 0, borderRadius: 8 }}
      />
    </AspectRatio>
  );
}

/**
 * A sub-topic's video. For a learner on a limited free plan the player loads only when they press play,
 * after the server has counted the video (POST /usage, videoWatches, once per video a month); once the
 * month's videos are used up the server answers 429 and its message is shown instead of the player.
 * Visitors (public pages, indexed by search engines) and unlimited accounts get the player at once: see
 * the decision in shared/learning/usage.ts.
 */
export function LearningVideo({ video, embed }: LearningVideoProps) {
  const { user } = useAuthUser();
  const { data: usage, mutate } = useOwnUsage(user);
  const [started, setStarted] = useState(false);
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  // A learner on the usage plan waits behind the play button until their account is known to be unlimited.
  const metered = canCall(user, 'usage.record') && usage?.limitation !== null;

  if (!metered) return <Player src={embed} title={video.title} />;
  if (started) return <Player src={autoplay(embed)} title={video.title} />;

  const play = async () => {
    setStarting(true);
    try {
      await callApi('usage.record', { body: { kind: 'videoWatches', itemKey: video._id } });
      setStarted(true);
      void mutate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        setRefusal(serverMessage(error.data) ?? 'Free plan limit reached');
      }
    } finally {
      setStarting(false);
    }
  };

  const limit = usage?.limitation?.videoWatches;
  return (
    <AspectRatio ratio={16 / 9}>
      <Stack
        bg="bg.muted"
        rounded="lg"
        align="center"
        justify="center"
        gap="3"
        p="4"
        textAlign="center"
        data-testid="video-play-gate"
      >
        {refusal ? (
          <Alert.Root status="warning" maxW="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Free plan limit reached</Alert.Title>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <>
            <Button
              colorPalette="brand"
              size="lg"
              loading={starting}
              disabled={!usage}
              onClick={play}
              aria-label={`Play video: ${video.title}`}
            >
              <LuCirclePlay /> Play video
            </Button>
            {limit !== undefined && usage && (
              <Text fontSize="sm" color="fg.muted">
                Your free plan includes {usageLabel('videoWatches', limit)} a month; you have watched{' '}
                {usage.usage.videoWatches}.
              </Text>
            )}
          </>
        )}
      </Stack>
    </AspectRatio>
  );
}
