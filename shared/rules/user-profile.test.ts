import { describe, expect, it } from 'vitest';
import { fullPermissionSet } from '../permissions/catalogue';
import { defaultRoles } from '../permissions/default-roles';
import { profileDetailFields } from '../schemas/profile-lists';
import { profileDetailsSchema } from '../schemas/user-profile';
import { experienceSpanError, profileAccess, profileParts, refusedParts } from './user-profile';

const sorted = (parts: Iterable<string>) => [...parts].sort();

describe('profileAccess', () => {
  it("gives one's own profile by the profile permissions, each part by its own", () => {
    const student = profileAccess(defaultRoles.Student.permissions, { type: 'student' }, true);
    expect(student.view && student.edit).toBe(true);
    expect(sorted(student.visible)).toEqual(['curriculum', 'examDate', 'parentDetails']);
    expect(sorted(student.writable)).toEqual(sorted(student.visible));
    const tutor = profileAccess(defaultRoles.Tutor.permissions, { type: 'tutor' }, true);
    expect(sorted(tutor.visible)).toEqual(
      sorted([
        'qualifications',
        'experiences',
        'achievements',
        'languages',
        'subjects',
        'tutorDetails',
        'msTeamsEmail',
      ]),
    );
  });

  it("gives another's profile by the admin users permissions, not the profile ones", () => {
    const full = fullPermissionSet();
    const asAdmin = profileAccess(full, { type: 'tutor' }, false);
    expect(asAdmin.edit).toBe(true);
    const { adminUsers: _admin, ...noAdminUsers } = full;
    const withoutArea = profileAccess(noAdminUsers, { type: 'tutor' }, false);
    expect(withoutArea.view).toBe(false);
    expect(withoutArea.visible.size).toBe(0);
    // The profile's own permissions do not open someone else's profile.
    expect(profileAccess(defaultRoles.Tutor.permissions, { type: 'tutor' }, false).visible.size).toBe(0);
  });

  it("shows only the parts a person's type has", () => {
    const full = fullPermissionSet();
    const student = profileAccess(full, { type: 'student' }, false);
    expect(student.visible.has('examDate')).toBe(true);
    expect(student.visible.has('tutorDetails')).toBe(false);
    expect(student.visible.has('experiences')).toBe(false);
    const tutor = profileAccess(full, { type: 'tutor' }, false);
    expect(tutor.visible.has('tutorDetails')).toBe(true);
    expect(tutor.visible.has('parentDetails')).toBe(false);
    const admin = profileAccess(full, { type: 'admin' }, false);
    expect(admin.visible.has('adminTag')).toBe(false);
    expect(admin.visible.has('msTeamsEmail')).toBe(true);
  });

  it('writes nothing without edit, and needs view for edit', () => {
    const viewOnly = profileAccess(
      { adminUsers: ['view'], profile: ['qualifications'] },
      { type: 'tutor' },
      false,
    );
    expect(viewOnly.edit).toBe(false);
    expect(viewOnly.visible.has('experiences')).toBe(true);
    expect(viewOnly.writable.size).toBe(0);
    const editOnly = profileAccess(
      { adminUsers: ['edit'], profile: ['qualifications'] },
      { type: 'tutor' },
      false,
    );
    expect(editOnly.edit).toBe(false);
    expect(editOnly.visible.size).toBe(0);
  });

  it('governs every part by exactly one permission', () => {
    for (const part of profileParts) {
      const access = profileAccess(fullPermissionSet(), { type: 'tutor' }, true);
      const without = profileAccess({ profile: ['view', 'edit'] }, { type: 'tutor' }, true);
      expect(without.visible.has(part)).toBe(false);
      if (access.visible.has(part)) expect(access.writable.has(part)).toBe(true);
    }
  });
});

describe('refusedParts', () => {
  it('names the parts the caller may not write, in the order asked', () => {
    const access = profileAccess(defaultRoles.Student.permissions, { type: 'student' }, true);
    expect(refusedParts(access, ['examDate', 'adminTag', 'tutorDetails'])).toEqual([
      'adminTag',
      'tutorDetails',
    ]);
    expect(refusedParts(access, ['curriculum'])).toEqual([]);
  });
});

describe('experienceSpanError', () => {
  it('refuses an end before the start; to date and same-month spans pass', () => {
    expect(experienceSpanError({ startMonth: '2020-05', endMonth: '2020-04' })).toBe(
      'The end month must not be before the start month',
    );
    expect(experienceSpanError({ startMonth: '2020-05', endMonth: '2020-05' })).toBeUndefined();
    expect(experienceSpanError({ startMonth: '2020-05' })).toBeUndefined();
  });
});

describe('the list of detail fields', () => {
  it('names exactly the fields the details schema has, so the rule, the routes and the screens agree', () => {
    expect(sorted(profileDetailFields)).toEqual(sorted(Object.keys(profileDetailsSchema.shape)));
  });
});
