import type { Role } from '../../shared/schemas/role';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

const base = collectionRepository<Role>({
  collection: collections.roles,
  label: 'role',
  searchFields: ['name', 'type'],
  sortFields: ['name', 'type', 'createdAt', 'updatedAt'],
});

const ROLE_CACHE_MS = 10_000;
const cache = new Map<string, { role: Role | undefined; until: number }>();

/**
 * Roles are read on every signed-in request; a short per-container cache saves that read. A permission
 * change therefore reaches warm containers within ten seconds.
 */
async function getCached(tenant: string, roleId: string): Promise<Role | undefined> {
  const key = `${tenant}#${roleId}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.role;
  const role = await base.get(tenant, roleId);
  cache.set(key, { role, until: Date.now() + ROLE_CACHE_MS });
  return role;
}

export function clearRoleCache(): void {
  cache.clear();
}

export const rolesRepository = {
  ...base,
  getCached,
  async update(tenant: string, id: string, changes: Parameters<typeof base.update>[2]) {
    const updated = await base.update(tenant, id, changes);
    cache.delete(`${tenant}#${id}`);
    return updated;
  },
  async remove(tenant: string, id: string) {
    await base.remove(tenant, id);
    cache.delete(`${tenant}#${id}`);
  },
};
