import { defaultRoles, type SystemRoleName, systemRoleIds } from '../../shared/permissions/default-roles';
import { rolesRepository } from './repository';

export const systemRoleNames = Object.keys(systemRoleIds) as SystemRoleName[];

/**
 * Writes the six built-in roles a tenant starts with (the demo seed and tenant onboarding), each with its
 * fixed id and only when that id is not there yet: a role an admin has changed is kept as it is. Answers
 * the names of the roles it wrote.
 */
export async function ensureSystemRoles(tenant: string): Promise<SystemRoleName[]> {
  const written: SystemRoleName[] = [];
  for (const name of systemRoleNames) {
    const now = new Date().toISOString();
    const inserted = await rolesRepository.ensure(tenant, {
      _id: systemRoleIds[name],
      ...defaultRoles[name],
      isSystem: true,
      createdAt: now,
      updatedAt: now,
    });
    if (inserted) written.push(name);
  }
  return written;
}

/** The built-in roles a tenant does not hold yet (a dry run's answer). */
export async function missingSystemRoles(tenant: string): Promise<SystemRoleName[]> {
  const found = new Set(
    (await rolesRepository.getMany(tenant, Object.values(systemRoleIds))).map((role) => role._id),
  );
  return systemRoleNames.filter((name) => !found.has(systemRoleIds[name]));
}
