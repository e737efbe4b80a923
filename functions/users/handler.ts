import { ForbiddenError } from '../../shared/http/errors';
import { userRoutes } from '../../shared/routes/accounts';
import { userDirectoryRoutes } from '../../shared/routes/user-directory';
import { parseUserTypes } from '../../shared/rules/user-directory';
import { resourceHandler, withCaller } from '../lib/pipeline';
import { listDirectoryUsers } from '../repositories/users';
import { loadAuthUser, mappedUsers, tokenResponse } from './service';

export const handler = resourceHandler('users', [...userRoutes, ...userDirectoryRoutes], {
  'users.authUser': withCaller(async ({ tenant, caller }) =>
    loadAuthUser(tenant.key, caller.user, caller.impersonatedBy),
  ),

  'users.mappedAccounts': withCaller(async ({ tenant, caller }) => {
    const mapped = await mappedUsers(tenant.key, caller.user);
    const docs = (mapped?.users ?? []).map(({ _id, firstname, lastname, email }) => ({
      _id,
      firstname,
      lastname,
      email,
    }));
    return { docs };
  }),

  /** Only accounts on the caller's own user-mapper: a parent switches to their child's account and back. */
  'users.switchAccount': withCaller<unknown, { userId: string }>(async ({ tenant, caller, body }) => {
    const mapped = await mappedUsers(tenant.key, caller.user);
    const target = mapped?.users.find((u) => u._id === body.userId);
    if (!target) throw new ForbiddenError('This account is not linked to yours');
    return tokenResponse(tenant.key, target, caller.impersonatedBy);
  }),

  'users.adminDropdown': async ({ tenant, query }) => {
    const q = query as { name?: string; userTypes: string; limit: number; offset: number };
    const page = await listDirectoryUsers(tenant.key, parseUserTypes(q.userTypes), q);
    return { limit: q.limit, offset: q.offset, ...page };
  },
});
