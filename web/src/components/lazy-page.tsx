import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { FullScreenSpinner } from './full-screen-spinner';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** Pages already loaded, so coming back to a page shows it at once. */
const loadedPages = new WeakMap<PageLoader, ComponentType>();

/**
 * Loads a page's code ahead of its first render (the first page, while the app starts), so `LazyPage` shows
 * it at once. A failure is left to `LazyPage`, which tries again and offers Retry.
 */
export function preloadPage(load: PageLoader): Promise<void> {
  return load().then(
    (module) => {
      loadedPages.set(load, module.default);
    },
    () => undefined,
  );
}

/**
 * A page whose code loads on demand. If loading fails the page says so and offers Retry, which imports it
 * again, instead of a blank screen (spec 000 section 2).
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const [Page, setPage] = useState<ComponentType | undefined>(() => loadedPages.get(load));
  const [failed, setFailed] = useState(false);
  const attempt = useCallback(
    (afterFailure = false) => {
      setFailed(false);
      load().then(
        (module) => {
          loadedPages.set(load, module.default);
          setPage(() => module.default);
        },
        async (error: unknown) => {
          console.error('A page failed to load', error);
          if (afterFailure && (await reloadIfSiteAnswers())) return;
          setFailed(true);
        },
      );
    },
    [load],
  );
  useEffect(() => {
    if (!loadedPages.has(load)) attempt();
    else setPage(() => loadedPages.get(load));
  }, [attempt, load]);
  if (failed) return <PageLoadFailed onRetry={() => attempt(true)} />;
  if (!Page) return <FullScreenSpinner belowHeader />;
  return <Page />;
}

/**
 * Chromium keeps a failed dynamic import in its module map until the page reloads, so importing the page
 * again fails without asking the server. When Retry fails like that and the site answers now, reload the
 * page; when the site does not answer (offline), keep showing Retry rather than the browser's error page.
 */
async function reloadIfSiteAnswers(): Promise<boolean> {
  try {
    const response = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    if (!response.ok) return false;
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Center minH="calc(100vh - 64px)" px="4">
      <Stack gap="4" textAlign="center" maxW="md" role="alert">
        <Heading size="lg">Failed to load page</Heading>
        <Text color="fg.muted">Something went wrong while loading this page. Please try again.</Text>
        <Button onClick={onRetry} alignSelf="center">
          Retry
        </Button>
      </Stack>
    </Center>
  );
}
