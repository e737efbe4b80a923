import { cataloguePath } from '../../shared/catalogue/paths';
import { NotFoundError } from '../../shared/http/errors';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import type { ResourceItem } from '../../shared/schemas/catalogue';
import { curricula } from '../catalogue/lookups';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { ttlCache } from '../lib/ttl-cache';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';
import { reportedIssuesRepository, reporter } from '../repositories/reported-issues';

/**
 * resourceKey is a sub-topic resource item's `_id` (what a resource link carries). Seeded items are
 * named `<subTopicId>-<suffix>`, so their sub-topic is one GetItem away; any other key is looked up in a
 * map of every resource of the tenant built from the sub-topics index (its `_id` and `resources` only) and
 * kept a minute per container, so a newly added resource is found within a minute.
 */
const resourceOwners = ttlCache<Map<string, string>>(60_000, 50);

async function findResource(tenant: string, resourceKey: string) {
  const guess = resourceKey.match(/^(subtopic-[0-9a-f]{20})-[a-z]+\d+$/)?.[1];
  let subTopic = guess ? await subTopicsRepository.get(tenant, guess) : undefined;
  let resource: ResourceItem | undefined = subTopic?.resources.find((r) => r._id === resourceKey);
  if (!resource) {
    const owners = await resourceOwners.get(tenant, async () => {
      const all = await subTopicsRepository.allResources(tenant);
      return new Map(all.flatMap((s) => (s.resources ?? []).map((r) => [r._id, s._id] as const)));
    });
    const ownerId = owners.get(resourceKey);
    subTopic = ownerId ? await subTopicsRepository.get(tenant, ownerId) : undefined;
    resource = subTopic?.resources.find((r) => r._id === resourceKey);
  }
  if (!subTopic || !resource) throw new NotFoundError('Resource not found');
  const [topic, subject] = await Promise.all([
    topicsRepository.get(tenant, subTopic.topicId),
    subjectsRepository.get(tenant, subTopic.subjectId),
  ]);
  const curriculum = (await curricula(tenant)).find((c) => c._id === subTopic.curriculumId);
  if (!topic || !subject || !curriculum) throw new NotFoundError('Resource not found');
  return {
    resource: { _id: resource._id, title: resource.title, url: resource.url, kind: resource.kind },
    subTopic: { _id: subTopic._id, name: subTopic.name, slug: subTopic.slug },
    topic: { _id: topic._id, name: topic.name, slug: topic.slug },
    subject: { _id: subject._id, name: subject.name, slug: subject.slug, subjectCode: subject.subjectCode },
    curriculum: { _id: curriculum._id, name: curriculum.name, slug: curriculum.slug },
    path: cataloguePath(curriculum.slug, subject.slug, topic.slug, subTopic.slug),
  };
}

export const handler = resourceHandler('learning-resources', learningDataRoutes, {
  'learningResources.browse': async ({ tenant, query }) => findResource(tenant.key, query.resourceKey),

  /** A broken resource becomes an issue report the back-office sees, naming the resource and its page. */
  'learningResources.report': async ({ tenant, caller, body }) => {
    const found = await findResource(tenant.key, body.resourceKey);
    const issue = await reportedIssuesRepository.create(tenant.key, {
      kind: 'BROKEN_RESOURCE',
      status: 'OPEN',
      subject: `Broken link: ${found.resource.title}`.slice(0, 160),
      description: body.description || `${found.resource.url} does not work`,
      pagePath: body.pagePath || found.path,
      resourceKey: found.resource._id,
      reportedBy: reporter(caller),
    });
    return respond(201, issue);
  },
});
