import { mergeSortingOrder, uniqueSlug } from '../../shared/catalogue/paths';
import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { learningCatalogueRoutes } from '../../shared/routes/learning-catalogue';
import { pastPaperKinds, type Topic } from '../../shared/schemas/catalogue';
import {
  findSubject,
  findSubjectByCode,
  requireCurriculum,
  subjectsOf,
  topicsOfSubject,
} from '../catalogue/lookups';
import { newId } from '../lib/ids';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';

export const handler = resourceHandler('topics', learningCatalogueRoutes, {
  'topics.list': async ({ tenant, query }) => {
    const { subjectCode, subjectLevel } = query;
    const subject = await findSubjectByCode(tenant.key, subjectCode, subjectLevel);
    return { docs: await topicsOfSubject(tenant.key, subject._id) };
  },

  'topics.pastPapers': async ({ tenant, query }) => {
    const { subjectCode, subjectLevel } = query;
    const subject = await findSubjectByCode(tenant.key, subjectCode, subjectLevel);
    const topics = await topicsOfSubject(tenant.key, subject._id);
    const subTopics = await Promise.all(
      topics.map((t) => subTopicsRepository.resourcesOf(tenant.key, t._id)),
    );
    const docs = topics.map((topic, i) => ({
      topic: { _id: topic._id, name: topic.name, slug: topic.slug, sortingOrder: topic.sortingOrder },
      papers: subTopics[i]!.sort((a, b) => a.sortingOrder - b.sortingOrder).flatMap((subTopic) =>
        subTopic.resources
          .filter((resource) => (pastPaperKinds as readonly string[]).includes(resource.kind))
          .map((resource) => ({
            ...resource,
            subTopicId: subTopic._id,
            subTopicName: subTopic.name,
            subTopicSlug: subTopic.slug,
          })),
      ),
    }));
    return { subject, docs: docs.filter((entry) => entry.papers.length > 0) };
  },

  'topics.getTopics': async ({ tenant, body }) => {
    const { subjectCode, subjectLevel } = body;
    const subject = await findSubjectByCode(tenant.key, subjectCode, subjectLevel);
    const [topics, subTopics] = await Promise.all([
      topicsOfSubject(tenant.key, subject._id),
      subTopicsRepository.summariesOfSubject(tenant.key, subject._id),
    ]);
    const byTopic = new Map<string, typeof subTopics>();
    for (const subTopic of subTopics)
      byTopic.set(subTopic.topicId, [...(byTopic.get(subTopic.topicId) ?? []), subTopic]);
    return {
      docs: topics.map((topic) => ({
        ...topic,
        subTopics: (byTopic.get(topic._id) ?? []).sort(
          (a, b) => a.sortingOrder - b.sortingOrder || a.name.localeCompare(b.name),
        ),
      })),
    };
  },

  'topics.bySubjectData': async ({ tenant, query }) => {
    const { curriculum, subject } = query;
    const found = await requireCurriculum(tenant.key, curriculum);
    if (subject) {
      const match = await findSubject(tenant.key, found._id, subject);
      if (!match) throw new NotFoundError('Subject not found');
      return { docs: await topicsOfSubject(tenant.key, match._id) };
    }
    const subjects = await subjectsOf(tenant.key, found._id);
    const topics = await Promise.all(subjects.map((s) => topicsOfSubject(tenant.key, s._id)));
    return { docs: topics.flat() };
  },

  /**
   * Spec 000: sortingOrder merged in by topicId. Only topics whose order changes are written, together and
   * each conditionally on the version read; all must belong to subjects that exist in this tenant.
   */
  'topics.updateSorting': async ({ tenant, body }) => {
    const { sortingOrder } = body;
    const ids = [...new Set(sortingOrder.map((entry) => entry.topicId))];
    if (ids.length !== sortingOrder.length) throw new BadRequestError('Each topic may appear only once');
    const topics = await topicsRepository.getMany(tenant.key, ids);
    if (topics.length !== ids.length) throw new NotFoundError('Topic not found');
    const now = new Date().toISOString();
    const merged = mergeSortingOrder(topics, sortingOrder);
    await topicsRepository.replaceMany(
      tenant.key,
      merged
        .filter((topic) => topics.find((t) => t._id === topic._id)!.sortingOrder !== topic.sortingOrder)
        .map((topic) => ({ topic: { ...topic, updatedAt: now }, readAt: topic.updatedAt })),
    );
    const subjectIds = [...new Set(topics.map((t) => t.subjectId))];
    const docs = await Promise.all(subjectIds.map((id) => topicsOfSubject(tenant.key, id)));
    return { docs: docs.flat() };
  },

  'topics.adminCreate': async ({ tenant, body }) => {
    const input = body;
    const subject = await subjectsRepository.get(tenant.key, input.subjectId);
    if (!subject) throw new NotFoundError('Subject not found');
    const siblings = await topicsOfSubject(tenant.key, subject._id);
    const now = new Date().toISOString();
    const topic: Topic = {
      _id: newId(),
      subjectId: subject._id,
      curriculumId: subject.curriculumId,
      curriculum: subject.curriculum,
      subject: subject.name,
      subjectCode: subject.subjectCode,
      subjectLevel: subject.subjectLevel,
      name: input.name,
      slug: uniqueSlug(
        input.name,
        siblings.map((t) => t.slug),
      ),
      description: input.description,
      sortingOrder: input.sortingOrder ?? Math.max(0, ...siblings.map((t) => t.sortingOrder + 1)),
      createdAt: now,
      updatedAt: now,
    };
    await topicsRepository.insert(tenant.key, topic);
    return respond(201, topic);
  },

  /** A rename keeps the slug (public links and the sitemap stay valid) unless the slug is still free. */
  'topics.adminUpdate': async ({ tenant, params, body }) => {
    const current = await topicsRepository.require(tenant.key, params.id);
    const changes = body;
    const next: Topic = { ...current, ...definedOnly(changes), updatedAt: new Date().toISOString() };
    await topicsRepository.replace(tenant.key, next, current.updatedAt);
    return next;
  },

  'topics.adminDelete': async ({ tenant, params }) => {
    const topic = await topicsRepository.require(tenant.key, params.id);
    const held = await subTopicsRepository.summariesOf(tenant.key, topic._id);
    if (held.length > 0) {
      throw new ConflictError(
        `This topic still holds ${held.length} sub-topic${held.length === 1 ? '' : 's'}; delete or move them first`,
      );
    }
    await topicsRepository.remove(tenant.key, topic._id);
    return { _id: topic._id };
  },
});

export function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
