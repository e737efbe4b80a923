import * as z from 'zod';
import {
  cataloguePathSchema,
  homeCurriculumSchema,
  type SubTopicContentAction,
  searchOptionSchema,
  subjectSchema,
  subTopicContentActions,
  subTopicInputSchema,
  subTopicSchema,
  subTopicSummarySchema,
  subTopicUpdateSchema,
  topicInputSchema,
  topicPastPapersSchema,
  topicSchema,
  topicSortingSchema,
  topicUpdateSchema,
  topicWithSubTopicsSchema,
} from '../schemas/catalogue';
import { requiredText, shortText } from '../schemas/common';
import { curriculumSchema } from '../schemas/curriculum';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import { permission, publicAccess, route } from './define';

/**
 * The public learning catalogue (spec 000 section 7 "Curriculum, topics" and spec 002 "Sub-topics and
 * topics"): reads are public, because visitors and search engines browse it; changes need the
 * admin-course permission, the same one that switches admin edit mode on.
 */
const editCatalogue = permission('adminCourses', ['edit']);
const createInCatalogue = permission('adminCourses', ['create', 'edit']);
const deleteFromCatalogue = permission('adminCourses', ['delete']);

const subjectLookupSchema = z.object({
  subjectCode: requiredText('Subject code', 40),
  subjectLevel: z.optional(shortText(80)),
});

const curriculumRoutes = [
  route({
    id: 'curriculums.list',
    method: 'GET',
    path: '/curriculums',
    resource: 'curriculums',
    access: publicAccess,
    response: z.object({ docs: z.array(curriculumSchema) }),
    summary: 'Every curriculum, in display order',
  }),
  route({
    id: 'curriculums.forHomePage',
    method: 'GET',
    path: '/curriculums/getCurriculumsForHomePage',
    resource: 'curriculums',
    access: publicAccess,
    response: z.object({ docs: z.array(homeCurriculumSchema) }),
    summary: 'The home page: curricula with their subjects and topic counts',
  }),
  route({
    id: 'curriculums.searchOptions',
    method: 'GET',
    path: '/curriculums/getSearchOptionsForHomePage',
    resource: 'curriculums',
    access: publicAccess,
    response: z.object({ docs: z.array(searchOptionSchema) }),
    summary: 'What the home search offers: curricula, subjects and topics with their page paths',
  }),
  route({
    id: 'curriculums.subjectMap',
    method: 'POST',
    path: '/curriculums/subjectMapDataForSubjectCode',
    resource: 'curriculums',
    access: publicAccess,
    body: subjectLookupSchema.strict(),
    response: subjectSchema,
    summary: 'The subject (with its curriculum) a subject code names',
  }),
  route({
    id: 'curriculums.grades',
    method: 'GET',
    path: '/curriculums/grades',
    resource: 'curriculums',
    access: publicAccess,
    query: z.object({ curriculum: z.optional(shortText(100)) }).strict(),
    response: z.object({ docs: z.array(z.string()) }),
    summary: 'Grades of one curriculum (by name or slug), or of all',
  }),
  route({
    id: 'curriculums.resolvePath',
    method: 'GET',
    path: '/curriculums/resolve-path',
    resource: 'curriculums',
    access: publicAccess,
    query: z.object({ path: requiredText('Path', 400) }).strict(),
    response: cataloguePathSchema,
    summary: 'The curriculum, subject, topic and sub-topic a public page path names (404 when none)',
  }),
];

const subjectRoutes = [
  route({
    id: 'subjects.list',
    method: 'GET',
    path: '/subjects',
    resource: 'subjects',
    access: publicAccess,
    query: z.object({ curriculum: z.optional(shortText(100)) }).strict(),
    response: z.object({ docs: z.array(subjectSchema) }),
    summary: 'Subjects, of one curriculum (by name or slug) or of all',
  }),
];

const topicRoutes = [
  route({
    id: 'topics.list',
    method: 'GET',
    path: '/topics',
    resource: 'topics',
    access: publicAccess,
    query: subjectLookupSchema.strict(),
    response: z.object({ docs: z.array(topicSchema) }),
    summary: "A subject's topics (by subject code and level), in sorting order",
  }),
  route({
    id: 'topics.getTopics',
    method: 'POST',
    path: '/topics/getTopics',
    resource: 'topics',
    access: publicAccess,
    body: subjectLookupSchema.strict(),
    response: z.object({ docs: z.array(topicWithSubTopicsSchema) }),
    summary: "A subject's topics with their sub-topics",
  }),
  route({
    id: 'topics.bySubjectData',
    method: 'GET',
    path: '/topics/getTopicsBySubjectData',
    resource: 'topics',
    access: publicAccess,
    query: z
      .object({ curriculum: requiredText('Curriculum', 100), subject: z.optional(shortText(100)) })
      .strict(),
    response: z.object({ docs: z.array(topicSchema) }),
    summary: "Topics of a curriculum's subject (names or slugs); without a subject, of the whole curriculum",
  }),
  route({
    id: 'topics.pastPapers',
    method: 'GET',
    path: '/topics/past-papers',
    resource: 'topics',
    access: publicAccess,
    query: subjectLookupSchema.strict(),
    response: z.object({ subject: subjectSchema, docs: z.array(topicPastPapersSchema) }),
    summary: "A subject's past-paper questions and mark schemes, topic by topic (topical past papers)",
  }),
  route({
    id: 'topics.updateSorting',
    method: 'POST',
    path: '/topics/updateSorting',
    resource: 'topics',
    access: editCatalogue,
    body: topicSortingSchema.strict(),
    response: z.object({ docs: z.array(topicSchema) }),
    summary: 'Reorder topics (sortingOrder merged by topicId); answers the subjects’ topics in the new order',
  }),
  route({
    id: 'topics.adminCreate',
    method: 'POST',
    path: '/admin/topics',
    resource: 'topics',
    access: createInCatalogue,
    body: topicInputSchema.strict(),
    response: topicSchema,
    summary: 'Add a topic to a subject',
  }),
  route({
    id: 'topics.adminUpdate',
    method: 'PUT',
    path: '/admin/topics/{id}',
    resource: 'topics',
    access: editCatalogue,
    body: topicUpdateSchema.strict(),
    response: topicSchema,
    summary: 'Rename or describe a topic',
  }),
  route({
    id: 'topics.adminDelete',
    method: 'DELETE',
    path: '/admin/topics/{id}',
    resource: 'topics',
    access: deleteFromCatalogue,
    response: z.object({ _id: z.string() }),
    summary: 'Delete a topic that holds no sub-topics',
  }),
];

/** One content call of a sub-topic's page (resources, video links, contents, FAQs, reviews). */
function contentRoute<const Action extends SubTopicContentAction>(action: Action) {
  return route({
    id: `subTopics.${action}`,
    method: 'PUT',
    path: `/admin/sub-topics/{id}/${action}`,
    resource: 'sub-topics',
    access: editCatalogue,
    body: subTopicContentActions[action],
    response: subTopicSchema,
    summary: `Sub-topic content: ${action.replace(/([A-Z])/g, ' $1').toLowerCase()}`,
  });
}

const subTopicRoutes = [
  route({
    id: 'subTopics.get',
    method: 'GET',
    path: '/sub-topics/{id}',
    resource: 'sub-topics',
    access: publicAccess,
    response: subTopicSchema,
    summary: 'A sub-topic with all its content',
  }),
  route({
    id: 'subTopics.grouped',
    method: 'POST',
    path: '/sub-topics/groupedSubTopics',
    resource: 'sub-topics',
    access: publicAccess,
    body: z.object({ topicIds: z.array(requiredText('Topic', 64)).min(1).max(100) }).strict(),
    response: z.object({
      docs: z.array(z.object({ topicId: z.string(), subTopics: z.array(subTopicSummarySchema) })),
    }),
    summary: 'Sub-topics grouped by topic, for several topics at once',
  }),
  route({
    id: 'subTopics.adminList',
    method: 'GET',
    path: '/admin/sub-topics',
    resource: 'sub-topics',
    access: permission('adminCourses', ['view', 'edit']),
    query: z.strictObject({
      ...pagingQuerySchema.shape,
      topicId: requiredText('Topic', 64),
      subTopicId: z.optional(shortText(64)),
    }),
    response: pageSchema(subTopicSummarySchema),
    summary: "A topic's sub-topics, paged (or the one subTopicId names)",
  }),
  route({
    id: 'subTopics.adminCreate',
    method: 'POST',
    path: '/admin/sub-topics',
    resource: 'sub-topics',
    access: createInCatalogue,
    body: subTopicInputSchema.strict(),
    response: subTopicSchema,
    summary: 'Add a sub-topic to a topic ("Sub topic Added")',
  }),
  route({
    id: 'subTopics.adminUpdate',
    method: 'PUT',
    path: '/admin/sub-topics/{id}',
    resource: 'sub-topics',
    access: editCatalogue,
    body: subTopicUpdateSchema.strict(),
    response: subTopicSchema,
    summary:
      'Rename, summarise, reorder or move a sub-topic to another topic of its subject ("Sub topic Updated")',
  }),
  route({
    id: 'subTopics.adminDelete',
    method: 'DELETE',
    path: '/admin/sub-topics/{id}',
    resource: 'sub-topics',
    access: deleteFromCatalogue,
    response: z.object({ _id: z.string() }),
    summary: 'Delete a sub-topic and its content ("Sub topic Deleted")',
  }),
  contentRoute('addResources'),
  contentRoute('removeResources'),
  contentRoute('addVideoLink'),
  contentRoute('editVideoLink'),
  contentRoute('removeVideoLink'),
  contentRoute('sortVideoLinks'),
  contentRoute('addContent'),
  contentRoute('editContent'),
  contentRoute('removeContent'),
  contentRoute('addFAQ'),
  contentRoute('editFAQ'),
  contentRoute('removeFAQ'),
  contentRoute('addReview'),
  contentRoute('editReview'),
  contentRoute('removeReview'),
];

export const learningCatalogueRoutes = [
  ...curriculumRoutes,
  ...subjectRoutes,
  ...topicRoutes,
  ...subTopicRoutes,
];
