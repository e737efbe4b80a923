import { describe, expect, it } from 'vitest';
import { defaultRoles } from '../../../../shared/permissions/default-roles';
import { showsCredits, showsDiscountBanner, showsUpgrade } from './billing-header';

const holder = (
  name: keyof typeof defaultRoles,
  type: 'student' | 'parent' | 'tutor' | 'admin' | 'guest',
) => ({
  type,
  role: { ...defaultRoles[name], _id: name },
});

describe('header billing contents (headerContents, spec 000 section 6)', () => {
  it('a student holding creditsViewer and upgradeButton sees credits and Upgrade, not the banner', () => {
    const student = holder('Student', 'student');
    expect(showsCredits(student)).toBe(true);
    expect(showsUpgrade(student)).toBe(true);
    expect(showsDiscountBanner(student)).toBe(false);
  });

  it('a visitor and the Guest role see the discount banner', () => {
    expect(showsDiscountBanner(undefined)).toBe(true);
    expect(showsDiscountBanner(holder('Guest', 'guest'))).toBe(true);
  });

  it('an admin role holding every permission is offered no plans, credits or free trial', () => {
    const admin = holder('Admin', 'admin');
    expect(showsCredits(admin)).toBe(false);
    expect(showsUpgrade(admin)).toBe(false);
    expect(showsDiscountBanner(admin)).toBe(false);
  });

  it('a tutor is offered none of them', () => {
    const tutor = holder('Tutor', 'tutor');
    expect(showsUpgrade(tutor)).toBe(false);
    expect(showsDiscountBanner(tutor)).toBe(false);
  });
});
