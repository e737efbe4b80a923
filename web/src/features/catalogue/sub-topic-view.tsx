import {
  Accordion,
  Badge,
  Box,
  Card,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type DragEvent, type ReactNode, useState } from 'react';
import { LuExternalLink, LuFileText, LuGripVertical, LuStar } from 'react-icons/lu';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import type { SubTopic } from '../../../../shared/schemas/catalogue';
import { callApi } from '../../lib/api-client';
import { choiceOf } from '../../lib/choice';
import { toastSuccess } from '../../lib/toaster';
import { EditButton, MoveButtons, RemoveButton } from './edit-controls';
import { type FieldSpec, type FieldValue, ItemForm } from './item-form';
import { LearningVideo } from './learning-video';
import { dragSourceIndex, moveItem } from './ordering';
import { SubTopicLearning } from './sub-topic-learning';
import type { EditRights } from './topic-list';
import { videoEmbedUrl } from './video-embed';

const resourceKindLabels = enumLabels.resourceKind;
/**
 * Every kind the schema allows, so past papers and mark schemes can be added here (the topical past papers
 * list them); a plain link first, the schema's default.
 */
const resourceKinds = ['LINK', 'NOTES', 'WORKSHEET', 'PAST_PAPER', 'MARK_SCHEME'] as const;
const resourceKindOptions = resourceKinds.map((value) => ({ value, label: resourceKindLabels[value] }));
const ratingOptions = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: `${n} star${n === 1 ? '' : 's'}`,
}));

const noteFields: FieldSpec<'title' | 'body'>[] = [
  { name: 'title', label: 'Notes title' },
  { name: 'body', label: 'Notes text', kind: 'multiline' },
];
const videoFields: FieldSpec<'title' | 'url'>[] = [
  { name: 'title', label: 'Video title' },
  { name: 'url', label: 'Video link' },
];
const resourceFields: FieldSpec<'title' | 'url' | 'kind'>[] = [
  { name: 'title', label: 'Resource title' },
  { name: 'url', label: 'Resource link' },
  { name: 'kind', label: 'Resource kind', kind: 'select', options: resourceKindOptions },
];
const faqFields: FieldSpec<'question' | 'answer'>[] = [
  { name: 'question', label: 'Question' },
  { name: 'answer', label: 'Answer', kind: 'multiline' },
];
const reviewFields: FieldSpec<'name' | 'rating' | 'comment'>[] = [
  { name: 'name', label: 'Reviewer name' },
  { name: 'rating', label: 'Rating', kind: 'select', options: ratingOptions },
  { name: 'comment', label: 'Review', kind: 'multiline' },
];
/** A review form's values as the API takes them (the rating is a number). */
const reviewBody = (value: FieldValue<'name' | 'rating' | 'comment'>) => ({
  name: value('name'),
  comment: value('comment'),
  rating: Number(value('rating')),
});

interface SubTopicViewProps {
  subTopic: SubTopic;
  edit: EditRights;
  /** With a sub-topic, shows it (the server's answer, or an optimistic one); without, refetches it. */
  onChanged: (next?: SubTopic) => Promise<unknown>;
}

/**
 * A sub-topic's learning content: notes, videos, resources, FAQ and reviews. In admin edit mode each item is
 * edited where it is shown (one editor open at a time), videos reorder by drag and drop or the arrows, and
 * items are removed only by users who also hold the delete permission.
 */
export function SubTopicView({ subTopic, edit, onChanged }: SubTopicViewProps) {
  const editing = edit.active;
  /** The item whose editor is open. */
  const [open, setOpen] = useState<string>();
  const [dragged, setDragged] = useState<number>();
  const params = { id: subTopic._id };
  /**
   * Shows the answer of a content call (`PUT sub-topics/{id}/<action>`): the whole updated sub-topic. The
   * editor it came from closes; a drag has none, and leaves open whatever editor was opened meanwhile.
   */
  const change = async (saving: Promise<SubTopic>, closeEditor = true) => {
    const next = await saving;
    toastSuccess('Sub topic Updated');
    if (closeEditor) setOpen(undefined);
    await onChanged(next);
  };
  const videos = [...subTopic.videoLinks].sort((a, b) => a.sortingOrder - b.sortingOrder);

  const moveVideo = async (from: number, to: number) => {
    if (from < 0 || from === to) return;
    const order = moveItem(videos, from, to).map((video, index) => ({ ...video, sortingOrder: index }));
    void onChanged({ ...subTopic, videoLinks: order });
    try {
      await change(
        callApi('subTopics.sortVideoLinks', {
          params,
          body: { videoLinkIds: order.map((video) => video._id) },
        }),
        false,
      );
    } catch {
      // Toasted by the API client: the order the server kept goes back on screen.
      await onChanged().catch(() => undefined);
    }
  };
  const onVideoDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragSourceIndex(videos, event.dataTransfer.getData('text/plain'), dragged);
    setDragged(undefined);
    void moveVideo(from, to);
  };

  return (
    <Stack gap="10">
      <SubTopicLearning subTopic={subTopic} />
      {subTopic.summary && (
        <Text fontSize="lg" color="fg.muted">
          {subTopic.summary}
        </Text>
      )}

      <Section title="Notes" show={editing || subTopic.contents.length > 0}>
        <Stack gap="6">
          {subTopic.contents.map((block) =>
            editing && open === block._id ? (
              <ItemForm
                key={block._id}
                formLabel={`Edit notes ${block.title}`}
                fields={noteFields}
                initial={{ title: block.title, body: block.body }}
                submitLabel="Save notes"
                onSubmit={(value) =>
                  change(
                    callApi('subTopics.editContent', {
                      params,
                      body: { itemId: block._id, title: value('title'), body: value('body') },
                    }),
                  )
                }
                onCancel={() => setOpen(undefined)}
              />
            ) : (
              <Box key={block._id}>
                <HStack justify="space-between">
                  <Heading as="h3" size="md" mb="2">
                    {block.title}
                  </Heading>
                  {editing && (
                    <HStack gap="1">
                      <EditButton label={`Edit notes ${block.title}`} onClick={() => setOpen(block._id)} />
                      {edit.canDelete && (
                        <RemoveButton
                          label={`Remove ${block.title}`}
                          onClick={() =>
                            change(
                              callApi('subTopics.removeContent', { params, body: { itemId: block._id } }),
                            )
                          }
                        />
                      )}
                    </HStack>
                  )}
                </HStack>
                {block.body.split(/\n{2,}/).map((paragraph, index) => (
                  // Paragraphs have no ids; their place in the block is what tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Text key={index} mb="3" whiteSpace="pre-line">
                    {paragraph}
                  </Text>
                ))}
              </Box>
            ),
          )}
          {editing && (
            <ItemForm
              fields={noteFields}
              submitLabel="Add notes"
              onSubmit={(value) =>
                change(
                  callApi('subTopics.addContent', {
                    params,
                    body: { title: value('title'), body: value('body') },
                  }),
                )
              }
            />
          )}
        </Stack>
      </Section>

      <Section title="Videos" show={editing || videos.length > 0}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {videos.map((video, index) => {
            const embed = videoEmbedUrl(video.url);
            return (
              <Card.Root
                key={video._id}
                variant="outline"
                data-testid="video-card"
                draggable={editing && open !== video._id}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', video._id);
                  setDragged(index);
                }}
                onDragOver={(event) => editing && event.preventDefault()}
                onDrop={(event) => editing && onVideoDrop(event, index)}
                borderColor={editing && dragged === index ? 'brand.border' : undefined}
              >
                <Card.Body gap="3">
                  {embed ? <LearningVideo video={video} embed={embed} /> : null}
                  {editing && open === video._id ? (
                    <ItemForm
                      formLabel={`Edit video ${video.title}`}
                      fields={videoFields}
                      initial={{ title: video.title, url: video.url }}
                      submitLabel="Save video"
                      onSubmit={(value) =>
                        change(
                          callApi('subTopics.editVideoLink', {
                            params,
                            body: { itemId: video._id, title: value('title'), url: value('url') },
                          }),
                        )
                      }
                      onCancel={() => setOpen(undefined)}
                    />
                  ) : (
                    <HStack justify="space-between" align="start">
                      <HStack gap="2" align="start">
                        {editing && (
                          <Box color="fg.muted" cursor="grab" aria-hidden pt="1">
                            <LuGripVertical />
                          </Box>
                        )}
                        <Link
                          href={video.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          fontWeight="semibold"
                        >
                          {video.title} <LuExternalLink />
                        </Link>
                      </HStack>
                      {editing && (
                        <HStack gap="1">
                          <MoveButtons
                            name={video.title}
                            index={index}
                            count={videos.length}
                            onMove={(from, to) => void moveVideo(from, to)}
                          />
                          <EditButton
                            label={`Edit video ${video.title}`}
                            onClick={() => setOpen(video._id)}
                          />
                          {edit.canDelete && (
                            <RemoveButton
                              label={`Remove ${video.title}`}
                              onClick={() =>
                                change(
                                  callApi('subTopics.removeVideoLink', {
                                    params,
                                    body: { itemId: video._id },
                                  }),
                                )
                              }
                            />
                          )}
                        </HStack>
                      )}
                    </HStack>
                  )}
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
        {editing && (
          <ItemForm
            fields={videoFields}
            submitLabel="Add video link"
            onSubmit={(value) =>
              change(
                callApi('subTopics.addVideoLink', {
                  params,
                  body: { title: value('title'), url: value('url') },
                }),
              )
            }
          />
        )}
      </Section>

      <Section title="Resources" show={editing || subTopic.resources.length > 0}>
        <Stack gap="2">
          {subTopic.resources.map((resource) => (
            <HStack key={resource._id} justify="space-between" borderWidth="1px" rounded="md" px="3" py="2">
              <HStack gap="3">
                <LuFileText />
                <Link href={resource.url} target="_blank" rel="noopener noreferrer">
                  {resource.title}
                </Link>
                <Badge variant="subtle">{resourceKindLabels[resource.kind]}</Badge>
              </HStack>
              {edit.canDelete && (
                <RemoveButton
                  label={`Remove ${resource.title}`}
                  onClick={() =>
                    change(
                      callApi('subTopics.removeResources', { params, body: { resourceIds: [resource._id] } }),
                    )
                  }
                />
              )}
            </HStack>
          ))}
          {editing && (
            <ItemForm
              fields={resourceFields}
              submitLabel="Add resource"
              onSubmit={(value) =>
                change(
                  callApi('subTopics.addResources', {
                    params,
                    body: {
                      resources: [
                        {
                          title: value('title'),
                          url: value('url'),
                          kind: choiceOf(resourceKinds, value('kind')),
                        },
                      ],
                    },
                  }),
                )
              }
            />
          )}
        </Stack>
      </Section>

      <Section title="Frequently asked questions" show={editing || subTopic.faqs.length > 0}>
        <Accordion.Root collapsible multiple variant="enclosed">
          {subTopic.faqs.map((faq) => (
            <Accordion.Item key={faq._id} value={faq._id}>
              <Accordion.ItemTrigger>
                <Text flex="1" fontWeight="medium">
                  {faq.question}
                </Text>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  {editing && open === faq._id ? (
                    <ItemForm
                      formLabel={`Edit question ${faq.question}`}
                      fields={faqFields}
                      initial={{ question: faq.question, answer: faq.answer }}
                      submitLabel="Save question"
                      onSubmit={(value) =>
                        change(
                          callApi('subTopics.editFAQ', {
                            params,
                            body: { itemId: faq._id, question: value('question'), answer: value('answer') },
                          }),
                        )
                      }
                      onCancel={() => setOpen(undefined)}
                    />
                  ) : (
                    <HStack justify="space-between" align="start">
                      <Text>{faq.answer}</Text>
                      {editing && (
                        <HStack gap="1">
                          <EditButton
                            label={`Edit question ${faq.question}`}
                            onClick={() => setOpen(faq._id)}
                          />
                          {edit.canDelete && (
                            <RemoveButton
                              label={`Remove question ${faq.question}`}
                              onClick={() =>
                                change(callApi('subTopics.removeFAQ', { params, body: { itemId: faq._id } }))
                              }
                            />
                          )}
                        </HStack>
                      )}
                    </HStack>
                  )}
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
        {editing && (
          <ItemForm
            fields={faqFields}
            submitLabel="Add question"
            onSubmit={(value) =>
              change(
                callApi('subTopics.addFAQ', {
                  params,
                  body: { question: value('question'), answer: value('answer') },
                }),
              )
            }
          />
        )}
      </Section>

      <Section title="Reviews" show={editing || subTopic.reviews.length > 0}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {subTopic.reviews.map((review) =>
            editing && open === review._id ? (
              <ItemForm
                key={review._id}
                formLabel={`Edit review by ${review.name}`}
                fields={reviewFields}
                initial={{ name: review.name, rating: String(review.rating), comment: review.comment }}
                submitLabel="Save review"
                onSubmit={(value) =>
                  change(
                    callApi('subTopics.editReview', {
                      params,
                      body: { itemId: review._id, ...reviewBody(value) },
                    }),
                  )
                }
                onCancel={() => setOpen(undefined)}
              />
            ) : (
              <Card.Root key={review._id} variant="subtle" data-testid="review-card">
                <Card.Body gap="2">
                  <HStack gap="1" color="orange.400" aria-label={`${review.rating} out of 5 stars`}>
                    {[1, 2, 3, 4, 5].map((star) => (
                      <LuStar key={star} fill={star <= review.rating ? 'currentColor' : 'none'} />
                    ))}
                  </HStack>
                  <Text>“{review.comment}”</Text>
                  <HStack justify="space-between">
                    <Text fontSize="sm" color="fg.muted">
                      {review.name}
                    </Text>
                    {editing && (
                      <HStack gap="1">
                        <EditButton
                          label={`Edit review by ${review.name}`}
                          onClick={() => setOpen(review._id)}
                        />
                        {edit.canDelete && (
                          <RemoveButton
                            label={`Remove review by ${review.name}`}
                            onClick={() =>
                              change(
                                callApi('subTopics.removeReview', { params, body: { itemId: review._id } }),
                              )
                            }
                          />
                        )}
                      </HStack>
                    )}
                  </HStack>
                </Card.Body>
              </Card.Root>
            ),
          )}
        </SimpleGrid>
        {editing && (
          <ItemForm
            fields={reviewFields}
            submitLabel="Add review"
            onSubmit={(value) => change(callApi('subTopics.addReview', { params, body: reviewBody(value) }))}
          />
        )}
      </Section>
    </Stack>
  );
}

function Section({ title, show, children }: { title: string; show: boolean; children: ReactNode }) {
  if (!show) return null;
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h2" size="xl" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
