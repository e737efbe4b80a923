import { Badge, Box, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, type FormEvent, useState } from 'react';
import { LuGripVertical, LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { Subject, SubTopicSummary, Topic } from '../../../../shared/schemas/catalogue';
import { PlainInput } from '../../components/plain-input';
import { callApi } from '../../lib/api-client';
import type { AdminEditMode } from '../../lib/edit-mode';
import { toastSuccess } from '../../lib/toaster';
import { MoveButtons, RemoveButton, RenameInPlace } from './edit-controls';
import { dragSourceIndex, moveItem } from './ordering';
import type { TopicWithSubTopics } from './use-catalogue';

/** What edit mode allows on a list: change it at all, and delete from it. */
export type EditRights = Pick<AdminEditMode, 'active' | 'canDelete'>;

interface TopicListProps {
  subject: Subject;
  topics: TopicWithSubTopics[];
  edit: EditRights;
  /** With a list, shows it at once (an optimistic order); without, refetches (the server is the truth). */
  onChanged: (optimistic?: TopicWithSubTopics[]) => Promise<unknown>;
}

/**
 * A subject's topics, each with its sub-topics. In admin edit mode topics reorder by drag and drop (or the
 * arrow buttons, for keyboards), and topics and sub-topics can be added, renamed and (with the delete
 * permission) removed where they are shown.
 */
export function TopicList({ subject, topics, edit, onChanged }: TopicListProps) {
  const [dragged, setDragged] = useState<number>();
  const editing = edit.active;
  const base = `/${subject.curriculumSlug}/${subject.slug}`;

  async function saveOrder(order: TopicWithSubTopics[]) {
    const sorted = order.map((topic, index) => ({ ...topic, sortingOrder: index }));
    void onChanged(sorted);
    try {
      await callApi('topics.updateSorting', {
        body: {
          sortingOrder: sorted.map((topic) => ({ topicId: topic._id, sortingOrder: topic.sortingOrder })),
        },
      });
      toastSuccess('Topics updated!');
    } catch {
      // The API client has shown why; the refetch below puts the order the server kept back on screen.
    } finally {
      await onChanged().catch(() => undefined);
    }
  }

  const move = (from: number, to: number) => {
    if (from < 0 || from === to) return;
    void saveOrder(moveItem(topics, from, to));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragSourceIndex(topics, event.dataTransfer.getData('text/plain'), dragged);
    setDragged(undefined);
    move(from, to);
  };

  return (
    <Stack gap="4">
      {topics.map((topic, index) => (
        <Card.Root
          key={topic._id}
          variant="outline"
          data-testid="topic-card"
          draggable={editing}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', topic._id);
            setDragged(index);
          }}
          onDragOver={(event) => editing && event.preventDefault()}
          onDrop={(event) => editing && onDrop(event, index)}
          borderColor={editing && dragged === index ? 'brand.border' : undefined}
        >
          <Card.Body gap="3">
            <HStack justify="space-between" align="start">
              <HStack gap="2" align="center">
                {editing && (
                  <Box color="fg.muted" cursor="grab" aria-hidden>
                    <LuGripVertical />
                  </Box>
                )}
                <RenameInPlace
                  name={topic.name}
                  editing={editing}
                  onRename={(name) => renameTopic(topic, name, onChanged)}
                >
                  <Heading as="h2" size="lg">
                    <Link asChild>
                      <RouterLink to={`${base}/${topic.slug}`}>{topic.name}</RouterLink>
                    </Link>
                  </Heading>
                </RenameInPlace>
                <Badge variant="subtle">{topic.subTopics.length} sub-topics</Badge>
              </HStack>
              {editing && (
                <HStack gap="1">
                  <MoveButtons name={topic.name} index={index} count={topics.length} onMove={move} />
                  {edit.canDelete && topic.subTopics.length === 0 && (
                    <RemoveButton
                      label={`Delete ${topic.name}`}
                      onClick={async () => {
                        await callApi('topics.adminDelete', { params: { id: topic._id } });
                        toastSuccess('Topic deleted');
                        await onChanged();
                      }}
                    />
                  )}
                </HStack>
              )}
            </HStack>
            <SubTopicList
              base={`${base}/${topic.slug}`}
              topic={topic}
              subTopics={topic.subTopics}
              edit={edit}
              onChanged={() => onChanged()}
            />
          </Card.Body>
        </Card.Root>
      ))}
      {topics.length === 0 && <Text color="fg.muted">No topics yet.</Text>}
      {editing && (
        <AddByName
          label="New topic"
          buttonLabel="Add topic"
          onAdd={async (name) => {
            await callApi('topics.adminCreate', { body: { subjectId: subject._id, name } });
            toastSuccess('Topic added');
            await onChanged();
          }}
        />
      )}
    </Stack>
  );
}

/** Renames a topic (its page path keeps its slug, so links and bookmarks still work). */
export async function renameTopic(topic: Pick<Topic, '_id'>, name: string, reload: () => Promise<unknown>) {
  await callApi('topics.adminUpdate', { params: { id: topic._id }, body: { name } });
  toastSuccess('Topic updated');
  await reload();
}

/** Renames a sub-topic (its slug, and so its page path, stays). */
export async function renameSubTopic(
  subTopic: Pick<SubTopicSummary, '_id'>,
  name: string,
  reload: () => Promise<unknown>,
) {
  await callApi('subTopics.adminUpdate', { params: { id: subTopic._id }, body: { name } });
  toastSuccess('Sub topic Updated');
  await reload();
}

/**
 * A topic's sub-topics as links; in edit mode each can be renamed and (with the delete permission) deleted,
 * and a new one added. `detailed` shows each one's summary under it (the topic page).
 */
export function SubTopicList({
  base,
  topic,
  subTopics,
  edit,
  detailed = false,
  onChanged,
}: {
  /** The topic's page path; each sub-topic's page is under it. */
  base: string;
  topic: Pick<Topic, '_id' | 'name'>;
  subTopics: SubTopicSummary[];
  edit: EditRights;
  detailed?: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const editing = edit.active;
  return (
    <Stack gap={detailed ? '4' : '3'}>
      <Stack
        as={detailed ? 'ol' : 'ul'}
        gap={detailed ? '3' : '1'}
        ps={detailed ? '5' : '1'}
        listStyleType={detailed ? 'decimal' : 'none'}
      >
        {subTopics.map((subTopic) => (
          <Box as="li" key={subTopic._id}>
            <HStack justify="space-between">
              <RenameInPlace
                name={subTopic.name}
                editing={editing}
                onRename={(name) => renameSubTopic(subTopic, name, onChanged)}
              >
                <Link asChild color="brand.fg" fontWeight={detailed ? 'semibold' : undefined}>
                  <RouterLink to={`${base}/${subTopic.slug}`}>{subTopic.name}</RouterLink>
                </Link>
              </RenameInPlace>
              {edit.canDelete && (
                <RemoveButton
                  label={`Delete ${subTopic.name}`}
                  confirm={
                    <Text>
                      This deletes {subTopic.name} with all its notes, videos, resources, FAQ and reviews.
                      This cannot be undone.
                    </Text>
                  }
                  onClick={async () => {
                    await callApi('subTopics.adminDelete', { params: { id: subTopic._id } });
                    toastSuccess('Sub topic Deleted');
                    await onChanged();
                  }}
                />
              )}
            </HStack>
            {detailed && subTopic.summary && (
              <Text fontSize="sm" color="fg.muted">
                {subTopic.summary}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
      {detailed && subTopics.length === 0 && <Text color="fg.muted">No sub-topics yet.</Text>}
      {editing && (
        <AddByName
          label={`New sub-topic in ${topic.name}`}
          buttonLabel="Add sub-topic"
          onAdd={async (name) => {
            await callApi('subTopics.adminCreate', { body: { topicId: topic._id, name } });
            toastSuccess('Sub topic Added');
            await onChanged();
          }}
        />
      )}
    </Stack>
  );
}

/** One text field and a button: the smallest form that adds something by name. */
export function AddByName({
  label,
  buttonLabel,
  onAdd,
}: {
  label: string;
  buttonLabel: string;
  onAdd: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await onAdd(name.trim());
      setName('');
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack as="form" onSubmit={submit} gap="2">
      <PlainInput
        size="sm"
        aria-label={label}
        placeholder={label}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxW="sm"
      />
      <Button size="sm" type="submit" variant="outline" loading={busy} disabled={!name.trim()}>
        <LuPlus /> {buttonLabel}
      </Button>
    </HStack>
  );
}
