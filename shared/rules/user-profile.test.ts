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
    expect(sorted(student.visible)).toEqual(
      sorted(['curriculum', 'examDate', 'parentDetails', 'plans', 'paymentHistory', 'billingEmail']),
    );
    expect(sorted(student.writable)).toEqual(
      sorted(['curriculum', 'examDate', 'parentDetails', 'billingEmail']),
    );
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
        'tutorRates',
        'bankDetails',
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
      // Plans and payment history are read-only; a tutor reads their rates and the school sets them.
      const readOnly = ['plans', 'paymentHistory', 'tutorRates'].includes(part);
      if (access.visible.has(part)) expect(access.writable.has(part)).toBe(!readOnly);
    }
  });
});

describe('the money tabs (issue #18 item 7)', () => {
  const full = fullPermissionSet();
  const { adminSettings: _settings, ...noSettings } = full;
  const money = ['plans', 'paymentHistory', 'billingEmail', 'tutorRates', 'bankDetails'] as const;
  const moneyOf = (parts: ReadonlySet<string>) => money.filter((part) => parts.has(part));

  it('gives each tab to the people it belongs to', () => {
    expect(moneyOf(profileAccess(full, { type: 'student' }, true).visible)).toEqual([
      'plans',
      'paymentHistory',
      'billingEmail',
    ]);
    expect(moneyOf(profileAccess(full, { type: 'parent' }, true).visible)).toEqual([
      'plans',
      'paymentHistory',
      'billingEmail',
    ]);
    expect(moneyOf(profileAccess(full, { type: 'tutor' }, true).visible)).toEqual([
      'tutorRates',
      'bankDetails',
    ]);
    expect(moneyOf(profileAccess(full, { type: 'admin' }, true).visible)).toEqual([]);
    expect(moneyOf(profileAccess(full, { type: 'guest' }, true).visible)).toEqual([]);
  });

  it('shows each tab only with its profile permission', () => {
    for (const part of money) {
      const without = { ...full, profile: full.profile?.filter((action) => action !== part) ?? [] };
      for (const type of ['student', 'parent', 'tutor'] as const) {
        expect(profileAccess(without, { type }, true).visible.has(part)).toBe(false);
        expect(profileAccess(without, { type }, false).visible.has(part)).toBe(false);
      }
    }
  });

  it("shows another's payment history and tutor rates only with the admin settings that read them", () => {
    const student = profileAccess(noSettings, { type: 'student' }, false);
    expect(student.visible.has('paymentHistory')).toBe(false);
    expect(student.visible.has('plans')).toBe(true);
    const tutor = profileAccess(noSettings, { type: 'tutor' }, false);
    expect(tutor.visible.has('tutorRates')).toBe(false);
    expect(tutor.visible.has('bankDetails')).toBe(true);
    // One's own needs no admin setting.
    expect(profileAccess(noSettings, { type: 'tutor' }, true).visible.has('tutorRates')).toBe(true);
  });

  it('lets a school set tutor rates with tutorRatesEdit, never the tutor', () => {
    expect(profileAccess(full, { type: 'tutor' }, true).writable.has('tutorRates')).toBe(false);
    expect(profileAccess(full, { type: 'tutor' }, false).writable.has('tutorRates')).toBe(true);
    const readOnly = {
      ...full,
      adminSettings: full.adminSettings?.filter((action) => action !== 'tutorRatesEdit') ?? [],
    };
    const school = profileAccess(readOnly, { type: 'tutor' }, false);
    expect(school.visible.has('tutorRates')).toBe(true);
    expect(school.writable.has('tutorRates')).toBe(false);
  });

  it('writes the billing e-mail and bank details with edit; plans and payment history never', () => {
    const student = profileAccess(defaultRoles.Student.permissions, { type: 'student' }, true);
    expect(student.writable.has('billingEmail')).toBe(true);
    expect(student.writable.has('plans') || student.writable.has('paymentHistory')).toBe(false);
    const tutor = profileAccess(defaultRoles.Tutor.permissions, { type: 'tutor' }, true);
    expect(tutor.writable.has('bankDetails')).toBe(true);
    expect(
      profileAccess(defaultRoles.Student.permissions, { type: 'tutor' }, true).visible.has('bankDetails'),
    ).toBe(false);
  });

  it('shows the whole account number to the tutor and to an admin who may change it, else masked', () => {
    expect(profileAccess(defaultRoles.Tutor.permissions, { type: 'tutor' }, true).bankAccountShown).toBe(
      true,
    );
    const editor = profileAccess(
      { adminUsers: ['view', 'edit'], profile: ['bankDetails'] },
      { type: 'tutor' },
      false,
    );
    expect(editor.bankAccountShown).toBe(true);
    const viewer = profileAccess(
      { adminUsers: ['view'], profile: ['bankDetails'] },
      { type: 'tutor' },
      false,
    );
    expect(viewer.visible.has('bankDetails')).toBe(true);
    expect(viewer.bankAccountShown).toBe(false);
    const blind = profileAccess({ adminUsers: ['view', 'edit'] }, { type: 'tutor' }, false);
    expect(blind.visible.has('bankDetails')).toBe(false);
    expect(blind.bankAccountShown).toBe(false);
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
