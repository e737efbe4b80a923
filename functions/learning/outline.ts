import { bySortingOrder } from '../../shared/catalogue/paths';
import type { SubjectOutline } from '../../shared/learning/progress';
import type { Subject } from '../../shared/schemas/catalogue';
import { topicsOfSubject } from '../catalogue/lookups';
import { ttlCache } from '../lib/ttl-cache';
import { subTopicsRepository } from '../repositories/catalogue';

/**
 * A subject's topics and sub-topics in order: what progress is rolled up against. A dashboard reads the
 * same few subjects again and again, and the catalogue changes rarely, so a warm container keeps each
 * outline for 30 seconds (as the catalogue look-ups do).
 */
const outlines = ttlCache<SubjectOutline>(30_000, 500);

export function subjectOutline(tenant: string, subject: Subject): Promise<SubjectOutline> {
  return outlines.get(`${tenant}#${subject._id}`, async () => {
    const topics = await topicsOfSubject(tenant, subject._id);
    const subTopics = await Promise.all(
      topics.map((topic) => subTopicsRepository.linksOf(tenant, topic._id)),
    );
    return {
      subject: {
        _id: subject._id,
        subjectCode: subject.subjectCode,
        subjectLevel: subject.subjectLevel,
        name: subject.name,
        slug: subject.slug,
        curriculum: subject.curriculum,
        curriculumSlug: subject.curriculumSlug,
        curriculumId: subject.curriculumId,
      },
      topics: topics.map((topic, i) => ({
        _id: topic._id,
        name: topic.name,
        slug: topic.slug,
        subTopics: [...(subTopics[i] ?? [])]
          .sort(bySortingOrder)
          .map(({ _id, name, slug }) => ({ _id, name, slug })),
      })),
    };
  });
}

export function forgetCachedOutlines(): void {
  outlines.clear();
}
