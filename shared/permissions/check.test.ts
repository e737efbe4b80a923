import { describe, expect, it } from 'vitest';
import { permission, publicAccess, signedIn } from '../routes/define';
import { fullPermissionSet, isKnownPermission, permissionCatalogue } from './catalogue';
import { accessAllows, courseTutorMay, holdsAny, holdsAnyInTenant, isBackOfficeRole } from './check';
import { defaultRoles } from './default-roles';

describe('permission check: any listed action in any listed area', () => {
  const role = { adminCourses: ['view'], lessonHistory: ['completedTab'] };

  it('allows when one listed action is held in one listed area', () => {
    expect(holdsAny(role, { areas: ['adminCourses'], actions: ['edit', 'view'] })).toBe(true);
    expect(holdsAny(role, { areas: ['courses', 'lessonHistory'], actions: ['completedTab'] })).toBe(true);
  });

  it('refuses when no listed action is held in any listed area', () => {
    expect(holdsAny(role, { areas: ['adminCourses'], actions: ['delete'] })).toBe(false);
    expect(holdsAny(role, { areas: ['courses'], actions: ['view'] })).toBe(false);
    expect(holdsAny(undefined, { areas: ['courses'], actions: ['view'] })).toBe(false);
    expect(holdsAny({}, { areas: [], actions: ['view'] })).toBe(false);
  });
});

describe("a route's access, as the pipeline and the SPA evaluate it", () => {
  const caller = { permissions: { metaTags: ['view'] } };

  it('lets anyone call a public route and any caller a signed-in one', () => {
    expect(accessAllows(publicAccess, undefined, undefined)).toBe(true);
    expect(accessAllows(signedIn, undefined, undefined)).toBe(false);
    expect(accessAllows(signedIn, { permissions: {} }, undefined)).toBe(true);
  });

  it('holds a permission route to the role, and a tenant-scoped one to the tenant too', () => {
    const access = permission('metaTags', 'view');
    expect(accessAllows(access, caller, undefined)).toBe(true);
    expect(accessAllows(access, undefined, { metaTags: ['view'] })).toBe(false);
    expect(accessAllows(permission('metaTags', 'edit'), caller, undefined)).toBe(false);
    const scoped = permission('metaTags', 'view', { tenantScoped: true });
    expect(accessAllows(scoped, caller, { metaTags: ['view'] })).toBe(true);
    expect(accessAllows(scoped, caller, { metaTags: ['edit'] })).toBe(false);
    expect(accessAllows(scoped, caller, undefined)).toBe(false);
  });

  it('keeps the back-office for admin roles', () => {
    expect(isBackOfficeRole({ type: 'admin' })).toBe(true);
    expect(isBackOfficeRole({ type: 'user' })).toBe(false);
  });
});

describe('tenant-scoped check', () => {
  const role = { metaTags: ['view', 'edit'] };

  it('needs the tenant to hold the same permission', () => {
    expect(holdsAnyInTenant(role, { metaTags: ['view'] }, { areas: ['metaTags'], actions: ['view'] })).toBe(
      true,
    );
    expect(holdsAnyInTenant(role, { metaTags: ['view'] }, { areas: ['metaTags'], actions: ['edit'] })).toBe(
      false,
    );
    expect(holdsAnyInTenant(role, {}, { areas: ['metaTags'], actions: ['view'] })).toBe(false);
    expect(holdsAnyInTenant(role, undefined, { areas: ['metaTags'], actions: ['view'] })).toBe(false);
  });

  it('does not combine a role action with a different tenant action', () => {
    expect(
      holdsAnyInTenant(role, { metaTags: ['delete'] }, { areas: ['metaTags'], actions: ['view', 'delete'] }),
    ).toBe(false);
  });
});

describe('course-tutor-role check', () => {
  it('uses the tutor role on the course', () => {
    expect(courseTutorMay({ courseView: true, sectionEdit: false }, ['sectionEdit', 'courseView'])).toBe(
      true,
    );
    expect(courseTutorMay({ courseView: true, sectionEdit: false }, ['sectionEdit'])).toBe(false);
    expect(courseTutorMay(undefined, ['courseView'])).toBe(false);
  });
});

describe('catalogue', () => {
  it('lists every area of spec 000 section 6 with its named actions', () => {
    expect(permissionCatalogue.submissions).toEqual([
      'view',
      'create',
      'edit',
      'delete',
      'aiAnswer',
      'manualAnswer',
    ]);
    expect(permissionCatalogue.courses).toEqual([
      'view',
      'courseChat',
      'courseCall',
      'classBooking',
      'studentName',
      'tutorName',
      'courseTopup',
    ]);
    expect(permissionCatalogue.adminCourses).toEqual([
      'view',
      'create',
      'edit',
      'delete',
      'publish',
      'courseChat',
    ]);
    expect(permissionCatalogue.billing).toEqual(['view', 'customerPortalView']);
    expect(permissionCatalogue.penaltyWaivers).toEqual(['view', 'appealRequest']);
    expect(permissionCatalogue.resources).toEqual([
      'whiteboard',
      'sessions',
      'bookmarks',
      'progress',
      'premium',
      'usage',
    ]);
    expect(permissionCatalogue.headerContents).toHaveLength(6);
    expect(permissionCatalogue.profile).toHaveLength(20);
    for (const setting of ['roles', 'tutorRoles', 'metaTags', 'redirections', 'sitemap', 'invoices']) {
      for (const action of ['View', 'Create', 'Edit', 'Delete']) {
        expect(isKnownPermission('adminSettings', `${setting}${action}`)).toBe(true);
      }
    }
    for (const extra of [
      'adjustmentsCreate',
      'permissionsView',
      'transactionLogsView',
      'paymentHistoryView',
      'callLogsView',
    ]) {
      expect(isKnownPermission('adminSettings', extra)).toBe(true);
    }
    expect(isKnownPermission('lessonHistory', 'penaltyWaivers')).toBe(true);
    expect(isKnownPermission('courses', 'fly')).toBe(false);
    expect(isKnownPermission('nowhere', 'view')).toBe(false);
  });

  it('gives the built-in roles only known permissions, and Admin all of them', () => {
    expect(defaultRoles.Admin.permissions).toEqual(fullPermissionSet());
    for (const role of Object.values(defaultRoles)) {
      for (const [area, actions] of Object.entries(role.permissions)) {
        for (const action of actions ?? [])
          expect(isKnownPermission(area, action), `${area}.${action}`).toBe(true);
      }
    }
    expect(defaultRoles.Guest.isGuest).toBe(true);
    expect(
      holdsAny(defaultRoles.Student.permissions, { areas: ['adminSettings'], actions: ['rolesView'] }),
    ).toBe(false);
    expect(
      holdsAny(defaultRoles.Enterer.permissions, { areas: ['adminSettings'], actions: ['rolesDelete'] }),
    ).toBe(false);
  });
});
