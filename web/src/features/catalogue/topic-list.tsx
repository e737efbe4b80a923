import { Badge, Box, Button, Card, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { type DragEvent, type FormEvent, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuGripVertical, LuPlus, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { Subject } from '../../../../shared/schemas/catalogue';
import { PlainInput } from '../../components/plain-input';
import { callApi } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toaster';
import type { TopicWithSubTopics } from './use-catalogue';

interface TopicListProps {
  subject: Subject;
  topics: TopicWithSubTopics[];
  editing: boolean;
  /** Shows the new order at once and refetches (the server answer is the truth). */
  onChanged: (optimistic?: TopicWithSubTopics[]) => Promise<unknown>;
}

/** Moves the topic at `from` to `to` (both indexes in the current list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * A subject's topics, each with its sub-topics. In admin edit mode topics reorder by drag and drop (or the
 * arrow buttons, for keyboards), and topics and sub-topics can be added and removed where they are shown.
 */
export function TopicList({ subject, topics, editing, onChanged }: TopicListProps) {
  const [dragged, setDragged] = useState<number>();
  const base = `/${subject.curriculumSlug}/${subject.slug}`;

  async function saveOrder(order: TopicWithSubTopics[]) {
    const sorted = order.map((topic, index) => ({ ...topic, sortingOrder: index }));
    const update = onChanged(sorted);
    await callApi('topics.updateSorting', {
      body: {
        sortingOrder: sorted.map((topic) => ({ topicId: topic._id, sortingOrder: topic.sortingOrder })),
      },
    });
    toastSuccess('Topics updated!');
    await update;
    await onChanged();
  }

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    // The dragged topic travels in the drag data (the state is a fallback for browsers that hide it).
    const id = event.dataTransfer.getData('text/plain');
    const from = id ? topics.findIndex((topic) => topic._id === id) : (dragged ?? -1);
    setDragged(undefined);
    if (from < 0 || from === to) return;
    void saveOrder(moveItem(topics, from, to));
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
          onDrop={(event) => onDrop(event, index)}
          borderColor={editing && dragged === index ? 'teal.400' : undefined}
        >
          <Card.Body gap="3">
            <HStack justify="space-between" align="start">
              <HStack gap="2" align="center">
                {editing && (
                  <Box color="fg.muted" cursor="grab" aria-hidden>
                    <LuGripVertical />
                  </Box>
                )}
                <Heading as="h2" size="lg">
                  <Link asChild>
                    <RouterLink to={`${base}/${topic.slug}`}>{topic.name}</RouterLink>
                  </Link>
                </Heading>
                <Badge variant="subtle">{topic.subTopics.length} sub-topics</Badge>
              </HStack>
              {editing && (
                <HStack gap="1">
                  <IconButton
                    aria-label={`Move ${topic.name} up`}
                    size="xs"
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => void saveOrder(moveItem(topics, index, index - 1))}
                  >
                    <LuArrowUp />
                  </IconButton>
                  <IconButton
                    aria-label={`Move ${topic.name} down`}
                    size="xs"
                    variant="ghost"
                    disabled={index === topics.length - 1}
                    onClick={() => void saveOrder(moveItem(topics, index, index + 1))}
                  >
                    <LuArrowDown />
                  </IconButton>
                  {topic.subTopics.length === 0 && (
                    <IconButton
                      aria-label={`Delete ${topic.name}`}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={async () => {
                        await callApi('topics.adminDelete', { params: { id: topic._id } });
                        toastSuccess('Topic deleted');
                        await onChanged();
                      }}
                    >
                      <LuTrash2 />
                    </IconButton>
                  )}
                </HStack>
              )}
            </HStack>
            <Stack as="ul" gap="1" ps="1" listStyleType="none">
              {topic.subTopics.map((subTopic) => (
                <HStack as="li" key={subTopic._id} justify="space-between">
                  <Link asChild color="teal.600" _dark={{ color: 'teal.300' }}>
                    <RouterLink to={`${base}/${topic.slug}/${subTopic.slug}`}>{subTopic.name}</RouterLink>
                  </Link>
                  {editing && (
                    <IconButton
                      aria-label={`Delete ${subTopic.name}`}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={async () => {
                        await callApi('subTopics.adminDelete', { params: { id: subTopic._id } });
                        toastSuccess('Sub topic Deleted');
                        await onChanged();
                      }}
                    >
                      <LuTrash2 />
                    </IconButton>
                  )}
                </HStack>
              ))}
            </Stack>
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
