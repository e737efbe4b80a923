import { caseInsensitiveNameKey } from '../../shared/rules/names';
import { type Role, roleSchema } from '../../shared/schemas/role';
import { uniqueKeyCollection } from '../crud/unique-key-collection';
import { ttlCache } from '../lib/ttl-cache';
import { collections, keys } from '../table/access-patterns';

/** Role names are unique per tenant ignoring case and spacing, held by a name claim written with the role. */
const base = uniqueKeyCollection<Role>({
  collection: collections.roles,
  schema: roleSchema,
  label: 'role',
  searchFields: ['name', 'type'],
  sortFields: ['name', 'type', 'createdAt', 'updatedAt'],
  uniqueKey: (role) => caseInsensitiveNameKey(role.name),
  claimKey: keys.roleName,
  claimEntity: 'roleName',
  holderSchema: roleSchema.pick({ _id: true, name: true }),
  duplicateMessage: (role, holder) => `A role named ${holder?.name ?? role.name} already exists`,
});

/**
 * Roles are read on every signed-in request. A permission change therefore reaches warm containers of
 * other functions within ten seconds (this container forgets it at once).
 */
const cache = ttlCache<Role | undefined>(10_000);
const getCached = (tenant: string, roleId: string) =>
  cache.get(`${tenant}#${roleId}`, () => base.get(tenant, roleId));

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
