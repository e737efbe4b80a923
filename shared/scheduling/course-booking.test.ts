import { describe, expect, it } from 'vitest';
import { bookingTutor, courseRoster, mayBookInCourse } from './course-booking';

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

describe('who may book lessons in a course', () => {
  it('is an enabled, enrolled student of it', () => {
    expect(mayBookInCourse([member('sam', 'student')], 'sam')).toBe(true);
  });

  it('is not an unenrolled or disabled student, a tutor, someone else or nobody signed in', () => {
    expect(mayBookInCourse([member('sam', 'student', { enrolment: 'UNENROLLED' })], 'sam')).toBe(false);
    expect(mayBookInCourse([member('sam', 'student', { status: 'DISABLE' })], 'sam')).toBe(false);
    expect(mayBookInCourse([member('tom', 'tutor', { type: 'PRIMARY' })], 'tom')).toBe(false);
    expect(mayBookInCourse([member('sam', 'student')], 'maya')).toBe(false);
    expect(mayBookInCourse([member('sam', 'student')], undefined)).toBe(false);
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
      expect(mayBookInCourse([...tutors, ...students], reader)).toBe(mayBookInCourse(members, reader));
    }
  });
});
