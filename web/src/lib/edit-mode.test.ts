import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../shared/schemas/user';
import { adminEditModeOf, canEditCatalogue } from './edit-mode';

const user = (adminCourses: string[] | undefined) =>
  ({
    _id: 'admin-1',
    type: 'admin',
    role: { isGuest: false, permissions: adminCourses ? { adminCourses } : {} },
  }) as unknown as AuthUser;

describe('admin edit mode (spec 000 section 4)', () => {
  it('may be switched on by users holding adminCourses edit only', () => {
    expect(canEditCatalogue(user(['view', 'edit']))).toBe(true);
    expect(canEditCatalogue(user(['view', 'create', 'delete']))).toBe(false);
    expect(canEditCatalogue(user(undefined))).toBe(false);
    expect(canEditCatalogue(undefined)).toBe(false);
  });

  it('is active only with the stored flag AND the admin-course permission', () => {
    expect(adminEditModeOf(user(['edit']), true).active).toBe(true);
    expect(adminEditModeOf(user(['edit']), false).active).toBe(false);
    // A flag left behind by another account does nothing for a user without the permission
    expect(adminEditModeOf(user(['view']), true)).toEqual({
      allowed: false,
      stored: true,
      active: false,
      canDelete: false,
    });
    expect(adminEditModeOf(undefined, true).active).toBe(false);
  });

  it('offers delete only when the user also holds adminCourses delete, and only while active', () => {
    expect(adminEditModeOf(user(['edit', 'delete']), true).canDelete).toBe(true);
    expect(adminEditModeOf(user(['edit']), true).canDelete).toBe(false);
    expect(adminEditModeOf(user(['edit', 'delete']), false).canDelete).toBe(false);
    expect(adminEditModeOf(user(['delete']), true).canDelete).toBe(false);
  });
});
