import { createHash } from 'node:crypto';
import { catalogueSlug } from '../../shared/catalogue/paths';
import type { Subject, SubTopic, Topic } from '../../shared/schemas/catalogue';
import type { Tenant } from '../../shared/schemas/tenant';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';
import { getJobWatermark, setJobWatermark } from '../repositories/job-watermarks';
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
          const subTopic = seedSubTopic(topic, name, subTopicIndex, now);
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

function seedSubTopic(topic: Topic, name: string, sortingOrder: number, now: string): SubTopic {
  const id = stableId('subtopic', `${topic._id}/${name}`);
  const item = (kind: string, index: number) => `${id}-${kind}${index}`;
  const rich = richContent[`${topic.subject}/${topic.name}/${name}`];
  const base = {
    _id: id,
    topicId: topic._id,
    subjectId: topic.subjectId,
    curriculumId: topic.curriculumId,
    name,
    slug: catalogueSlug(name),
    sortingOrder,
    createdAt: now,
    updatedAt: now,
  };
  if (rich) {
    return {
      ...base,
      summary: rich.summary,
      contents: rich.contents.map((c, i) => ({ ...c, _id: item('c', i) })),
      videoLinks: rich.videoLinks.map((v, i) => ({ ...v, _id: item('v', i), sortingOrder: i })),
      resources: rich.resources.map((r, i) => ({ ...r, _id: item('r', i) })),
      faqs: rich.faqs.map((f, i) => ({ ...f, _id: item('f', i) })),
      reviews: rich.reviews.map((r, i) => ({ ...r, _id: item('w', i) })),
    };
  }
  const where = `${topic.curriculum} ${topic.subject}`;
  return {
    ...base,
    summary: `${name}: the ideas, methods and exam questions of this part of ${topic.name}.`,
    contents: [
      {
        _id: item('c', 0),
        title: `${name}: overview`,
        body: `This sub-topic of ${topic.name} covers ${name.toLowerCase()} as the ${where} syllabus sets it out.\n\nWork through the key definitions first, then the worked examples, then try the practice questions without notes.`,
      },
    ],
    videoLinks: [],
    resources: [],
    faqs: [
      {
        _id: item('f', 0),
        question: `How is ${name.toLowerCase()} examined?`,
        answer: `Questions on ${name.toLowerCase()} appear in both papers of ${where}, usually as short calculations or explanations worth 2 to 6 marks.`,
      },
    ],
    reviews: [],
  };
}

const SUBTOPIC_KEYS_MIGRATION = 'subtopic-subject-keys-migration';

/**
 * Seeds the catalogue once per tenant. Subjects are written last, so a seed cut off half-way is redone
 * from the start on the next run (writes are whole-record puts with stable ids: repeating one is harmless).
 */
export async function seedCatalogue(tenant: Tenant): Promise<void> {
  // Sub-topics written before their index key named their subject (older local data): re-keyed once.
  if (!(await getJobWatermark(tenant.key, SUBTOPIC_KEYS_MIGRATION))) {
    await subTopicsRepository.keyBySubject(tenant.key);
    await setJobWatermark(tenant.key, SUBTOPIC_KEYS_MIGRATION, new Date().toISOString());
  }
  if ((await subjectsRepository.all(tenant.key)).length > 0) return;
  const catalogue = buildSeedCatalogue(new Date().toISOString());
  await topicsRepository.putMany(tenant.key, catalogue.topics);
  await subTopicsRepository.putMany(tenant.key, catalogue.subTopics);
  await subjectsRepository.putMany(tenant.key, catalogue.subjects);
}
