/**
 * A student's progress through the learning catalogue (spec 000 section 3 "Progress"), as pure rules.
 *
 * Decisions (the spec names only userId and subjects[] with subjectCode):
 * - Progress is kept per sub-topic, the unit a student studies: the pages viewed (a sub-topic's pages are
 *   its notes blocks, at least one), the last page, the best quiz score (0 to 100) and a status.
 * - A sub-topic is COMPLETED only when the student marks it done (reading every page is not the same as
 *   knowing it); any page viewed or score recorded makes it IN_PROGRESS; otherwise NOT_STARTED.
 * - A sub-topic's percent is 100 when completed, else the share of its pages viewed, capped at 90 so that
 *   100 percent always means "done".
 * - A topic's and a subject's percent are the mean over ALL their sub-topics in the catalogue (those not
 *   started count as 0), so a subject's figure weighs each sub-topic equally.
 * - Scores roll up as the mean of the best scores recorded, banded as spec 000 section 9 says.
 */
export const progressStatuses = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED'] as const;
export type ProgressStatus = (typeof progressStatuses)[number];

/** Spec 000 section 9: below 60 percent Revise, below 90 Good, otherwise Very Good. */
export const scoreBands = ['Revise', 'Good', 'Very Good'] as const;
export type ScoreBand = (typeof scoreBands)[number];

export function scoreBand(percent: number): ScoreBand {
  if (percent < 60) return 'Revise';
  if (percent < 90) return 'Good';
  return 'Very Good';
}

/** Most pages a sub-topic can have, so the pages-viewed list stays small. */
export const MAX_PAGES = 200;
/** The share of a sub-topic that reading alone can earn. */
export const READING_CAP_PERCENT = 90;

/** The stored progress of one student on one sub-topic. */
export interface SubTopicProgressEntry {
  userId: string;
  subTopicId: string;
  topicId: string;
  subjectId: string;
  curriculumId: string;
  status: ProgressStatus;
  /** Page numbers viewed (1-based), sorted, each once. */
  pagesViewed: number[];
  pagesTotal: number;
  lastPageNo: number | null;
  bestScore: number | null;
  /** Quiz scores recorded. */
  attempts: number;
  completedAt: string | null;
  updatedAt: string;
}

/** One progress call: a page opened, a quiz score, or the sub-topic marked done (or not done). */
export interface ProgressEvent {
  pageNo?: number | undefined;
  score?: number | undefined;
  completed?: boolean | undefined;
}

/** A sub-topic's pages: its notes blocks, at least one (a sub-topic without notes is one page). */
export function pagesOf(subTopic: { contents: readonly unknown[] }): number {
  return Math.min(Math.max(subTopic.contents.length, 1), MAX_PAGES);
}

/** Why an event cannot apply to a sub-topic of `pagesTotal` pages, or undefined when it can. */
export function progressEventProblem(event: ProgressEvent, pagesTotal: number): string | undefined {
  if (event.pageNo === undefined && event.score === undefined && event.completed === undefined) {
    return 'Give a pageNo, a score or completed';
  }
  if (event.pageNo !== undefined && (event.pageNo < 1 || event.pageNo > pagesTotal)) {
    return `Page ${event.pageNo} does not exist: this sub-topic has ${pagesTotal} page${pagesTotal === 1 ? '' : 's'}`;
  }
  return undefined;
}

function statusOf(entry: Pick<SubTopicProgressEntry, 'completedAt' | 'pagesViewed' | 'bestScore'>) {
  if (entry.completedAt) return 'COMPLETED';
  return entry.pagesViewed.length > 0 || entry.bestScore !== null ? 'IN_PROGRESS' : 'NOT_STARTED';
}

/** The entry after one event (the event is assumed valid: see progressEventProblem). */
export function applyProgressEvent(
  current: SubTopicProgressEntry | undefined,
  base: Pick<SubTopicProgressEntry, 'userId' | 'subTopicId' | 'topicId' | 'subjectId' | 'curriculumId'>,
  event: ProgressEvent,
  pagesTotal: number,
  now: string,
): SubTopicProgressEntry {
  const pages = new Set((current?.pagesViewed ?? []).filter((page) => page <= pagesTotal));
  if (event.pageNo !== undefined) pages.add(event.pageNo);
  const bestScore =
    event.score === undefined
      ? (current?.bestScore ?? null)
      : Math.max(current?.bestScore ?? Number.NEGATIVE_INFINITY, event.score);
  let completedAt = current?.completedAt ?? null;
  if (event.completed === true) completedAt ??= now;
  if (event.completed === false) completedAt = null;
  const next = {
    ...base,
    pagesViewed: [...pages].sort((a, b) => a - b),
    pagesTotal,
    lastPageNo: event.pageNo ?? current?.lastPageNo ?? null,
    bestScore,
    attempts: (current?.attempts ?? 0) + (event.score === undefined ? 0 : 1),
    completedAt,
    updatedAt: now,
  };
  return { ...next, status: statusOf(next) };
}

/**
 * The later of two answers about one entry: answers to concurrent writes (the pages of a sub-topic read at
 * once) can arrive in any order, and an older one must not replace a newer one on screen. Each write
 * stamps updatedAt; on the same instant, the one with more pages read is the later.
 */
export function laterEntry(
  shown: SubTopicProgressEntry | undefined,
  answer: SubTopicProgressEntry,
): SubTopicProgressEntry {
  if (!shown || shown.subTopicId !== answer.subTopicId) return answer;
  if (answer.updatedAt !== shown.updatedAt) return answer.updatedAt > shown.updatedAt ? answer : shown;
  return answer.pagesViewed.length >= shown.pagesViewed.length ? answer : shown;
}

export function subTopicPercent(entry: SubTopicProgressEntry | undefined): number {
  if (!entry) return 0;
  if (entry.status === 'COMPLETED') return 100;
  const read = Math.floor((100 * entry.pagesViewed.length) / Math.max(entry.pagesTotal, 1));
  return Math.min(read, READING_CAP_PERCENT);
}

export interface SubTopicProgress {
  subTopicId: string;
  name: string;
  slug: string;
  status: ProgressStatus;
  pagesViewed: number;
  pagesTotal: number | null;
  lastPageNo: number | null;
  bestScore: number | null;
  percent: number;
  updatedAt: string | null;
}

interface Rollup {
  percent: number;
  completedSubTopics: number;
  totalSubTopics: number;
  averageScore: number | null;
  band: ScoreBand | null;
}

export interface TopicProgress extends Rollup {
  topicId: string;
  name: string;
  slug: string;
  subTopics: SubTopicProgress[];
}

export interface SubjectProgress extends Rollup {
  subjectId: string;
  subjectCode: string;
  subjectLevel: string;
  name: string;
  slug: string;
  curriculum: string;
  curriculumSlug: string;
  curriculumId: string;
  lastActivityAt: string | null;
  topics: TopicProgress[];
}

/** A subject's outline from the catalogue: its topics, in order, each with its sub-topics in order. */
export interface SubjectOutline {
  subject: Pick<
    SubjectProgress,
    'subjectCode' | 'subjectLevel' | 'name' | 'slug' | 'curriculum' | 'curriculumSlug' | 'curriculumId'
  > & { _id: string };
  topics: Array<{
    _id: string;
    name: string;
    slug: string;
    subTopics: Array<{ _id: string; name: string; slug: string }>;
  }>;
}

function rollup(subTopics: SubTopicProgress[]): Rollup {
  const total = subTopics.length;
  const scores = subTopics.flatMap((s) => (s.bestScore === null ? [] : [s.bestScore]));
  const averageScore = scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
  return {
    percent: total ? Math.round(subTopics.reduce((sum, s) => sum + s.percent, 0) / total) : 0,
    completedSubTopics: subTopics.filter((s) => s.status === 'COMPLETED').length,
    totalSubTopics: total,
    averageScore,
    band: averageScore === null ? null : scoreBand(averageScore),
  };
}

/**
 * A subject's progress: every topic and sub-topic of the outline with the student's entries laid over it.
 * Entries for sub-topics no longer in the catalogue are left out.
 */
export function rollUpSubject(outline: SubjectOutline, entries: SubTopicProgressEntry[]): SubjectProgress {
  const bySubTopic = new Map(entries.map((entry) => [entry.subTopicId, entry]));
  const topics: TopicProgress[] = outline.topics.map((topic) => {
    const subTopics = topic.subTopics.map((s): SubTopicProgress => {
      const entry = bySubTopic.get(s._id);
      return {
        subTopicId: s._id,
        name: s.name,
        slug: s.slug,
        status: entry?.status ?? 'NOT_STARTED',
        pagesViewed: entry?.pagesViewed.length ?? 0,
        pagesTotal: entry?.pagesTotal ?? null,
        lastPageNo: entry?.lastPageNo ?? null,
        bestScore: entry?.bestScore ?? null,
        percent: subTopicPercent(entry),
        updatedAt: entry?.updatedAt ?? null,
      };
    });
    return { topicId: topic._id, name: topic.name, slug: topic.slug, ...rollup(subTopics), subTopics };
  });
  const inCatalogue = topics.flatMap((t) => t.subTopics);
  const known = new Set(inCatalogue.map((s) => s.subTopicId));
  const lastActivityAt =
    entries
      .filter((e) => known.has(e.subTopicId))
      .map((e) => e.updatedAt)
      .sort()
      .at(-1) ?? null;
  const { _id, ...subject } = outline.subject;
  return { subjectId: _id, ...subject, ...rollup(inCatalogue), lastActivityAt, topics };
}
