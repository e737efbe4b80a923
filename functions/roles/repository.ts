import { pick } from 'zod/mini';
import { caseInsensitiveNameKey } from '../../shared/rules/names';
import { type Role, roleSchema } from '../../shared/schemas/role';
import { cachedCollection } from '../crud/cached-collection';
import { uniqueKeyCollection } from '../crud/unique-key-collection';
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
  holderSchema: pick(roleSchema, { _id: true, name: true }),
  duplicateMessage: (role, holder) => `A role named ${holder?.name ?? role.name} already exists`,
});

/**
 * Roles are read on every signed-in request. A permission change therefore reaches warm containers of
 * other functions within ten seconds (this container forgets it at once).
 */
export const rolesRepository = cachedCollection(base, 10_000);
