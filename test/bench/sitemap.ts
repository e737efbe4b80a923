import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../../functions/lib/config';
import { siteOrigin } from '../../functions/lib/site-origin';
import {
  subjectsRepository,
  subTopicsRepository,
  topicsRepository,
} from '../../functions/repositories/catalogue';
import { curriculumsRepository } from '../../functions/repositories/curriculums';
import { putTenant } from '../../functions/repositories/tenants';
import { sitemapPageSource } from '../../functions/sitemap/pages';
import { runGeneration, startGeneration } from '../../functions/sitemap/service';
import { fullPermissionSet } from '../../shared/permissions/catalogue';
import { buildSitemaps } from '../../shared/rules/sitemap';
import type { Subject, SubTopic, Topic } from '../../shared/schemas/catalogue';
import { type BenchStack, median } from './stack';

const TENANT = 'sitemapbench';
const SUBJECTS = 20;
const TOPICS_PER_SUBJECT = 10;
/** 1 home + 1 curriculum + 20 subjects + 200 topics + 19,778 content pages = 20,000 pages. */
const PAGES = 20_000;

/** A tenant whose catalogue has 20,000 public pages, written as the catalogue repositories write them. */
async function fillCatalogue() {
  await putTenant({
    _id: TENANT,
    key: TENANT,
    name: 'Sitemap bench',
    domain: `${TENANT}.bench`,
    permissions: fullPermissionSet(),
  });
  const now = new Date().toISOString();
  await curriculumsRepository.ensure(TENANT, {
    _id: 'bench-curriculum',
    name: 'Bench Curriculum',
    slug: 'bench-curriculum',
    grades: ['Grade 10'],
    subjects: [],
    sortingOrder: 0,
    createdAt: now,
    updatedAt: now,
  });
  const subjects: Subject[] = Array.from({ length: SUBJECTS }, (_, s) => ({
    _id: `bench-subject-${s}`,
    curriculumId: 'bench-curriculum',
    curriculum: 'Bench Curriculum',
    curriculumSlug: 'bench-curriculum',
    name: `Subject ${s}`,
    slug: `subject-${s}`,
    subjectCode: `B${s}`,
    subjectLevel: 'IGCSE',
    grades: ['Grade 10'],
    description: '',
    sortingOrder: s,
  }));
  const topics: Topic[] = subjects.flatMap((subject, s) =>
    Array.from({ length: TOPICS_PER_SUBJECT }, (_, t) => ({
      _id: `bench-topic-${s}-${t}`,
      subjectId: subject._id,
      curriculumId: 'bench-curriculum',
      curriculum: 'Bench Curriculum',
      subject: subject.name,
      subjectCode: subject.subjectCode,
      subjectLevel: subject.subjectLevel,
      name: `Topic ${t}`,
      slug: `topic-${t}`,
      description: '',
      sortingOrder: t,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const contentPages = PAGES - 2 - subjects.length - topics.length;
  const subTopics: SubTopic[] = Array.from({ length: contentPages }, (_, i) => {
    const topic = topics[i % topics.length]!;
    return {
      _id: `bench-subtopic-${i}`,
      topicId: topic._id,
      subjectId: topic.subjectId,
      curriculumId: 'bench-curriculum',
      name: `Content page ${i}`,
      slug: `content-page-${i}`,
      summary: 'A sub-topic with its learning content.',
      sortingOrder: i,
      resources: [],
      videoLinks: [],
      contents: [],
      faqs: [],
      reviews: [],
      createdAt: now,
      updatedAt: now,
    };
  });
  await subjectsRepository.putMany(TENANT, subjects);
  await topicsRepository.putMany(TENANT, topics);
  await subTopicsRepository.putMany(TENANT, subTopics);
}

/**
 * Sitemap generation for a tenant with 20,000 public pages (issue #4, target <= 10 s): the whole job as
 * the bus runs it (read the catalogue, build the XML, write the file, record the outcome), three times;
 * and its parts, for where the time goes.
 */
export async function measureSitemapGeneration(_stack: BenchStack) {
  const seedStarted = performance.now();
  await fillCatalogue();
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const runs: number[] = [];
  let urlCount = 0;
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const generation = await startGeneration(TENANT, 'admin', 'bench');
    const started = performance.now();
    await runGeneration(TENANT, generation._id);
    runs.push(performance.now() - started);
    const xml = await readFile(join(config().SITEMAP_DIR, `${TENANT}.bench`, 'sitemap.xml'), 'utf8');
    urlCount = (xml.match(/<url>/g) ?? []).length;
    bytes = Buffer.byteLength(xml);
  }

  const readStarted = performance.now();
  const pages = await sitemapPageSource(TENANT);
  const readMs = performance.now() - readStarted;
  const buildStarted = performance.now();
  buildSitemaps(pages, { origin: siteOrigin(`${TENANT}.bench`), now: new Date() });
  const buildMs = performance.now() - buildStarted;

  return { pages: PAGES, urlCount, bytes, seedSeconds, medianMs: median(runs), readMs, buildMs };
}
