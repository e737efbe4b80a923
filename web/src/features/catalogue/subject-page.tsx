import { Badge, Box, Button, Center, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { SubTopic } from '../../../../shared/schemas/catalogue';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { NotFound } from '../../components/not-found';
import { BASE_PATH, paths } from '../../config/paths';
import { useAdminEditMode } from '../../lib/edit-mode';
import { usePageMeta } from '../../lib/meta-tags';
import type { Crumb } from './breadcrumbs';
import { CatalogueBreadcrumbs } from './breadcrumbs';
import { TopicList } from './topic-list';
import {
  cataloguePathOf,
  type ResolvedCataloguePath,
  useCataloguePath,
  useTopicsWithSubTopics,
} from './use-catalogue';

/**
 * A sub-topic's content (notes, video, resources and the learning tools with their dialogs) loads only on a
 * sub-topic's page: the subject and topic pages, which list topics, do not wait for it.
 */
const SubTopicView = lazy(() => import('./sub-topic-view').then((m) => ({ default: m.SubTopicView })));

/** The catalogue path of the current page, without the portal base path or a trailing slash. */
function useCatalogueLocation(): string {
  const { pathname } = useLocation();
  return cataloguePathOf(pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname);
}

/**
 * The tab title names the page and what it belongs to ("Linear equations · Mathematics"); the description is
 * the sub-topic's summary or the topic's or subject's description.
 */
function cataloguePageMeta(
  data: ResolvedCataloguePath | undefined,
): [string | undefined, string | undefined] {
  if (!data?.subject) return [undefined, undefined];
  const { curriculum, subject, topic, subTopic } = data;
  if (subTopic) return [`${subTopic.name} · ${subject.name}`, subTopic.summary || undefined];
  if (topic)
    return [`${topic.name} · ${subject.name}`, topic.description || subject.description || undefined];
  return [`${subject.name} · ${curriculum.name}`, subject.description || undefined];
}

/**
 * /{curriculum}/{subject} and the deeper subject pages: the subject's topics, a topic's sub-topics, or a
 * sub-topic's content, whichever the path names (spec 000 section 2).
 */
export default function SubjectPage() {
  const path = useCatalogueLocation();
  const resolved = useCataloguePath(path);
  const editMode = useAdminEditMode();
  usePageMeta(...cataloguePageMeta(resolved.data));
  if (resolved.missing) return <NotFound />;
  if (!resolved.data) return <FullScreenSpinner belowHeader />;
  const { curriculum, subject, topic, subTopic } = resolved.data;
  if (!subject) return <NotFound />;

  const subjectPath = `/${curriculum.slug}/${subject.slug}`;
  const crumbs: Crumb[] = [
    { label: 'Home', to: paths.home },
    { label: curriculum.name, to: `/${curriculum.slug}` },
    { label: subject.name, to: topic ? subjectPath : undefined },
  ];
  if (topic) crumbs.push({ label: topic.name, to: subTopic ? `${subjectPath}/${topic.slug}` : undefined });
  if (subTopic) crumbs.push({ label: subTopic.name });

  const replaceSubTopic = (next: SubTopic) =>
    resolved.mutate({ ...resolved.data!, subTopic: next } satisfies ResolvedCataloguePath, {
      revalidate: false,
    });

  return (
    <Box maxW="5xl" mx="auto" px="4" py="8">
      <CatalogueBreadcrumbs crumbs={crumbs} />
      <Stack gap="2" mb="8">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="3xl">
            {subTopic?.name ?? topic?.name ?? subject.name}
          </Heading>
          {editMode.active && (
            <Badge colorPalette="orange" variant="solid">
              Edit mode
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted">
          {curriculum.name} · {subject.name} ({subject.subjectCode}) · {subject.subjectLevel}
        </Text>
      </Stack>
      {subTopic ? (
        <Suspense fallback={<FullScreenSpinner belowHeader />}>
          <SubTopicView subTopic={subTopic} editing={editMode.active} onChanged={replaceSubTopic} />
        </Suspense>
      ) : topic ? (
        <TopicOverview resolved={resolved.data} />
      ) : (
        <SubjectOverview resolved={resolved.data} editing={editMode.active} />
      )}
    </Box>
  );
}

function SubjectOverview({ resolved, editing }: { resolved: ResolvedCataloguePath; editing: boolean }) {
  const subject = resolved.subject!;
  const topics = useTopicsWithSubTopics(subject);
  // The subject's own text shows at once (it came with the path); only the topic list waits for its read.
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text>{subject.description}</Text>
        <Button asChild size="sm" variant="outline">
          <RouterLink
            to={`${paths.topicalPastPapers}?curriculum=${subject.curriculumSlug}&subject=${subject.slug}`}
          >
            Topical past papers
          </RouterLink>
        </Button>
      </HStack>
      {topics.data ? (
        <TopicList
          subject={subject}
          topics={topics.data.docs}
          editing={editing}
          onChanged={(optimistic) =>
            optimistic ? topics.mutate({ docs: optimistic }, { revalidate: false }) : topics.mutate()
          }
        />
      ) : (
        <Center py="16" role="status" aria-label="Loading">
          <Spinner size="xl" color="teal.500" borderWidth="4px" />
        </Center>
      )}
    </Stack>
  );
}

function TopicOverview({ resolved }: { resolved: ResolvedCataloguePath }) {
  const subject = resolved.subject!;
  const topic = resolved.topic!;
  const topics = useTopicsWithSubTopics(subject);
  const withSubTopics = topics.data?.docs.find((t) => t._id === topic._id);
  const base = `/${subject.curriculumSlug}/${subject.slug}/${topic.slug}`;
  return (
    <Stack gap="4">
      {topic.description && <Text>{topic.description}</Text>}
      <Stack as="ol" gap="3" ps="5">
        {withSubTopics?.subTopics.map((subTopic) => (
          <Box as="li" key={subTopic._id}>
            <Link asChild fontWeight="semibold" color="teal.600" _dark={{ color: 'teal.300' }}>
              <RouterLink to={`${base}/${subTopic.slug}`}>{subTopic.name}</RouterLink>
            </Link>
            {subTopic.summary && (
              <Text fontSize="sm" color="fg.muted">
                {subTopic.summary}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
