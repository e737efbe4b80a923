import { expect, it } from 'vitest';
import { accountViewer, isCourseOpenTo, memberViewer } from './course-visibility';

it('opens a draft to its staff only, an active course to everyone', () => {
  expect(isCourseOpenTo({ status: 'DRAFT' }, 'staff')).toBe(true);
  expect(isCourseOpenTo({ status: 'DRAFT' }, 'learner')).toBe(false);
  expect(isCourseOpenTo({ status: 'ACTIVE' }, 'learner')).toBe(true);
  expect(isCourseOpenTo({ status: 'ACTIVE' }, 'staff')).toBe(true);
});

it("counts a course's tutors as staff and its students as learners", () => {
  expect(memberViewer('tutor')).toBe('staff');
  expect(memberViewer('student')).toBe('learner');
});

it('counts tutors, admins and readers of every course as staff; students, parents and guests as learners', () => {
  expect(accountViewer('tutor', false)).toBe('staff');
  expect(accountViewer('admin', false)).toBe('staff');
  expect(accountViewer('student', true)).toBe('staff');
  for (const type of ['student', 'parent', 'guest'] as const)
    expect(accountViewer(type, false)).toBe('learner');
});
