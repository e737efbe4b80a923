import access from 'virtual:route-access';
import type { PermissionSet } from '../../../shared/permissions/catalogue';
import { accessAllows, holdsAny } from '../../../shared/permissions/check';
import { type RecordReader, recordReaders } from '../../../shared/permissions/record-readers';
import type { RouteId } from '../../../shared/routes/catalogue';
import type { AuthUser } from '../../../shared/schemas/user';

/** What the checks read of a user: their role's permissions (undefined: signed out). */
type RoleHolder = { role: Pick<AuthUser['role'], 'permissions'> } | undefined;

/**
 * Whether the user may call a route, by the route's own `access` declaration (shared/routes/), evaluated by
 * the same function as the server's request pipeline: a screen shows an action exactly when its call is
 * allowed, and a rule changes in one place. Name the route the screen calls. A tenant-scoped route also
 * needs the tenant's permissions (`tenants.app`); without them it is refused, as the server would.
 * Record-level rules (whose course, whose child) stay with the server: this answers for the route only.
 */
export function canCall(user: RoleHolder, routeId: RouteId, tenantPermissions?: PermissionSet): boolean {
  const rule = access[routeId];
  if (!rule) throw new Error(`Unknown route ${routeId}`);
  return accessAllows(rule, user?.role, tenantPermissions);
}

/**
 * Whether the user holds a permission that reaches other users' records of a kind (any learner's data,
 * any trial's recordings...), as the server's record-level rules check it: for screens that show what
 * the server decides per record, beyond the route's own access (the caller's own records are theirs
 * anyway).
 */
export function holdsReader(user: RoleHolder, reader: RecordReader): boolean {
  return !!user && holdsAny(user.role.permissions, recordReaders[reader]);
}
