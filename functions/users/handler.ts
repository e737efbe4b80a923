import { ForbiddenError } from '../../shared/http/errors';
import { userDirectoryRoutes } from '../../shared/routes/user-directory';
import { userRoutes } from '../../shared/routes/users';
import { parseUserTypes } from '../../shared/rules/user-directory';
import { linkedAccounts, mapperParentId } from '../access/linked-accounts';
import { resourceHandler } from '../lib/pipeline';
import { listFilteredDirectoryUsers } from '../repositories/user-list';
import { listDirectoryUsers } from '../repositories/users';
import { loadAuthUser, tokenResponse } from './service';

export const handler = resourceHandler('users', [...userRoutes, ...userDirectoryRoutes], {
  'users.authUser': async ({ tenant, caller }) => loadAuthUser(tenant.key, caller),

  /** The caller's own account first, then the accounts they may switch to (none: an empty list). */
  'users.mappedAccounts': async ({ tenant, caller }) => {
    const linked = await linkedAccounts(tenant.key, caller);
    const docs = (linked?.users ?? []).map(({ _id, firstname, lastname, email }) => ({
      _id,
      firstname,
      lastname,
      email,
    }));
    return { docs };
  },

  /**
   * A parent switches into a child's account, and from there back: the new token remembers the parent
   * (`switchedBy`), which is what lets the child's session switch back, and to nobody else.
   */
  'users.switchAccount': async ({ tenant, caller, body }) => {
    const linked = await linkedAccounts(tenant.key, caller);
    const target = linked?.users.find((u) => u._id === body.userId && u._id !== caller.user._id);
    if (!linked || !target) throw new ForbiddenError('This account is not linked to yours');
    const toParent = target._id === mapperParentId(linked.mapper);
    return tokenResponse(tenant.key, target, {
      ...(caller.impersonatedBy
        ? { impersonatedBy: caller.impersonatedBy, impersonatedAt: caller.impersonatedAt }
        : {}),
      ...(toParent ? {} : { switchedBy: caller.user._id }),
    });
  },

  'users.adminDropdown': async ({ tenant, query }) => {
    const q = query;
    const types = parseUserTypes(q.userTypes);
    const page =
      q.country || q.level
        ? await listFilteredDirectoryUsers(tenant.key, types, q)
        : await listDirectoryUsers(tenant.key, types, q);
    return { limit: q.limit, offset: q.offset, ...page };
  },
});
