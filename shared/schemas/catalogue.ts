import * as z from 'zod';
import { isValidUrl } from '../rules/url';
import { requiredText, shortText } from './common';

/**
 * The learning catalogue under the curricula: subjects (a curriculum's syllabus, identified by its
 * subject code and level, e.g. Cambridge IGCSE Mathematics 0580), their topics, and the topics'
 * sub-topics, which hold the learning content (resources, video links, content blocks, FAQ, reviews).
 * Spec 002 names the content kinds but not their fields; the fields below are what the public pages show.
 */

const urlField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000)
    .refine(isValidUrl, `${label} must be a valid URL`);

export const subjectSchema = z.object({
  _id: z.string(),
  curriculumId: z.string(),
  curriculum: z.string(),
  curriculumSlug: z.string(),
  name: z.string(),
  slug: z.string(),
  subjectCode: z.string(),
  subjectLevel: z.string(),
  grades: z.array(z.string()),
  description: z.string(),
  sortingOrder: z.number(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const topicSchema = z.object({
  _id: z.string(),
  subjectId: z.string(),
  curriculumId: z.string(),
  curriculum: z.string(),
  subject: z.string(),
  subjectCode: z.string(),
  subjectLevel: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  sortingOrder: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;

export const topicInputSchema = z.object({
  subjectId: requiredText('Subject', 64),
  name: requiredText('Topic name', 160),
  description: z._default(shortText(2000), ''),
  sortingOrder: z.number().int().min(0).max(100_000).optional(),
});

export const topicUpdateSchema = z.object({
  name: z.optional(requiredText('Topic name', 160)),
  description: z.optional(shortText(2000)),
});

export const topicSortingSchema = z.object({
  sortingOrder: z
    .array(
      z.object({ topicId: requiredText('Topic', 64), sortingOrder: z.number().int().min(0).max(100_000) }),
    )
    .min(1, 'Give at least one topic’s order')
    .max(500),
});

/** What a resource link is, so the page can show the right icon. */
export const resourceKinds = ['NOTES', 'WORKSHEET', 'PAST_PAPER', 'MARK_SCHEME', 'LINK'] as const;

/** Each content kind's fields as an editor sends them (the stored item adds its `_id`). */
const resourceFields = z.object({
  title: requiredText('Title', 200),
  url: urlField('Resource link'),
  /** What the link is, so the page can show the right icon: notes, worksheet, past paper, mark scheme... */
  kind: z.enum(resourceKinds).default('LINK'),
});
const videoLinkFields = z.object({ title: requiredText('Title', 200), url: urlField('Video link') });
const contentBlockFields = z.object({
  title: requiredText('Title', 200),
  /** Plain text with blank-line paragraphs (never HTML: the page renders it as text). */
  body: requiredText('Content', 20_000),
});
const faqFields = z.object({
  question: requiredText('Question', 500),
  answer: requiredText('Answer', 5_000),
});
const reviewFields = z.object({
  name: requiredText('Name', 120),
  rating: z.number().int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5'),
  comment: requiredText('Comment', 2_000),
});

const withId = { _id: z.string() };
/** A stored resource always has its kind (LINK when the editor sent none). */
export const resourceItemSchema = resourceFields.extend(withId).required({ kind: true });
export const videoLinkSchema = videoLinkFields.extend({ ...withId, sortingOrder: z.number().int().min(0) });
export const contentBlockSchema = contentBlockFields.extend(withId);
export const faqSchema = faqFields.extend(withId);
export const reviewSchema = reviewFields.extend(withId);

export const subTopicSchema = z.object({
  _id: z.string(),
  topicId: z.string(),
  subjectId: z.string(),
  curriculumId: z.string(),
  name: z.string(),
  slug: z.string(),
  summary: z.string(),
  sortingOrder: z.number(),
  resources: z.array(resourceItemSchema),
  videoLinks: z.array(videoLinkSchema),
  contents: z.array(contentBlockSchema),
  faqs: z.array(faqSchema),
  reviews: z.array(reviewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubTopic = z.infer<typeof subTopicSchema>;
export type ResourceItem = z.infer<typeof resourceItemSchema>;
export type VideoLink = z.infer<typeof videoLinkSchema>;
export type ContentBlock = z.infer<typeof contentBlockSchema>;
export type Faq = z.infer<typeof faqSchema>;
export type Review = z.infer<typeof reviewSchema>;

export const subTopicInputSchema = z.object({
  topicId: requiredText('Topic', 64),
  name: requiredText('Sub-topic name', 160),
  summary: z._default(shortText(2000), ''),
  sortingOrder: z.number().int().min(0).max(100_000).optional(),
});
export const subTopicUpdateSchema = z.object({
  /** Moves the sub-topic to another topic of its subject (shared/catalogue/placement.ts). */
  topicId: z.optional(requiredText('Topic', 64)),
  name: z.optional(requiredText('Sub-topic name', 160)),
  summary: z.optional(shortText(2000)),
  sortingOrder: z.number().int().min(0).max(100_000).optional(),
});

/** A sub-topic without its content: what lists and menus need. */
export const subTopicSummarySchema = subTopicSchema.pick({
  _id: true,
  topicId: true,
  name: true,
  slug: true,
  summary: true,
  sortingOrder: true,
});
export type SubTopicSummary = z.infer<typeof subTopicSummarySchema>;

export const topicWithSubTopicsSchema = topicSchema.extend({ subTopics: z.array(subTopicSummarySchema) });

const itemId = { itemId: requiredText('Item', 64) };

/**
 * The content calls of spec 002 (`PUT sub-topics/{id}/<action>`): each adds, edits, removes or sorts one
 * kind of item, and answers the whole updated sub-topic. Each body is strict: an unknown field is refused.
 */
export const subTopicContentActions = {
  addResources: z.object({ resources: z.array(resourceFields).min(1).max(50) }).strict(),
  removeResources: z.object({ resourceIds: z.array(requiredText('Resource', 64)).min(1).max(50) }).strict(),
  addVideoLink: videoLinkFields.strict(),
  editVideoLink: videoLinkFields.partial().extend(itemId).strict(),
  removeVideoLink: z.object(itemId).strict(),
  sortVideoLinks: z
    .object({ videoLinkIds: z.array(requiredText('Video link', 64)).min(1).max(200) })
    .strict(),
  addContent: contentBlockFields.strict(),
  editContent: contentBlockFields.partial().extend(itemId).strict(),
  removeContent: z.object(itemId).strict(),
  addFAQ: faqFields.strict(),
  editFAQ: faqFields.partial().extend(itemId).strict(),
  removeFAQ: z.object(itemId).strict(),
  addReview: reviewFields.strict(),
  editReview: reviewFields.partial().extend(itemId).strict(),
  removeReview: z.object(itemId).strict(),
} as const;
export type SubTopicContentAction = keyof typeof subTopicContentActions;

/** Topical past papers: a topic's past-paper and mark-scheme resources, each with the sub-topic it sits in. */
export const pastPaperKinds = ['PAST_PAPER', 'MARK_SCHEME'] as const;
export const topicPastPapersSchema = z.object({
  topic: topicSchema.pick({ _id: true, name: true, slug: true, sortingOrder: true }),
  papers: z.array(
    resourceItemSchema.extend({ subTopicId: z.string(), subTopicName: z.string(), subTopicSlug: z.string() }),
  ),
});
export type TopicPastPapers = z.infer<typeof topicPastPapersSchema>;

/** The home page's curricula with their subjects (and how many topics each has). */
export const homeCurriculumSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  grades: z.array(z.string()),
  subjects: z.array(subjectSchema.extend({ topicCount: z.number() })),
});

export const searchOptionSchema = z.object({
  kind: z.enum(['curriculum', 'subject', 'topic', 'subTopic']),
  label: z.string(),
  /** Where the option leads: a portal path such as /cambridge-igcse/mathematics. */
  path: z.string(),
  /** What the option sits under, for the search list's second line (e.g. "Cambridge IGCSE · Mathematics"). */
  context: z.string(),
});
export type SearchOption = z.infer<typeof searchOptionSchema>;

/** A public path resolved to the catalogue records it names (each level present when the path has it). */
export const cataloguePathSchema = z.object({
  curriculum: z.object({ _id: z.string(), name: z.string(), slug: z.string(), grades: z.array(z.string()) }),
  subject: subjectSchema.optional(),
  topic: topicSchema.optional(),
  subTopic: subTopicSchema.optional(),
});
