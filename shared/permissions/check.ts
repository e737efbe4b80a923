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
