import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { pagesOf } from '../../shared/learning/progress';
import { buildSeedCatalogue } from './catalogue-seed';
import {
  historyPlan,
  type PlannedLesson,
  people,
  plannedBookmarks,
  plannedProgress,
  plannedSessions,
  prospects,
  type StudySubTopic,
} from './history-plan';
import { seedTenants } from './seed';

/**
 * Anchors around the year's daylight-saving changes (Europe, the US and Australia move on different
 * weekends) and at every few hours of their weeks, late on Sunday nights included.
 */
const anchors = [
  '2026-03-02',
  '2026-03-23',
  '2026-04-01',
  '2026-07-13',
  '2026-09-28',
  '2026-10-22',
  '2026-11-30',
]
  .flatMap((day) =>
    Array.from({ length: 8 }, (_, i) => DateTime.fromISO(`${day}T00:00:00Z`).plus({ hours: 21 * i + 2 })),
  )
  .map((at) => at.toUTC().toISO()!);

const zoneOf = new Map<string, string>([
  ...Object.values(people).map((p): [string, string] => [p.id, p.zone]),
  ...prospects.map((p): [string, string] => [p.id, p.zone]),
]);
const TRIAL_MINUTES = 60;
const BUFFER_MS = 15 * 60_000;

const plans = new Map<string, ReturnType<typeof plansOf>>();

/** The plan of an anchor, and every lesson in it with who is in it, the trials' included. */
function allLessons(anchor: string) {
  const found = plans.get(anchor) ?? plansOf(anchor);
  plans.set(anchor, found);
  return found;
}

function plansOf(anchor: string) {
  const plan = historyPlan(anchor, TRIAL_MINUTES);
  const trialLessons = plan.trials.map((t) => ({
    id: t.lessonId,
    start: t.start,
    end: t.end,
    tutorId: t.tutorId,
    studentIds: [t.studentId],
  }));
  return { plan, lessons: [...plan.lessons, ...trialLessons] };
}

describe('the lived-in demo’s story', () => {
  it('places its people in the zones the demo seed gives them', () => {
    const demoUsers = seedTenants.find((t) => t.tenant.key === 'demo')!.users;
    for (const person of Object.values(people)) {
      expect(demoUsers.find((u) => u.id === person.id)?.timezone, person.id).toBe(person.zone);
    }
  });

  it('gives every demo student and tutor lessons this week and next, in their own week', () => {
    for (const anchor of anchors) {
      const { lessons } = allLessons(anchor);
      for (const [userId, zone] of zoneOf) {
        if (userId.startsWith('demo-prospect')) continue;
        const monday = DateTime.fromISO(anchor, { zone }).startOf('week');
        for (const week of [0, 1]) {
          const from = monday.plus({ weeks: week }).toMillis();
          const to = monday.plus({ weeks: week + 1 }).toMillis();
          const mine = lessons.filter(
            (l) =>
              (l.tutorId === userId || l.studentIds.includes(userId)) &&
              Date.parse(l.start) >= from &&
              Date.parse(l.start) < to,
          );
          expect(mine.length, `${userId}, week ${week} of ${anchor}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('holds every lesson between 7:00 and 22:00 for each of its people, and no tutor in two at once', () => {
    for (const anchor of anchors) {
      const { lessons } = allLessons(anchor);
      for (const lesson of lessons) {
        for (const userId of [lesson.tutorId, ...lesson.studentIds]) {
          const zone = zoneOf.get(userId)!;
          const start = DateTime.fromISO(lesson.start, { zone });
          const end = DateTime.fromISO(lesson.end, { zone });
          expect(start.hour, `${lesson.id} for ${userId} (${anchor})`).toBeGreaterThanOrEqual(7);
          expect(end.hour * 60 + end.minute, `${lesson.id} for ${userId} (${anchor})`).toBeLessThanOrEqual(
            22 * 60,
          );
        }
      }
      for (const tutorId of new Set(lessons.map((l) => l.tutorId))) {
        const sorted = lessons
          .filter((l) => l.tutorId === tutorId)
          .sort((a, b) => a.start.localeCompare(b.start));
        for (let i = 1; i < sorted.length; i++) {
          const gap = Date.parse(sorted[i]!.start) - Date.parse(sorted[i - 1]!.end);
          expect(gap, `${tutorId}: ${sorted[i - 1]!.id} and ${sorted[i]!.id}`).toBeGreaterThanOrEqual(
            2 * BUFFER_MS,
          );
        }
      }
    }
  });

  it('has students join around the start, tutors a little before, and homework handed in before review', () => {
    for (const anchor of anchors) {
      const { plan } = allLessons(anchor);
      for (const lesson of plan.lessons) {
        const start = Date.parse(lesson.start);
        const [tutor, ...students] = lesson.joins;
        expect(tutor).toMatchObject({ userId: lesson.tutorId, role: 'tutor' });
        expect(Date.parse(tutor!.at)).toBeLessThan(start);
        expect(Date.parse(tutor!.at)).toBeGreaterThanOrEqual(start - 15 * 60_000);
        for (const join of students) {
          expect(lesson.studentIds).toContain(join.userId);
          expect(Math.abs(Date.parse(join.at) - start)).toBeLessThanOrEqual(15 * 60_000);
        }
      }
      const open = plan.homework.filter((h) => h.submissions.length === 0);
      expect(open.length).toBe(plan.courses.length);
      for (const homework of plan.homework) {
        expect(homework.dueAt > homework.setAt).toBe(true);
        expect(homework.setAt <= anchor).toBe(true);
        for (const submission of homework.submissions) {
          expect(submission.submittedAt > homework.setAt && submission.submittedAt <= anchor).toBe(true);
          if (submission.review)
            expect(submission.review.at > submission.submittedAt && submission.review.at <= anchor).toBe(
              true,
            );
        }
      }
    }
  });

  it('has one trial in each status, dated on the right side of the anchor, and a request on a lesson ahead', () => {
    for (const anchor of anchors) {
      const { plan } = allLessons(anchor);
      expect(plan.trials.map((t) => t.fate).sort()).toEqual(
        ['AWAITING_PARENT', 'ENROLLED', 'cancelled', 'scheduled', 'taken-place'].sort(),
      );
      for (const trial of plan.trials) {
        if (trial.fate === 'scheduled') expect(trial.start > anchor && trial.bookedAt < anchor).toBe(true);
        else expect(trial.end <= anchor && trial.bookedAt < trial.start).toBe(true);
      }
      const pending = plan.lessons.find((l) => l.id === plan.pendingCancel.lessonId)!;
      expect(pending.studentIds).toContain(plan.pendingCancel.studentId);
      // Next week's: it stays waiting for a few days at least.
      expect(Date.parse(pending.start) - Date.parse(anchor)).toBeGreaterThan(2 * 86_400_000);
    }
  });

  it('spreads the students’ own study over the term, before the anchor, with sessions newest by id', () => {
    const catalogue = buildSeedCatalogue('2026-01-01T00:00:00.000Z');
    for (const anchor of anchors.filter((_, i) => i % 5 === 0)) {
      const { plan } = allLessons(anchor);
      for (const study of plan.study) {
        const subject = catalogue.subjects.find(
          (s) => s.subjectCode === study.subjectCode && s.subjectLevel === study.subjectLevel,
        )!;
        const topics = catalogue.topics
          .filter((t) => t.subjectId === subject._id)
          .sort((a, b) => a.sortingOrder - b.sortingOrder);
        const subTopics: StudySubTopic[] = topics.flatMap((topic) =>
          catalogue.subTopics
            .filter((s) => s.topicId === topic._id)
            .sort((a, b) => a.sortingOrder - b.sortingOrder)
            .map((s) => ({ _id: s._id, name: s.name, topicId: topic._id, pages: pagesOf(s) })),
        );
        const progress = plannedProgress(anchor, study, subTopics);
        expect(progress).toHaveLength(study.completed + study.inProgress);
        const times = progress.flatMap((p) => p.events.map((e) => e.at));
        expect(times.every((at) => at < anchor)).toBe(true);
        expect(progress.filter((p) => p.events.some((e) => e.event.completed))).toHaveLength(study.completed);

        const sessions = plannedSessions(study, subTopics, progress);
        expect(sessions.length).toBeGreaterThan(0);
        const byId = [...sessions].sort((a, b) => a._id.localeCompare(b._id)).map((s) => s.createdAt);
        expect(byId).toEqual(sessions.map((s) => s.createdAt).sort());

        const taught: PlannedLesson[] = plan.lessons.filter((l) =>
          plan.courses.some(
            (c) =>
              c.id === l.courseId && c.subject === subject.name && c.studentIds.includes(study.studentId),
          ),
        );
        const bookmarks = plannedBookmarks(study, subTopics, progress, taught, anchor);
        expect(bookmarks.filter((b) => b.lessonId !== null)).toHaveLength(2);
        expect(bookmarks.every((b) => b.createdAt < anchor)).toBe(true);
      }
    }
  });
});
