import { applyContentAction, type SubTopicContentBody } from '../../shared/catalogue/content';
import { catalogueSitePath, uniqueSlug } from '../../shared/catalogue/paths';
import { movePlacement } from '../../shared/catalogue/placement';
import { AppError } from '../../shared/http/errors';
import { learningCatalogueRoutes } from '../../shared/routes/learning-catalogue';
import type { SubTopic, SubTopicContentAction } from '../../shared/schemas/catalogue';
import type { Tenant } from '../../shared/schemas/tenant';
import { newId } from '../lib/ids';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { keepMovedAddress } from '../redirections/service';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';
import { definedOnly } from '../topics/handler';

const bySorting = (a: { sortingOrder: number; name: string }, b: { sortingOrder: number; name: string }) =>
  a.sortingOrder - b.sortingOrder || a.name.localeCompare(b.name);

/** Each content call reads the sub-topic, applies the pure rule and writes back if nobody wrote since. */
const contentOperation =
  <Action extends SubTopicContentAction>(action: Action) =>
  async ({
    tenant,
    params,
    body,
  }: {
    tenant: Tenant;
    params: { id: string };
    body: SubTopicContentBody<Action>;
  }) => {
    const current = await subTopicsRepository.require(tenant.key, params.id);
    const change = applyContentAction(current, action, body, newId);
    if (!change.ok) throw new AppError(change.status, change.message);
    const next: SubTopic = { ...current, ...change.content, updatedAt: new Date().toISOString() };
    await subTopicsRepository.replace(tenant.key, next, current.updatedAt);
    return next;
  };

export const handler = resourceHandler('sub-topics', learningCatalogueRoutes, {
  'subTopics.get': async ({ tenant, params }) => subTopicsRepository.require(tenant.key, params.id),

  'subTopics.grouped': async ({ tenant, body }) => {
    const { topicIds } = body;
    const unique = [...new Set(topicIds)];
    const groups = await Promise.all(unique.map((id) => subTopicsRepository.summariesOf(tenant.key, id)));
    return { docs: unique.map((topicId, i) => ({ topicId, subTopics: groups[i]!.sort(bySorting) })) };
  },

  'subTopics.adminList': async ({ tenant, query }) => {
    const { topicId, subTopicId, limit, offset } = query;
    await topicsRepository.require(tenant.key, topicId);
    let all = (await subTopicsRepository.summariesOf(tenant.key, topicId)).sort(bySorting);
    if (subTopicId) all = all.filter((s) => s._id === subTopicId);
    return { limit, offset, totalDocs: all.length, docs: all.slice(offset, offset + limit) };
  },

  'subTopics.adminCreate': async ({ tenant, body }) => {
    const input = body;
    const topic = await topicsRepository.require(tenant.key, input.topicId);
    const siblings = await subTopicsRepository.summariesOf(tenant.key, topic._id);
    const now = new Date().toISOString();
    const subTopic: SubTopic = {
      _id: newId(),
      topicId: topic._id,
      subjectId: topic.subjectId,
      curriculumId: topic.curriculumId,
      name: input.name,
      slug: uniqueSlug(
        input.name,
        siblings.map((s) => s.slug),
      ),
      summary: input.summary,
      sortingOrder: input.sortingOrder ?? Math.max(0, ...siblings.map((s) => s.sortingOrder + 1)),
      resources: [],
      videoLinks: [],
      contents: [],
      faqs: [],
      reviews: [],
      createdAt: now,
      updatedAt: now,
    };
    await subTopicsRepository.insert(tenant.key, subTopic);
    return respond(201, subTopic);
  },

  /**
   * Renames, summarises or reorders a sub-topic (its slug, and so its address, stays), or moves it to
   * another topic of its subject (the rules are in shared/catalogue/placement.ts).
   */
  'subTopics.adminUpdate': async ({ tenant, params, body }) => {
    const current = await subTopicsRepository.require(tenant.key, params.id);
    const { topicId, ...changes } = definedOnly(body);
    let moved: Partial<SubTopic> = {};
    let addresses: { from: string; to: string } | undefined;
    if (topicId && topicId !== current.topicId) {
      const [target, source, subject] = await Promise.all([
        topicsRepository.require(tenant.key, topicId),
        topicsRepository.require(tenant.key, current.topicId),
        subjectsRepository.get(tenant.key, current.subjectId),
      ]);
      const placement = movePlacement(
        current,
        target,
        await subTopicsRepository.summariesOf(tenant.key, target._id),
        changes.sortingOrder,
      );
      if (!placement.ok) throw new AppError(placement.status, placement.message);
      moved = { topicId: placement.topicId, slug: placement.slug, sortingOrder: placement.sortingOrder };
      if (subject) {
        const at = (topicSlug: string, slug: string) =>
          catalogueSitePath(subject.curriculumSlug, subject.slug, topicSlug, slug);
        addresses = { from: at(source.slug, current.slug), to: at(target.slug, placement.slug) };
      }
    }
    const next: SubTopic = { ...current, ...changes, ...moved, updatedAt: new Date().toISOString() };
    await subTopicsRepository.replace(tenant.key, next, current.updatedAt);
    // Its address changed: the old one redirects to the new (functions/redirections/service.ts).
    if (addresses) await keepMovedAddress(tenant, addresses.from, addresses.to);
    return next;
  },

  'subTopics.adminDelete': async ({ tenant, params }) => {
    const subTopic = await subTopicsRepository.require(tenant.key, params.id);
    await subTopicsRepository.remove(tenant.key, subTopic._id);
    return { _id: subTopic._id };
  },

  'subTopics.addResources': contentOperation('addResources'),
  'subTopics.removeResources': contentOperation('removeResources'),
  'subTopics.addVideoLink': contentOperation('addVideoLink'),
  'subTopics.editVideoLink': contentOperation('editVideoLink'),
  'subTopics.removeVideoLink': contentOperation('removeVideoLink'),
  'subTopics.sortVideoLinks': contentOperation('sortVideoLinks'),
  'subTopics.addContent': contentOperation('addContent'),
  'subTopics.editContent': contentOperation('editContent'),
  'subTopics.removeContent': contentOperation('removeContent'),
  'subTopics.addFAQ': contentOperation('addFAQ'),
  'subTopics.editFAQ': contentOperation('editFAQ'),
  'subTopics.removeFAQ': contentOperation('removeFAQ'),
  'subTopics.addReview': contentOperation('addReview'),
  'subTopics.editReview': contentOperation('editReview'),
  'subTopics.removeReview': contentOperation('removeReview'),
});
