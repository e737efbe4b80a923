import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../shared/schemas/user';
import { canUseTutorModes } from './edit-mode';
import { isActiveCourseTutor } from './tutor-mode';

const user = (type: AuthUser['type'], isGuest = false) =>
  ({ _id: `${type}-1`, type, role: { isGuest, permissions: {} } }) as unknown as AuthUser;

describe('tutor modes', () => {
  it('are for tutor accounts only', () => {
    expect(canUseTutorModes(user('tutor'))).toBe(true);
    expect(canUseTutorModes(user('student'))).toBe(false);
    expect(canUseTutorModes(user('admin'))).toBe(false);
    expect(canUseTutorModes(user('tutor', true))).toBe(false);
    expect(canUseTutorModes(undefined)).toBe(false);
  });

  it("act on the courses the tutor teaches (enabled), not on other tutors' courses", () => {
    const tutors = [
      { user: { _id: 'tutor-1' }, status: 'ENABLE' as const },
      { user: { _id: 'tutor-2' }, status: 'DISABLE' as const },
    ];
    expect(isActiveCourseTutor({ _id: 'tutor-1' }, tutors)).toBe(true);
    expect(isActiveCourseTutor({ _id: 'tutor-2' }, tutors)).toBe(false);
    expect(isActiveCourseTutor({ _id: 'tutor-3' }, tutors)).toBe(false);
    expect(isActiveCourseTutor(undefined, tutors)).toBe(false);
  });
});
