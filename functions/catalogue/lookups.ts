import {
  bySortingOrder,
  cataloguePath,
  catalogueSlug,
  parseCataloguePath,
} from '../../shared/catalogue/paths';
import { NotFoundError } from '../../shared/http/errors';
import type { SearchOption, Subject, SubTopic, Topic } from '../../shared/schemas/catalogue';
import type { Curriculum } from '../../shared/schemas/curriculum';
import { ttlCache } from '../lib/ttl-cache';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';
import { curriculumsRepository } from '../repositories/curriculums';

/**
 * Read-side look-ups of the learning catalogue, shared by the curriculum, subject, topic and sub-topic
 * handlers. Curricula and subjects change rarely and are read by every public page, so a warm container
 * keeps them for 30 seconds (an admin's new subject shows on other containers within that time).
 */
const curriculaCache = ttlCache<Curriculum[]>(30_000);
const subjectsCache = ttlCache<Subject[]>(30_000);

export function forgetCachedCatalogue(): void {
  curriculaCache.clear();
  subjectsCache.clear();
}

export function curricula(tenant: string): Promise<Curriculum[]> {
  return curriculaCache.get(tenant, async () => {
    const page = await curriculumsRepository.list(tenant, {
      limit: 1_000,
      offset: 0,
      sortKey: 'sortingOrder',
      sortValue: 'asc',
    });
    return page.docs.map(({ _id, name, slug, grades, subjects, sortingOrder }) => ({
      _id,
      name,
      slug,
      grades,
      subjects,
      sortingOrder,
    }));
  });
}

export function allSubjects(tenant: string): Promise<Subject[]> {
  return subjectsCache.get(tenant, async () => (await subjectsRepository.all(tenant)).sort(bySortingOrder));
}

/** A curriculum named by its name or its slug (case-insensitive), or undefined. */
export async function findCurriculum(tenant: string, nameOrSlug: string): Promise<Curriculum | undefined> {
  const wanted = nameOrSlug.trim().toLowerCase();
  return (await curricula(tenant)).find((c) => c.name.toLowerCase() === wanted || c.slug === wanted);
}

export async function requireCurriculum(tenant: string, nameOrSlug: string): Promise<Curriculum> {
  const curriculum = await findCurriculum(tenant, nameOrSlug);
  if (!curriculum) throw new NotFoundError('Curriculum not found');
  return curriculum;
}

export async function subjectsOf(tenant: string, curriculumId: string): Promise<Subject[]> {
  return (await allSubjects(tenant)).filter((subject) => subject.curriculumId === curriculumId);
}

/** The subject a subject code (and, when several levels share the code, a level) names. */
export async function findSubjectByCode(
  tenant: string,
  subjectCode: string,
  subjectLevel?: string,
): Promise<Subject> {
  const code = subjectCode.trim().toLowerCase();
  const level = subjectLevel?.trim().toLowerCase();
  const found = (await allSubjects(tenant)).find(
    (s) => s.subjectCode.toLowerCase() === code && (!level || s.subjectLevel.toLowerCase() === level),
  );
  if (!found) throw new NotFoundError('Subject not found');
  return found;
}

/** A subject of a curriculum named by its name or slug. */
export async function findSubject(
  tenant: string,
  curriculumId: string,
  nameOrSlug: string,
): Promise<Subject | undefined> {
  const wanted = nameOrSlug.trim().toLowerCase();
  return (await subjectsOf(tenant, curriculumId)).find(
    (s) => s.name.toLowerCase() === wanted || s.slug === wanted,
  );
}

export async function topicsOfSubject(tenant: string, subjectId: string): Promise<Topic[]> {
  return (await topicsRepository.ofSubject(tenant, subjectId)).sort(bySortingOrder);
}

export interface ResolvedPath {
  curriculum: Pick<Curriculum, '_id' | 'name' | 'slug' | 'grades'>;
  subject?: Subject;
  topic?: Topic;
  subTopic?: SubTopic;
}

/**
 * /{curriculum}/{subject}/{topic}/{sub-topic}: each slug is looked up among its parent's children; a part
 * that names nothing makes the whole path a 404 (the catch-all content page then shows "not found").
 */
export async function resolvePath(tenant: string, path: string): Promise<ResolvedPath> {
  const notFound = new NotFoundError('This page does not exist');
  const parts = parseCataloguePath(path);
  if (!parts) throw notFound;
  const [curriculumSlug, subjectSlug, topicSlug, subTopicSlug] = parts;
  const curriculum = (await curricula(tenant)).find((c) => c.slug === curriculumSlug);
  if (!curriculum) throw notFound;
  const resolved: ResolvedPath = {
    curriculum: {
      _id: curriculum._id,
      name: curriculum.name,
      slug: curriculum.slug,
      grades: curriculum.grades,
    },
  };
  if (!subjectSlug) return resolved;
  resolved.subject = (await subjectsOf(tenant, curriculum._id)).find((s) => s.slug === subjectSlug);
  if (!resolved.subject) throw notFound;
  if (!topicSlug) return resolved;
  resolved.topic = (await topicsRepository.ofSubject(tenant, resolved.subject._id)).find(
    (t) => t.slug === topicSlug,
  );
  if (!resolved.topic) throw notFound;
  if (!subTopicSlug) return resolved;
  const summary = (await subTopicsRepository.summariesOf(tenant, resolved.topic._id)).find(
    (s) => s.slug === subTopicSlug,
  );
  if (!summary) throw notFound;
  resolved.subTopic = await subTopicsRepository.require(tenant, summary._id);
  return resolved;
}

/** The home search: every curriculum, subject, topic and sub-topic, each with the page it opens. */
export async function searchOptions(tenant: string): Promise<SearchOption[]> {
  const [allCurricula, subjects, topics, subTopics] = await Promise.all([
    curricula(tenant),
    allSubjects(tenant),
    topicsRepository.listings(tenant),
    subTopicsRepository.allLinks(tenant),
  ]);
  const subjectsById = new Map(subjects.map((s) => [s._id, s]));
  const options: SearchOption[] = allCurricula.map((c) => ({
    kind: 'curriculum',
    label: c.name,
    path: cataloguePath(c.slug),
    context: `${c.grades.length} grades`,
  }));
  for (const s of subjects) {
    options.push({
      kind: 'subject',
      label: s.name,
      path: cataloguePath(s.curriculumSlug, s.slug),
      context: `${s.curriculum} · ${s.subjectCode}`,
    });
  }
  const topicsById = new Map<string, { path: string; context: string }>();
  for (const t of [...topics].sort(bySortingOrder)) {
    const subject = subjectsById.get(t.subjectId);
    if (!subject) continue;
    const path = cataloguePath(subject.curriculumSlug, subject.slug, t.slug);
    const context = `${subject.curriculum} · ${subject.name}`;
    topicsById.set(t._id, { path, context: `${context} · ${t.name}` });
    options.push({ kind: 'topic', label: t.name, path, context });
  }
  // Sub-topics are what a learner most often types ("quadratic equations"): each opens its content page.
  for (const st of [...subTopics].sort(bySortingOrder)) {
    const topic = topicsById.get(st.topicId);
    if (!topic) continue;
    options.push({
      kind: 'subTopic',
      label: st.name,
      path: `${topic.path}/${st.slug}`,
      context: topic.context,
    });
  }
  return options;
}

/** Home page data: curricula with their subjects and each subject's topic count. */
export async function homePage(tenant: string) {
  const [allCurricula, subjects, topics] = await Promise.all([
    curricula(tenant),
    allSubjects(tenant),
    topicsRepository.listings(tenant),
  ]);
  const counts = new Map<string, number>();
  for (const { subjectId } of topics) counts.set(subjectId, (counts.get(subjectId) ?? 0) + 1);
  return allCurricula.map((c) => ({
    _id: c._id,
    name: c.name,
    slug: c.slug,
    grades: c.grades,
    subjects: subjects
      .filter((s) => s.curriculumId === c._id)
      .map((s) => ({ ...s, topicCount: counts.get(s._id) ?? 0 })),
  }));
}

export { catalogueSlug };
