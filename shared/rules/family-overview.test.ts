import { describe, expect, it } from 'vitest';
import {
  FAMILY_HOMEWORK_COUNT,
  FAMILY_HOMEWORK_OVERDUE_DAYS,
  FAMILY_LESSON_COUNT,
  FAMILY_LESSON_WEEKS,
  FAMILY_PROGRESS_COUNT,
  homeworkDue,
  lessonWindow,
  nextLessons,
  recentProgress,
} from './family-overview';

const now = new Date('2026-06-10T10:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const lesson = (startMinutes: number, status = 'ACTIVE', minutes = 60) => ({
  start: at(startMinutes),
  end: at(startMinutes + minutes),
  status,
});

describe('the next lessons a parent sees', () => {
  it('reads from a lesson that may still be under way to the weeks ahead', () => {
    const window = lessonWindow(now);
    expect(window.from).toBe(at(-180));
    expect(window.to).toBe(at(FAMILY_LESSON_WEEKS * 7 * 24 * 60));
  });

  it('lists lessons not yet ended by start, a cancelled one marked, a completed one left out', () => {
    const shown = nextLessons(
      [lesson(24 * 60), lesson(-120), lesson(-30), lesson(60, 'CANCELLED'), lesson(90, 'COMPLETED')],
      now,
    );
    expect(shown.map((l) => [l.start, l.status])).toEqual([
      [at(-30), 'ACTIVE'],
      [at(60), 'CANCELLED'],
      [at(24 * 60), 'ACTIVE'],
    ]);
  });

  it('says whether each can be joined now, by the Join button’s rule', () => {
    const [underWay, cancelled, soon, later] = nextLessons(
      [lesson(-30), lesson(10), lesson(20), lesson(5, 'CANCELLED')],
      now,
    );
    expect(underWay?.joinOpen).toBe(true);
    expect(cancelled?.joinOpen).toBe(false);
    expect(soon?.joinOpen).toBe(true);
    expect(later?.joinOpen).toBe(false);
  });

  it(`keeps the first ${FAMILY_LESSON_COUNT}`, () => {
    const many = Array.from({ length: 12 }, (_, i) => lesson((12 - i) * 24 * 60));
    const shown = nextLessons(many, now);
    expect(shown).toHaveLength(FAMILY_LESSON_COUNT);
    expect(shown[0]?.start).toBe(at(24 * 60));
  });
});

describe('the homework a parent sees as due', () => {
  const homework = (id: string, dueMinutes: number | null, extra: Record<string, string> = {}) => ({
    _id: id,
    kind: 'HOMEWORK',
    status: 'ACTIVE',
    audience: 'STUDENT',
    homework: { dueAt: dueMinutes === null ? null : at(dueMinutes) },
    ...extra,
  });

  it('lists what is not handed in, due ahead or recently past (overdue), soonest first', () => {
    const overdueDays = FAMILY_HOMEWORK_OVERDUE_DAYS * 24 * 60;
    const due = homeworkDue(
      [
        homework('next-week', 7 * 24 * 60),
        homework('yesterday', -24 * 60),
        homework('long-ago', -overdueDays - 1),
        homework('handed-in', 60),
        homework('no-due-time', null),
        homework('tomorrow', 24 * 60),
      ],
      new Set(['handed-in']),
      now,
    );
    expect(due.map((d) => [d.section._id, d.overdue])).toEqual([
      ['yesterday', true],
      ['tomorrow', false],
      ['next-week', false],
    ]);
  });

  it('leaves out other sections, cancelled homework and the tutors’ own', () => {
    const due = homeworkDue(
      [
        homework('lesson', 60, { kind: 'TEAMS' }),
        homework('cancelled', 60, { status: 'CANCELLED' }),
        homework('for-tutors', 60, { audience: 'TUTOR' }),
        homework('kept', 60),
      ],
      new Set(),
      now,
    );
    expect(due.map((d) => d.section._id)).toEqual(['kept']);
  });

  it(`keeps the ${FAMILY_HOMEWORK_COUNT} due soonest`, () => {
    const many = Array.from({ length: 20 }, (_, i) => homework(`h${i}`, (20 - i) * 60));
    const due = homeworkDue(many, new Set(), now);
    expect(due).toHaveLength(FAMILY_HOMEWORK_COUNT);
    expect(due[0]?.section._id).toBe('h19');
  });
});

describe('the progress a parent sees', () => {
  it(`lists the ${FAMILY_PROGRESS_COUNT} most recently studied sub-topics, latest first`, () => {
    const entries = Array.from({ length: 8 }, (_, i) => ({ id: i, updatedAt: at(i * 60) }));
    expect(recentProgress(entries).map((e) => e.id)).toEqual([7, 6, 5, 4, 3]);
    expect(entries[0]?.id).toBe(0);
  });
});
