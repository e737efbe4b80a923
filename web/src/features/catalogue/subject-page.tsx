import { Badge, Box, Button, Center, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { SubTopic } from '../../../../shared/schemas/catalogue';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { BASE_PATH, pastPapersPath, paths } from '../../config/paths';
import { useAdminEditMode } from '../../lib/edit-mode';
import { usePageMeta } from '../../lib/meta-tags';
import { useSession } from '../../lib/session';
import type { Crumb } from './breadcrumbs';
import { CatalogueBreadcrumbs } from './breadcrumbs';
import { CatalogueNotFound } from './catalogue-not-found';
import { RenameInPlace } from './edit-controls';
import { type EditRights, renameSubTopic, renameTopic, SubTopicList, TopicList } from './topic-list';
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
  if (resolved.missing) return <CatalogueNotFound />;
  if (!resolved.data) return <FullScreenSpinner belowHeader />;
  if (!resolved.data.subject) return <CatalogueNotFound />;
  return <SubjectView resolved={resolved.data} mutate={resolved.mutate} />;
}

type MutateResolved = ReturnType<typeof useCataloguePath>['mutate'];

/** A resolved subject, topic or sub-topic page (also rendered by the catch-all content page). */
export function SubjectView({
  resolved,
  mutate,
}: {
  resolved: ResolvedCataloguePath;
  mutate: MutateResolved;
}) {
  const editMode = useAdminEditMode();
  const session = useSession();
  usePageMeta(...cataloguePageMeta(resolved));
  const { curriculum, subject, topic, subTopic } = resolved;
  if (!subject) return null;

  const subjectPath = `/${curriculum.slug}/${subject.slug}`;
  const crumbs: Crumb[] = [
    { label: 'Home', to: paths.home },
    { label: curriculum.name, to: `/${curriculum.slug}` },
    { label: subject.name, to: topic ? subjectPath : undefined },
  ];
  if (topic) crumbs.push({ label: topic.name, to: subTopic ? `${subjectPath}/${topic.slug}` : undefined });
  if (subTopic) crumbs.push({ label: subTopic.name });

  // An edit's answer replaces the shown sub-topic; without one (a refused reorder), it is read again.
  const replaceSubTopic = (next?: SubTopic) =>
    next
      ? mutate({ ...resolved, subTopic: next } satisfies ResolvedCataloguePath, { revalidate: false })
      : mutate();
  const title = subTopic?.name ?? topic?.name ?? subject.name;
  const rename = subTopic
    ? (name: string) => renameSubTopic(subTopic, name, () => mutate())
    : topic
      ? (name: string) => renameTopic(topic, name, () => mutate())
      : undefined;

  return (
    <Box maxW="5xl" mx="auto" px="4" py="8">
      <CatalogueBreadcrumbs crumbs={crumbs} />
      <Stack gap="2" mb="8">
        <HStack gap="3" wrap="wrap">
          {rename ? (
            <RenameInPlace name={title} editing={editMode.active} onRename={rename}>
              <Heading as="h1" size="3xl">
                {title}
              </Heading>
            </RenameInPlace>
          ) : (
            <Heading as="h1" size="3xl">
              {title}
            </Heading>
          )}
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
          <SubTopicView subTopic={subTopic} edit={editMode} onChanged={replaceSubTopic} />
        </Suspense>
      ) : topic ? (
        <TopicOverview resolved={resolved} edit={editMode} />
      ) : (
        <SubjectOverview resolved={resolved} edit={editMode} signedIn={!!session} />
      )}
    </Box>
  );
}

function SubjectOverview({
  resolved,
  edit,
  signedIn,
}: {
  resolved: ResolvedCataloguePath;
  edit: EditRights;
  signedIn: boolean;
}) {
  const subject = resolved.subject!;
  const topics = useTopicsWithSubTopics(subject);
  // The subject's own text shows at once (it came with the path); only the topic list waits for its read.
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text>{subject.description}</Text>
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" variant="outline">
            <RouterLink
              to={`${paths.topicalPastPapers}?curriculum=${subject.curriculumSlug}&subject=${subject.slug}`}
            >
              Topical past papers
            </RouterLink>
          </Button>
          {/* The dashboard's past papers are a learner's page (it asks a visitor to sign in first). */}
          {signedIn && (
            <Button asChild size="sm" variant="outline">
              <RouterLink to={pastPapersPath(subject)}>Past papers</RouterLink>
            </Button>
          )}
        </HStack>
      </HStack>
      {topics.data ? (
        <TopicList
          subject={subject}
          topics={topics.data.docs}
          edit={edit}
          onChanged={(optimistic) =>
            optimistic ? topics.mutate({ docs: optimistic }, { revalidate: false }) : topics.mutate()
          }
        />
      ) : (
        <Center py="16" role="status" aria-label="Loading">
          <Spinner size="xl" color="brand.solid" borderWidth="4px" />
        </Center>
      )}
    </Stack>
  );
}

/** A topic's page: its description and sub-topics, which edit mode adds, renames and removes here too. */
function TopicOverview({ resolved, edit }: { resolved: ResolvedCataloguePath; edit: EditRights }) {
  const subject = resolved.subject!;
  const topic = resolved.topic!;
  const topics = useTopicsWithSubTopics(subject);
  const withSubTopics = topics.data?.docs.find((t) => t._id === topic._id);
  return (
    <Stack gap="4">
      {topic.description && <Text>{topic.description}</Text>}
      {withSubTopics ? (
        <SubTopicList
          base={`/${subject.curriculumSlug}/${subject.slug}/${topic.slug}`}
          topic={topic}
          subTopics={withSubTopics.subTopics}
          edit={edit}
          detailed
          onChanged={() => topics.mutate()}
        />
      ) : (
        <Center py="8" role="status" aria-label="Loading">
          <Spinner size="lg" color="brand.solid" />
        </Center>
      )}
    </Stack>
  );
}
