import { createHash } from 'node:crypto';
import { catalogueSlug } from '../../shared/catalogue/paths';
import type { Subject, SubTopic, Topic } from '../../shared/schemas/catalogue';
import type { Tenant } from '../../shared/schemas/tenant';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';
import { getJobWatermark, setJobWatermark } from '../repositories/job-watermarks';
import { generatedContent, type SeedSubTopicContext } from './catalogue-content';
import { generalTopics, richContent, topicOutline } from './catalogue-data';
import { seedCurriculums } from './scheduling-seed';

/** The qualification level each seeded curriculum's subjects sit at (spec: topics?subjectCode&subjectLevel). */
const levels: Record<string, string> = {
  'cur-cambridge-igcse': 'IGCSE',
  'cur-edexcel-igcse': 'International GCSE',
  'cur-ib-diploma': 'DP',
  'cur-cambridge-lower-secondary': 'Lower Secondary',
  'cur-edexcel-lower-secondary': 'Lower Secondary',
};

/** Stable ids from the record's place in the catalogue, so a re-seed never duplicates. */
const stableId = (prefix: string, path: string) =>
  `${prefix}-${createHash('sha1').update(path).digest('hex').slice(0, 20)}`;

export interface SeedCatalogue {
  subjects: Subject[];
  topics: Topic[];
  subTopics: SubTopic[];
}

/** The whole demo catalogue as records (pure: the seed and the benchmarks build on it). */
export function buildSeedCatalogue(now: string): SeedCatalogue {
  const subjects: Subject[] = [];
  const topics: Topic[] = [];
  const subTopics: SubTopic[] = [];
  for (const curriculum of seedCurriculums) {
    curriculum.subjects.forEach((entry, subjectIndex) => {
      const subject: Subject = {
        _id: stableId('subj', `${curriculum._id}/${entry.code}`),
        curriculumId: curriculum._id,
        curriculum: curriculum.name,
        curriculumSlug: curriculum.slug,
        name: entry.name,
        slug: catalogueSlug(entry.name),
        subjectCode: entry.code,
        subjectLevel: levels[curriculum._id] ?? 'General',
        grades: curriculum.grades,
        description: `${curriculum.name} ${entry.name} (${entry.code}): topic-by-topic notes, videos, worked examples and exam practice.`,
        sortingOrder: subjectIndex,
      };
      subjects.push(subject);
      const outline =
        topicOutline[entry.name] ??
        Object.fromEntries(
          generalTopics.map((name) => [name, ['Key ideas', 'Worked examples', 'Exam practice']]),
        );
      Object.entries(outline).forEach(([topicName, subTopicNames], topicIndex) => {
        const topic: Topic = {
          _id: stableId('topic', `${subject._id}/${topicName}`),
          subjectId: subject._id,
          curriculumId: curriculum._id,
          curriculum: curriculum.name,
          subject: entry.name,
          subjectCode: entry.code,
          subjectLevel: subject.subjectLevel,
          name: topicName,
          slug: catalogueSlug(topicName),
          description: `${topicName} in ${curriculum.name} ${entry.name}.`,
          sortingOrder: topicIndex,
          createdAt: now,
          updatedAt: now,
        };
        topics.push(topic);
        subTopicNames.forEach((name, subTopicIndex) => {
          const subTopic = seedSubTopic(
            {
              topic,
              name,
              siblings: subTopicNames,
              index: subTopicIndex,
              curriculumSlug: curriculum.slug,
              grades: curriculum.grades,
            },
            now,
          );
          // Each topic's first sub-topic carries the topic's past-paper questions and mark scheme.
          if (subTopicIndex === 0)
            subTopic.resources.push(...topicalPastPapers(topic, subTopic._id, curriculum.slug));
          subTopics.push(subTopic);
        });
      });
    });
  }
  return { subjects, topics, subTopics };
}

function topicalPastPapers(topic: Topic, subTopicId: string, curriculumSlug: string): SubTopic['resources'] {
  const base = `https://resources.example.org/${curriculumSlug}/${topic.subjectCode.toLowerCase()}/${topic.slug}`;
  return [
    {
      _id: `${subTopicId}-pp0`,
      title: `${topic.name}: past paper questions`,
      url: `${base}-questions.pdf`,
      kind: 'PAST_PAPER',
    },
    {
      _id: `${subTopicId}-pp1`,
      title: `${topic.name}: mark scheme`,
      url: `${base}-mark-scheme.pdf`,
      kind: 'MARK_SCHEME',
    },
  ];
}

function seedSubTopic(context: SeedSubTopicContext, now: string): SubTopic {
  const { topic, name } = context;
  const id = stableId('subtopic', `${topic._id}/${name}`);
  const item = (kind: string, index: number) => `${id}-${kind}${index}`;
  const content = richContent[`${topic.subject}/${topic.name}/${name}`] ?? generatedContent(context);
  return {
    _id: id,
    topicId: topic._id,
    subjectId: topic.subjectId,
    curriculumId: topic.curriculumId,
    name,
    slug: catalogueSlug(name),
    sortingOrder: context.index,
    createdAt: now,
    updatedAt: now,
    summary: content.summary,
    contents: content.contents.map((c, i) => ({ ...c, _id: item('c', i) })),
    videoLinks: content.videoLinks.map((v, i) => ({ ...v, _id: item('v', i), sortingOrder: i })),
    resources: content.resources.map((r, i) => ({ ...r, _id: item('r', i) })),
    faqs: content.faqs.map((f, i) => ({ ...f, _id: item('f', i) })),
    reviews: content.reviews.map((r, i) => ({ ...r, _id: item('w', i) })),
  };
}

const SUBTOPIC_KEYS_MIGRATION = 'subtopic-subject-keys-migration';

/**
 * Seeds the catalogue once per tenant and catalogue version. Subjects are written last and the version
 * marker after them, so a seed cut off half-way is redone on the next run (writes are whole-record puts
 * with stable ids: repeating one is harmless).
 */
export async function seedCatalogue(tenant: Tenant): Promise<void> {
  // Sub-topics written before their index key named their subject (older local data): re-keyed once.
  if (!(await getJobWatermark(tenant.key, SUBTOPIC_KEYS_MIGRATION))) {
    await subTopicsRepository.keyBySubject(tenant.key);
    await setJobWatermark(tenant.key, SUBTOPIC_KEYS_MIGRATION, new Date().toISOString());
  }
  if (await getJobWatermark(tenant.key, CATALOGUE_SEED_VERSION)) return;
  const existing = new Set((await subjectsRepository.all(tenant.key)).map((subject) => subject._id));
  const catalogue = buildSeedCatalogue(new Date().toISOString());
  // A tenant seeded before: only the subjects it does not have yet (with their topics and sub-topics) are
  // written, so what its admins changed in the catalogue stays as they left it.
  const missing = new Set(catalogue.subjects.filter((s) => !existing.has(s._id)).map((s) => s._id));
  await topicsRepository.putMany(
    tenant.key,
    catalogue.topics.filter((t) => missing.has(t.subjectId)),
  );
  await subTopicsRepository.putMany(
    tenant.key,
    catalogue.subTopics.filter((s) => missing.has(s.subjectId)),
  );
  await subjectsRepository.putMany(
    tenant.key,
    catalogue.subjects.filter((s) => missing.has(s._id)),
  );
  await setJobWatermark(tenant.key, CATALOGUE_SEED_VERSION, new Date().toISOString());
}

/**
 * The version of the demo catalogue: a tenant seeded with an older one gets the subjects added since (the
 * marker saves the comparison on every later start). Raise it when the outline gains subjects.
 */
const CATALOGUE_SEED_VERSION = 'catalogue-seed-v2';
