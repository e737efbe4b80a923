import { describe, expect, it } from 'vitest';
import {
  bookingTutor,
  courseBookingRefusal,
  courseRoster,
  GROUP_BOOKING_REFUSED,
  isBookingStudent,
  mayBookInCourse,
  TRIAL_BOOKING_REFUSED,
} from './course-booking';

const member = (
  id: string,
  role: 'tutor' | 'student',
  extra: {
    type?: 'PRIMARY' | 'SUBSTITUTE' | 'TRIAL';
    status?: 'ENABLE' | 'DISABLE';
    enrolment?: 'ENROLLED' | 'UNENROLLED';
  } = {},
) => ({
  user: { _id: id },
  role,
  status: extra.status ?? 'ENABLE',
  enrolment: extra.enrolment ?? 'ENROLLED',
  ...(extra.type ? { type: extra.type } : {}),
});

describe('the tutor a student books with', () => {
  it('is the enabled PRIMARY tutor, wherever it is listed', () => {
    const members = [
      member('sub', 'tutor', { type: 'SUBSTITUTE' }),
      member('main', 'tutor', { type: 'PRIMARY' }),
    ];
    expect(bookingTutor(members)?.user._id).toBe('main');
  });

  it('falls back to the first enabled tutor when the primary is disabled or missing', () => {
    const members = [
      member('student', 'student'),
      member('main', 'tutor', { type: 'PRIMARY', status: 'DISABLE' }),
      member('trial', 'tutor', { type: 'TRIAL' }),
      member('sub', 'tutor', { type: 'SUBSTITUTE' }),
    ];
    expect(bookingTutor(members)?.user._id).toBe('trial');
  });

  it('is nobody in a course without an enabled tutor', () => {
    expect(bookingTutor([member('student', 'student')])).toBeUndefined();
    expect(bookingTutor([member('t', 'tutor', { type: 'PRIMARY', status: 'DISABLE' })])).toBeUndefined();
  });
});

const oneToOne = { type: 'One-to-One', isTrial: false } as const;
const group = { type: 'Group', isTrial: false } as const;
const trial = { type: 'One-to-One', isTrial: true } as const;

describe('who may book lessons in a course', () => {
  it('is an enabled, enrolled student of a one-to-one course', () => {
    expect(mayBookInCourse(oneToOne, [member('sam', 'student')], 'sam')).toBe(true);
  });

  it('is not an unenrolled or disabled student, a tutor, someone else or nobody signed in', () => {
    const may = (members: ReturnType<typeof member>[], reader: string | undefined) =>
      mayBookInCourse(oneToOne, members, reader);
    expect(may([member('sam', 'student', { enrolment: 'UNENROLLED' })], 'sam')).toBe(false);
    expect(may([member('sam', 'student', { status: 'DISABLE' })], 'sam')).toBe(false);
    expect(may([member('tom', 'tutor', { type: 'PRIMARY' })], 'tom')).toBe(false);
    expect(may([member('sam', 'student')], 'maya')).toBe(false);
    expect(may([member('sam', 'student')], undefined)).toBe(false);
  });

  it('is nobody in a group course or a free-trial course, enrolled or not', () => {
    const members = [member('tom', 'tutor', { type: 'PRIMARY' }), member('sam', 'student')];
    expect(mayBookInCourse(group, members, 'sam')).toBe(false);
    expect(mayBookInCourse(trial, members, 'sam')).toBe(false);
    // A trial course booked as a group (not something the trial booking makes) is still a trial.
    expect(mayBookInCourse({ type: 'Group', isTrial: true }, members, 'sam')).toBe(false);
    // Membership alone is unchanged: the server's 404 for outsiders comes before the course's refusal.
    expect(isBookingStudent(members, 'sam')).toBe(true);
    expect(isBookingStudent(members, 'maya')).toBe(false);
  });

  it("says why: the group's lessons are scheduled for it; a trial course holds the one free lesson", () => {
    expect(courseBookingRefusal(oneToOne)).toBeUndefined();
    expect(courseBookingRefusal(group)).toBe(GROUP_BOOKING_REFUSED);
    expect(courseBookingRefusal(trial)).toBe(TRIAL_BOOKING_REFUSED);
    expect(courseBookingRefusal({ type: 'Group', isTrial: true })).toBe(TRIAL_BOOKING_REFUSED);
  });
});

describe('the course page roster', () => {
  const members = [
    member('main', 'tutor', { type: 'PRIMARY', status: 'DISABLE' }),
    member('sub', 'tutor', { type: 'SUBSTITUTE' }),
    member('sam', 'student'),
    member('left', 'student', { enrolment: 'UNENROLLED' }),
    member('held', 'student', { status: 'DISABLE' }),
  ];

  it('lists enabled tutors and enabled, enrolled students only', () => {
    const { tutors, students } = courseRoster(members);
    expect(tutors.map((m) => m.user._id)).toEqual(['sub']);
    expect(students.map((m) => m.user._id)).toEqual(['sam']);
  });

  it('keeps what booking reads: the same tutor, and the same answer for every reader', () => {
    const { tutors, students } = courseRoster(members);
    expect(bookingTutor(tutors)).toEqual(bookingTutor(members));
    for (const reader of ['sam', 'left', 'held', 'main', 'sub', undefined]) {
      expect(mayBookInCourse(oneToOne, [...tutors, ...students], reader)).toBe(
        mayBookInCourse(oneToOne, members, reader),
      );
    }
  });
});
