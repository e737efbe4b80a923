import { describe, expect, it } from 'vitest';
import {
  durationMinutes,
  historyScanWindow,
  joinTimesOf,
  lessonTypeOf,
  MAX_LESSON_MS,
  matchesLessonHistory,
  rangeBounds,
  referenceKeyOf,
  toLessonHistory,
} from './lesson-history';

const lesson = {
  _id: '019a2b3c4d5e6f7081929394',
  title: 'Lesson 3',
  start: '2030-01-07T10:00:00.000Z',
  end: '2030-01-07T11:30:00.000Z',
  type: 'LESSON',
  course: 'course-1',
  tutorId: 'tutor-1',
  studentIds: ['student-1', 'student-2'],
};
const course = {
  _id: 'course-1',
  title: 'IGCSE Mathematics',
  subject: 'Mathematics',
  curriculum: 'Cambridge IGCSE',
  grade: 'Grade 10',
  type: 'One-to-One',
  paymentType: 'SUBSCRIPTION',
  isTrial: false,
};
const people = [
  { _id: 'tutor-1', firstname: 'Tom', lastname: 'Tutor' },
  { _id: 'student-1', firstname: 'Sam', lastname: 'Student', country: 'SG' },
];

describe('lesson history row of a lesson that ended', () => {
  it('takes the reference key from the meeting event id, so lessons booked together stay apart', () => {
    const a = toLessonHistory(
      { ...lesson, eventId: '7f3e9a1c22aa' },
      course,
      people,
      '2030-01-07T11:35:00.000Z',
    );
    const b = toLessonHistory(
      { ...lesson, eventId: 'c04b5d9e11bb' },
      course,
      people,
      '2030-01-07T11:35:00.000Z',
    );
    expect([a.eventId, a.referenceKey]).toEqual(['7f3e9a1c22aa', '7f3e9a1c']);
    expect(b.referenceKey).toBe('c04b5d9e');
  });

  it('maps the lesson, its course and people (spec 001 section 3)', () => {
    const row = toLessonHistory(lesson, course, people, '2030-01-07T11:35:00.000Z');
    expect(row).toMatchObject({
      _id: lesson._id,
      eventId: lesson._id,
      referenceKey: '019a2b3c',
      start: lesson.start,
      end: lesson.end,
      duration: 90,
      course: { _id: 'course-1', title: 'IGCSE Mathematics' },
      courseId: 'course-1',
      studentId: 'student-1',
      tutorId: 'tutor-1',
      tutor: { _id: 'tutor-1', firstname: 'Tom', lastname: 'Tutor' },
      subject: 'Mathematics',
      curriculum: 'Cambridge IGCSE',
      grade: 'Grade 10',
      lessonType: '1 on 1',
      paymentType: 'SUBSCRIPTION',
      studentJoinTime: null,
      tutorJoinTime: null,
      tutorPaymentStatus: 'PROCESSING',
    });
    // A student who left keeps their place in the row, with empty names.
    expect(row.students).toEqual([
      { _id: 'student-1', firstname: 'Sam', lastname: 'Student', country: 'SG' },
      { _id: 'student-2', firstname: '', lastname: '', country: null },
    ]);
  });

  it.each([
    ['LESSON', { type: 'One-to-One', isTrial: false }, '1 on 1'],
    ['LESSON', { type: 'Group', isTrial: false }, 'GROUP'],
    ['TRIAL', { type: 'Group', isTrial: false }, 'TRIAL'],
    ['LESSON', { type: 'One-to-One', isTrial: true }, 'TRIAL'],
    ['LESSON', undefined, '1 on 1'],
  ] as const)('a %s lesson of a %j course is %s', (type, of, expected) => {
    expect(lessonTypeOf(type, of)).toBe(expected);
  });

  it('takes the reference key from the first 8 characters and the duration in minutes', () => {
    expect(referenceKeyOf('abc')).toBe('abc');
    expect(referenceKeyOf('1234567890')).toBe('12345678');
    expect(durationMinutes('2030-01-01T10:00:00Z', '2030-01-01T10:45:00Z')).toBe(45);
  });
});

describe('join times of the row', () => {
  const joins = [
    { userId: 'student-2', joinedAt: '2030-01-07T10:03:00.000Z' },
    { userId: 'tutor-1', joinedAt: '2030-01-07T09:52:00.000Z' },
    { userId: 'student-1', joinedAt: '2030-01-07T10:01:30.000Z' },
  ];

  it("takes the tutor's first join and the earliest student's", () => {
    const row = toLessonHistory(lesson, course, people, lesson.end, joins);
    expect([row.tutorJoinTime, row.studentJoinTime]).toEqual([
      '2030-01-07T09:52:00.000Z',
      '2030-01-07T10:01:30.000Z',
    ]);
  });

  it('leaves a side that never joined null', () => {
    expect(joinTimesOf(lesson, [joins[0]!])).toEqual({
      tutorJoinTime: null,
      studentJoinTime: '2030-01-07T10:03:00.000Z',
    });
    expect(joinTimesOf(lesson, [joins[1]!])).toEqual({
      tutorJoinTime: '2030-01-07T09:52:00.000Z',
      studentJoinTime: null,
    });
    expect(joinTimesOf(lesson, [])).toEqual({ tutorJoinTime: null, studentJoinTime: null });
  });

  it("ignores joins of people who are not the lesson's tutor or students (a tutor replaced since)", () => {
    const others = [
      { userId: 'tutor-2', joinedAt: '2030-01-07T09:50:00.000Z' },
      { userId: 'student-9', joinedAt: '2030-01-07T09:55:00.000Z' },
    ];
    expect(joinTimesOf(lesson, others)).toEqual({ tutorJoinTime: null, studentJoinTime: null });
  });

  it('compares instants, not strings, when the offsets differ', () => {
    const mixed = [
      { userId: 'student-1', joinedAt: '2030-01-07T11:00:00+02:00' },
      { userId: 'student-2', joinedAt: '2030-01-07T09:30:00.000Z' },
    ];
    expect(joinTimesOf(lesson, mixed).studentJoinTime).toBe('2030-01-07T11:00:00+02:00');
  });
});

describe('the job window', () => {
  it('reads lessons that could have ended since the watermark, up to now', () => {
    const now = new Date('2030-01-07T12:00:00.000Z');
    expect(historyScanWindow('2030-01-07T11:55:00.000Z', now)).toEqual({
      from: new Date(Date.parse('2030-01-07T11:55:00.000Z') - MAX_LESSON_MS).toISOString(),
      to: now.toISOString(),
    });
    expect(MAX_LESSON_MS).toBe(180 * 60_000);
  });

  it('looks back a week on its first run', () => {
    const now = new Date('2030-01-08T00:00:00.000Z');
    expect(historyScanWindow(undefined, now).from).toBe('2029-12-31T21:00:00.000Z');
  });
});

describe('list filters', () => {
  const row = toLessonHistory(lesson, course, people, lesson.end);

  it('keep a row matching every filter given', () => {
    expect(
      matchesLessonHistory(row, {
        startDate: '2030-01-07',
        endDate: '2030-01-07',
        courseId: 'course-1',
        studentId: 'student-2',
        tutorId: 'tutor-1',
        referenceKey: '019A2B',
        curriculum: 'Cambridge IGCSE',
        grade: 'Grade 10',
        subject: 'Mathematics',
        lessonType: '1 on 1',
        paymentType: 'SUBSCRIPTION',
        tutorPaymentStatus: 'PROCESSING',
      }),
    ).toBe(true);
    expect(matchesLessonHistory(row, {})).toBe(true);
  });

  it.each([
    { startDate: '2030-01-08' },
    { endDate: '2030-01-06' },
    { endDate: '2030-01-07T09:59:59Z' },
    { courseId: 'course-2' },
    { studentId: 'student-3' },
    { tutorId: 'tutor-2' },
    { referenceKey: '019a2b3d' },
    { lessonType: 'GROUP' as const },
    { tutorPaymentStatus: 'PAID' as const },
    { paymentType: 'ONETIME' },
  ])('drop a row not matching %j', (filters) => {
    expect(matchesLessonHistory(row, filters)).toBe(false);
  });

  it('read a date-only end as the end of that day', () => {
    expect(rangeBounds('2030-01-01', '2030-01-02')).toEqual({
      from: '2030-01-01T00:00:00.000Z',
      to: '2030-01-02T23:59:59.999Z',
    });
  });
});
