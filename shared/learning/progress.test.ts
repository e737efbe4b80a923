import { describe, expect, it } from 'vitest';
import {
  applyProgressEvent,
  laterEntry,
  pagesOf,
  progressEventProblem,
  rollUpSubject,
  type SubjectOutline,
  type SubTopicProgressEntry,
  scoreBand,
  subTopicPercent,
} from './progress';

const base = { userId: 'u1', subTopicId: 's1', topicId: 't1', subjectId: 'subj', curriculumId: 'c1' };
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';

describe('scoreBand (spec 000 section 9)', () => {
  it.each([
    [0, 'Revise'],
    [59.9, 'Revise'],
    [60, 'Good'],
    [89, 'Good'],
    [89.99, 'Good'],
    [90, 'Very Good'],
    [100, 'Very Good'],
  ])('%s percent is %s', (percent, band) => {
    expect(scoreBand(percent)).toBe(band);
  });
});

describe('progress events', () => {
  it('a sub-topic has one page per notes block, at least one', () => {
    expect(pagesOf({ contents: [] })).toBe(1);
    expect(pagesOf({ contents: [1, 2, 3] })).toBe(3);
  });

  it('refuses an empty event and a page the sub-topic does not have', () => {
    expect(progressEventProblem({}, 3)).toBe('Give a pageNo, a score or completed');
    expect(progressEventProblem({ pageNo: 4 }, 3)).toBe('Page 4 does not exist: this sub-topic has 3 pages');
    expect(progressEventProblem({ pageNo: 2 }, 1)).toBe('Page 2 does not exist: this sub-topic has 1 page');
    expect(progressEventProblem({ pageNo: 3 }, 3)).toBeUndefined();
    expect(progressEventProblem({ completed: false }, 3)).toBeUndefined();
  });

  it('records pages once each, the last page, the best score and the attempts', () => {
    let entry = applyProgressEvent(undefined, base, { pageNo: 2 }, 4, T0);
    expect(entry).toMatchObject({ status: 'IN_PROGRESS', pagesViewed: [2], lastPageNo: 2, attempts: 0 });
    entry = applyProgressEvent(entry, base, { pageNo: 1 }, 4, T0);
    entry = applyProgressEvent(entry, base, { pageNo: 2 }, 4, T0);
    expect(entry.pagesViewed).toEqual([1, 2]);
    expect(entry.lastPageNo).toBe(2);
    entry = applyProgressEvent(entry, base, { score: 70 }, 4, T0);
    entry = applyProgressEvent(entry, base, { score: 40 }, 4, T1);
    expect(entry).toMatchObject({ bestScore: 70, attempts: 2, updatedAt: T1, lastPageNo: 2 });
  });

  it('a score alone starts a sub-topic; only marking it done completes it, and it can be undone', () => {
    const scored = applyProgressEvent(undefined, base, { score: 0 }, 1, T0);
    expect(scored.status).toBe('IN_PROGRESS');
    let entry = applyProgressEvent(undefined, base, { pageNo: 1 }, 1, T0);
    expect(entry.status).toBe('IN_PROGRESS');
    entry = applyProgressEvent(entry, base, { completed: true }, 1, T1);
    expect(entry).toMatchObject({ status: 'COMPLETED', completedAt: T1 });
    // Marking done again keeps the first completion time.
    expect(
      applyProgressEvent(entry, base, { completed: true }, 1, '2027-01-01T00:00:00.000Z').completedAt,
    ).toBe(T1);
    entry = applyProgressEvent(entry, base, { completed: false }, 1, T1);
    expect(entry).toMatchObject({ status: 'IN_PROGRESS', completedAt: null });
    const untouched = applyProgressEvent(undefined, base, { completed: false }, 1, T1);
    expect(untouched.status).toBe('NOT_STARTED');
  });

  it('forgets pages a shortened sub-topic no longer has', () => {
    const entry = applyProgressEvent(undefined, base, { pageNo: 5 }, 5, T0);
    expect(applyProgressEvent(entry, base, { pageNo: 1 }, 2, T1).pagesViewed).toEqual([1]);
  });

  it('reading earns at most 90 percent; done is 100', () => {
    const read = (pages: number[], total: number, done = false) =>
      subTopicPercent({
        ...base,
        status: done ? 'COMPLETED' : 'IN_PROGRESS',
        pagesViewed: pages,
        pagesTotal: total,
        lastPageNo: null,
        bestScore: null,
        attempts: 0,
        completedAt: done ? T0 : null,
        updatedAt: T0,
      });
    expect(subTopicPercent(undefined)).toBe(0);
    expect(read([1], 4)).toBe(25);
    expect(read([1, 2, 3], 4)).toBe(75);
    expect(read([1, 2, 3, 4], 4)).toBe(90);
    expect(read([], 4, true)).toBe(100);
  });
});

describe('laterEntry: answers to concurrent page reads arriving out of order', () => {
  const pageOne = applyProgressEvent(undefined, base, { pageNo: 1 }, 3, T0);
  const pagesOneAndTwo = applyProgressEvent(pageOne, base, { pageNo: 2 }, 3, T1);

  it('keeps the newer answer whichever comes back last', () => {
    expect(laterEntry(pageOne, pagesOneAndTwo)).toBe(pagesOneAndTwo);
    expect(laterEntry(pagesOneAndTwo, pageOne)).toBe(pagesOneAndTwo);
    expect(laterEntry(undefined, pageOne)).toBe(pageOne);
  });

  it('on the same instant keeps the one with more pages read; another sub-topic replaces it', () => {
    const sameInstant = applyProgressEvent(pageOne, base, { pageNo: 2 }, 3, T0);
    expect(laterEntry(sameInstant, pageOne)).toBe(sameInstant);
    const other = applyProgressEvent(undefined, { ...base, subTopicId: 's2' }, { pageNo: 1 }, 3, T0);
    expect(laterEntry(pagesOneAndTwo, other)).toBe(other);
  });
});

describe('rollUpSubject', () => {
  const outline: SubjectOutline = {
    subject: {
      _id: 'subj',
      subjectCode: '0580',
      subjectLevel: 'IGCSE',
      name: 'Mathematics',
      slug: 'mathematics',
      curriculum: 'Cambridge IGCSE',
      curriculumSlug: 'cambridge-igcse',
      curriculumId: 'c1',
    },
    topics: [
      {
        _id: 't1',
        name: 'Number',
        slug: 'number',
        subTopics: [
          { _id: 's1', name: 'A', slug: 'a' },
          { _id: 's2', name: 'B', slug: 'b' },
        ],
      },
      { _id: 't2', name: 'Algebra', slug: 'algebra', subTopics: [{ _id: 's3', name: 'C', slug: 'c' }] },
      { _id: 't3', name: 'Empty', slug: 'empty', subTopics: [] },
    ],
  };
  const entry = (subTopicId: string, event: Parameters<typeof applyProgressEvent>[2], at = T0) =>
    applyProgressEvent(undefined, { ...base, subTopicId }, event, 2, at);

  it('lays entries over every topic and sub-topic, averaging over all of them', () => {
    const entries: SubTopicProgressEntry[] = [
      entry('s1', { completed: true, score: 95 }),
      entry('s3', { pageNo: 1, score: 50 }, T1),
      entry('gone', { completed: true }, '2030-01-01T00:00:00.000Z'),
    ];
    const progress = rollUpSubject(outline, entries);
    expect(progress).toMatchObject({
      subjectId: 'subj',
      subjectCode: '0580',
      // (100 + 0 + 50) / 3
      percent: 50,
      completedSubTopics: 1,
      totalSubTopics: 3,
      // (95 + 50) / 2 = 72.5, rounded
      averageScore: 73,
      band: 'Good',
      // The entry of a sub-topic no longer in the catalogue is left out.
      lastActivityAt: T1,
    });
    const [number, algebra, empty] = progress.topics;
    expect(number).toMatchObject({
      percent: 50,
      completedSubTopics: 1,
      totalSubTopics: 2,
      averageScore: 95,
      band: 'Very Good',
    });
    expect(number!.subTopics[1]).toMatchObject({
      subTopicId: 's2',
      status: 'NOT_STARTED',
      percent: 0,
      bestScore: null,
    });
    expect(algebra).toMatchObject({ percent: 50, averageScore: 50, band: 'Revise' });
    expect(empty).toMatchObject({ percent: 0, totalSubTopics: 0, averageScore: null, band: null });
  });

  it('a subject not started is all zeros with no band', () => {
    expect(rollUpSubject(outline, [])).toMatchObject({
      percent: 0,
      completedSubTopics: 0,
      averageScore: null,
      band: null,
      lastActivityAt: null,
    });
  });
});
