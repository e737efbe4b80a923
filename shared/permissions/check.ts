import type { Access } from '../routes/define';
import type { Role } from '../schemas/role';
import type { PermissionArea, PermissionSet } from './catalogue';

/** "Allowed if the role holds at least one of the listed actions in any of the listed areas." */
export interface PermissionRequirement {
  areas: PermissionArea[];
  actions: string[];
}

export function holdsAny(
  permissions: PermissionSet | undefined,
  requirement: PermissionRequirement,
): boolean {
  if (!permissions) return false;
  return requirement.areas.some((area) => {
    const held = permissions[area];
    return held ? requirement.actions.some((action) => held.includes(action)) : false;
  });
}

/** Tenant-scoped check: the role must hold the permission and the tenant must hold the same one. */
export function holdsAnyInTenant(
  rolePermissions: PermissionSet | undefined,
  tenantPermissions: PermissionSet | undefined,
  requirement: PermissionRequirement,
): boolean {
  if (!rolePermissions || !tenantPermissions) return false;
  return requirement.areas.some((area) => {
    const byRole = rolePermissions[area] ?? [];
    const byTenant = tenantPermissions[area] ?? [];
    return requirement.actions.some((action) => byRole.includes(action) && byTenant.includes(action));
  });
}

/**
 * Whether a caller passes a route's `access` (shared/routes/define.ts): the request pipeline's check and the
 * SPA's `canCall` are this one function, so the screens show exactly what the server allows. `caller` is
 * undefined when signed out; `tenantPermissions` are the tenant's own (tenant-scoped routes need both).
 */
export function accessAllows(
  access: Access,
  caller: { permissions: PermissionSet } | undefined,
  tenantPermissions: PermissionSet | undefined,
): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return caller !== undefined;
    case 'permission': {
      const requirement = { areas: access.areas, actions: access.actions };
      return access.tenantScoped
        ? holdsAnyInTenant(caller?.permissions, tenantPermissions, requirement)
        : holdsAny(caller?.permissions, requirement);
    }
  }
}

/**
 * The back-office's own calls are for admin roles (role type `admin`). Student and tutor roles hold some
 * of the same permissions for their own records (homework, lesson history and requests), so those admin
 * calls check the role's type as well as the route's permission.
 */
export function isBackOfficeRole(role: Pick<Role, 'type'>): boolean {
  return role.type === 'admin';
}

/**
 * Whether an account of `userType` may hold the role (spec 000 section 6, role choices when creating
 * users): an admin a back-office role, everyone else an end-user role that is not the guests'. The server
 * holds each create and role change to it, and the create form offers only such roles.
 */
export function roleFitsUserType(role: Pick<Role, 'type' | 'isGuest'>, userType: string): boolean {
  return userType === 'admin' ? isBackOfficeRole(role) : !isBackOfficeRole(role) && !role.isGuest;
}

/**
 * Course-tutor-role check: a tutor's rights on one course come from the tutor role assigned on that
 * course (default "Editor"), not from their account role.
 */
export const courseTutorFeatures = [
  'courseView',
  'courseEdit',
  'sectionCreate',
  'sectionEdit',
  'teamsCreate',
  'zoomCreate',
  'resourceCreate',
] as const;
export type CourseTutorFeature = (typeof courseTutorFeatures)[number];
export type CourseTutorRolePermissions = Partial<Record<CourseTutorFeature, boolean>>;

export function courseTutorMay(
  tutorRolePermissions: CourseTutorRolePermissions | undefined,
  features: CourseTutorFeature[],
): boolean {
  if (!tutorRolePermissions) return false;
  return features.some((feature) => tutorRolePermissions[feature] === true);
}
