import {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  IconButton,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuExternalLink, LuFileText, LuPlus, LuStar, LuTrash2 } from 'react-icons/lu';
import type { SubTopic } from '../../../../shared/schemas/catalogue';
import { callApi } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toaster';
import { LearningVideo } from '../learning/learning-video';
import { SubTopicLearning } from '../learning/sub-topic-learning';
import { videoEmbedUrl } from './video-embed';

const resourceKindLabels: Record<SubTopic['resources'][number]['kind'], string> = {
  NOTES: 'Notes',
  WORKSHEET: 'Worksheet',
  PAST_PAPER: 'Past paper',
  MARK_SCHEME: 'Mark scheme',
  LINK: 'Link',
};

interface SubTopicViewProps {
  subTopic: SubTopic;
  editing: boolean;
  /** Replaces the shown sub-topic with the server's answer after an edit. */
  onChanged: (next: SubTopic) => Promise<unknown>;
}

/** A sub-topic's learning content: notes, videos, resources, FAQ and reviews, editable in place. */
export function SubTopicView({ subTopic, editing, onChanged }: SubTopicViewProps) {
  const change = async (action: string, body: unknown) => {
    const next = await callApi<SubTopic>(`subTopics.${action}`, { params: { id: subTopic._id }, body });
    toastSuccess('Sub topic Updated');
    await onChanged(next);
  };
  const videos = [...subTopic.videoLinks].sort((a, b) => a.sortingOrder - b.sortingOrder);

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
          {subTopic.contents.map((block) => (
            <Box key={block._id}>
              <HStack justify="space-between">
                <Heading as="h3" size="md" mb="2">
                  {block.title}
                </Heading>
                {editing && (
                  <RemoveButton
                    label={`Remove ${block.title}`}
                    onClick={() => change('removeContent', { itemId: block._id })}
                  />
                )}
              </HStack>
              {block.body.split(/\n{2,}/).map((paragraph) => (
                <Text key={paragraph.slice(0, 40)} mb="3" whiteSpace="pre-line">
                  {paragraph}
                </Text>
              ))}
            </Box>
          ))}
          {editing && (
            <ItemForm
              fields={[
                { name: 'title', label: 'Notes title' },
                { name: 'body', label: 'Notes text', multiline: true },
              ]}
              submitLabel="Add notes"
              onSubmit={(values) => change('addContent', values)}
            />
          )}
        </Stack>
      </Section>

      <Section title="Videos" show={editing || videos.length > 0}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {videos.map((video) => {
            const embed = videoEmbedUrl(video.url);
            return (
              <Card.Root key={video._id} variant="outline" data-testid="video-card">
                <Card.Body gap="3">
                  {embed ? <LearningVideo video={video} embed={embed} /> : null}
                  <HStack justify="space-between">
                    <Link href={video.url} target="_blank" rel="noopener noreferrer" fontWeight="semibold">
                      {video.title} <LuExternalLink />
                    </Link>
                    {editing && (
                      <RemoveButton
                        label={`Remove ${video.title}`}
                        onClick={() => change('removeVideoLink', { itemId: video._id })}
                      />
                    )}
                  </HStack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
        {editing && (
          <ItemForm
            fields={[
              { name: 'title', label: 'Video title' },
              { name: 'url', label: 'Video link' },
            ]}
            submitLabel="Add video link"
            onSubmit={(values) => change('addVideoLink', values)}
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
              {editing && (
                <RemoveButton
                  label={`Remove ${resource.title}`}
                  onClick={() => change('removeResources', { resourceIds: [resource._id] })}
                />
              )}
            </HStack>
          ))}
          {editing && (
            <ItemForm
              fields={[
                { name: 'title', label: 'Resource title' },
                { name: 'url', label: 'Resource link' },
              ]}
              submitLabel="Add resource"
              onSubmit={(values) => change('addResources', { resources: [{ ...values, kind: 'LINK' }] })}
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
                  <Text>{faq.answer}</Text>
                  {editing && (
                    <RemoveButton
                      label={`Remove question ${faq.question}`}
                      onClick={() => change('removeFAQ', { itemId: faq._id })}
                    />
                  )}
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
        {editing && (
          <ItemForm
            fields={[
              { name: 'question', label: 'Question' },
              { name: 'answer', label: 'Answer', multiline: true },
            ]}
            submitLabel="Add question"
            onSubmit={(values) => change('addFAQ', values)}
          />
        )}
      </Section>

      <Section title="Reviews" show={editing || subTopic.reviews.length > 0}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {subTopic.reviews.map((review) => (
            <Card.Root key={review._id} variant="subtle">
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
                    <RemoveButton
                      label={`Remove review by ${review.name}`}
                      onClick={() => change('removeReview', { itemId: review._id })}
                    />
                  )}
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
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

function RemoveButton({ label, onClick }: { label: string; onClick: () => Promise<unknown> }) {
  return (
    <IconButton
      aria-label={label}
      size="xs"
      variant="ghost"
      colorPalette="red"
      onClick={() => void onClick().catch(() => undefined)}
    >
      <LuTrash2 />
    </IconButton>
  );
}

interface FieldSpec {
  name: string;
  label: string;
  multiline?: boolean;
}

/** A small inline form for one content item; the server's validation message shows as the error toast. */
function ItemForm({
  fields,
  submitLabel,
  onSubmit,
}: {
  fields: FieldSpec[];
  submitLabel: string;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
}) {
  const empty = Object.fromEntries(fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [busy, setBusy] = useState(false);
  const complete = fields.every((f) => values[f.name]?.trim());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
      setValues(empty);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      as="form"
      onSubmit={submit}
      gap="2"
      mt="4"
      p="3"
      borderWidth="1px"
      borderStyle="dashed"
      rounded="md"
    >
      {fields.map((field) =>
        field.multiline ? (
          <Textarea
            key={field.name}
            size="sm"
            aria-label={field.label}
            placeholder={field.label}
            value={values[field.name]}
            onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
          />
        ) : (
          <Input
            key={field.name}
            size="sm"
            aria-label={field.label}
            placeholder={field.label}
            value={values[field.name]}
            onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
          />
        ),
      )}
      <Button size="sm" type="submit" variant="outline" alignSelf="start" loading={busy} disabled={!complete}>
        <LuPlus /> {submitLabel}
      </Button>
    </Stack>
  );
}
