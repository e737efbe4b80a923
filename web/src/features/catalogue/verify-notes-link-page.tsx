import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { paths } from '../../config/paths';
import { ApiError, useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { notesLinkResourceKey, notesLinkTarget } from './notes-link';

function Message({ title, text, retry }: { title: string; text: string; retry?: () => void }) {
  usePageMeta(title);
  return (
    <Center minH="calc(100vh - 64px)" px="4">
      <Stack gap="4" textAlign="center" maxW="md" data-testid="notes-link-message">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        <Stack direction="row" gap="3" justify="center">
          {retry && (
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          )}
          <Button asChild>
            <RouterLink to={paths.home}>Go to the home page</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}

/**
 * /verifyNotesLink?resourceKey=… (spec 000 section 2): a notes link shared with a student. A key that
 * resolves (GET /resources/browse, public) replaces this page with the sub-topic page holding the resource,
 * so Back does not return here; a missing or unknown key says so plainly.
 */
export default function VerifyNotesLinkPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const resourceKey = notesLinkResourceKey(search);
  const { data, error, mutate } = useApi(
    resourceKey ? ['learningResources.browse', { query: { resourceKey } }] : null,
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );

  useEffect(() => {
    if (data) void navigate(notesLinkTarget(data), { replace: true });
  }, [data, navigate]);

  const unknown = error instanceof ApiError && (error.status === 404 || error.status === 400);
  if (!resourceKey || unknown) {
    return (
      <Message
        title="Notes link not valid"
        text="This notes link is invalid or has expired. Ask your tutor for a new link, or find the notes from the home page."
      />
    );
  }
  if (error) {
    return (
      <Message
        title="Could not open the notes"
        text="We could not check this notes link just now. Please try again."
        retry={() => void mutate()}
      />
    );
  }
  return <FullScreenSpinner belowHeader />;
}
