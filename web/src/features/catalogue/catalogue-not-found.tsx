import { Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/meta-tags';
import { CatalogueSearch } from './home-catalogue';
import { useHomeCurricula } from './use-catalogue';

/**
 * Keeps search engines from indexing the page while it is shown (`<meta name="robots" content="noindex">`):
 * a page that says "not found" is answered with 200 by the SPA's host, so the tag is what tells a crawler.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/**
 * What a catalogue path that names nothing shows: a way on rather than a dead end (the catalogue search and
 * every curriculum), and not indexed.
 */
export function CatalogueNotFound() {
  const { pathname } = useLocation();
  const curricula = useHomeCurricula();
  usePageMeta('Page not found');
  useNoIndex();
  return (
    <Stack maxW="2xl" mx="auto" px="4" py="16" gap="6">
      <Stack gap="2" textAlign="center">
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">
          There is no page at {pathname}. It may have moved: search for it, or start from a curriculum.
        </Text>
      </Stack>
      <Stack gap="3">
        <CatalogueSearch autoFocus />
      </Stack>
      {curricula.data && curricula.data.docs.length > 0 && (
        <Stack as="nav" aria-label="Curricula" gap="2">
          <Heading as="h2" size="md">
            Curricula
          </Heading>
          <HStack gap="4" wrap="wrap">
            {curricula.data.docs.map((curriculum) => (
              <Link key={curriculum._id} asChild color="brand.fg">
                <RouterLink to={`/${curriculum.slug}`}>{curriculum.name}</RouterLink>
              </Link>
            ))}
          </HStack>
        </Stack>
      )}
      <Button asChild alignSelf="center" variant="outline">
        <RouterLink to={paths.home}>Go to the home page</RouterLink>
      </Button>
    </Stack>
  );
}
