import { NotFoundError } from '../../shared/http/errors';
import { caseInsensitiveNameKey } from '../../shared/rules/names';
import {
  DEFAULT_TUTOR_ROLE_ID,
  DEFAULT_TUTOR_ROLE_NAME,
  editorPermissions,
  type TutorRole,
  tutorRoleSchema,
} from '../../shared/schemas/tutor-role';
import { cachedCollection } from '../crud/cached-collection';
import { uniqueKeyCollection } from '../crud/unique-key-collection';
import { tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import type { TransactItem } from '../table/transactions';

/**
 * Tutor role names are unique per tenant ignoring case and spacing, held by a name claim written with the
 * role. A role counts the course tutors holding it (`holders`, moved in the same transaction as each
 * assignment, which also stamps the role's `updatedAt`), and a delete is conditioned on that count being
 * zero: an assignment racing a delete either lands first (the delete is refused) or finds no role.
 */
const base = uniqueKeyCollection<TutorRole>({
  collection: collections.tutorRoles,
  schema: tutorRoleSchema,
  label: 'tutor role',
  searchFields: ['name'],
  sortFields: ['name', 'createdAt', 'updatedAt'],
  uniqueKey: (role) => caseInsensitiveNameKey(role.name),
  claimKey: keys.tutorRoleName,
  claimEntity: 'tutorRoleName',
  holderSchema: tutorRoleSchema.pick({ _id: true, name: true }),
  duplicateMessage: (role, holder) => `A tutor role named ${holder?.name ?? role.name} already exists`,
  deletableWhen: {
    expression: 'attribute_not_exists(holders) OR holders = :none',
    values: { ':none': 0 },
  },
});

/**
 * A course tutor's rights are read on each of their course actions: kept ten seconds per container, as
 * account roles are (functions/roles/repository.ts).
 */
export const tutorRolesRepository = cachedCollection(base, 10_000);

/** The default role as a tenant starts with it. */
export function defaultTutorRole(now = new Date().toISOString()): TutorRole {
  return {
    _id: DEFAULT_TUTOR_ROLE_ID,
    name: DEFAULT_TUTOR_ROLE_NAME,
    permissions: editorPermissions,
    isDefault: true,
    createdAt: now,
    updatedAt: now,
  };
}

/** Writes the default role (the seed, tenant onboarding) unless the tenant has it; true when written. */
export function ensureDefaultTutorRole(tenant: string): Promise<boolean> {
  return tutorRolesRepository.ensure(tenant, defaultTutorRole());
}

/**
 * The role a course tutor holds: theirs, else the default. A tenant from before tutor roles, which has no
 * stored default yet, gets the default as the spec defines it.
 */
export async function heldTutorRole(tenant: string, tutorRoleId: string | undefined): Promise<TutorRole> {
  const id = tutorRoleId ?? DEFAULT_TUTOR_ROLE_ID;
  const role = await tutorRolesRepository.getCached(tenant, id);
  if (role) return role;
  if (id === DEFAULT_TUTOR_ROLE_ID) return defaultTutorRole();
  throw new NotFoundError('Tutor role not found');
}

/**
 * The writes that move a course tutor from one role to another, for the membership's own transaction: the
 * new role must exist (and gains a holder), the old one loses one. The default role is held by a tutor
 * with no role id and is not counted (it cannot be deleted).
 */
export function tutorRoleHolderWrites(
  tenant: string,
  from: string | undefined,
  to: string | undefined,
): TransactItem[] {
  if (from === to) return [];
  const now = new Date().toISOString();
  const move = (id: string, delta: 1 | -1): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.collectionItem(tenant, collections.tutorRoles, id),
      UpdateExpression: 'ADD holders :delta SET updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':delta': delta, ':now': now },
    },
  });
  return [
    ...(to && to !== DEFAULT_TUTOR_ROLE_ID ? [move(to, 1)] : []),
    ...(from && from !== DEFAULT_TUTOR_ROLE_ID ? [move(from, -1)] : []),
  ];
}
