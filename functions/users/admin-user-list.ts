import type { AdminUserListQuery, AdminUserRow } from '../../shared/routes/admin-users';
import { searchPrefix } from '../../shared/rules/user-list';
import { isDescending, type Page } from '../../shared/schemas/paging';
import { listUserPage } from '../repositories/user-list';
import { rolesRepository } from '../roles/repository';

/**
 * The admin Users list (adminUsers.list): a page from the list's indexes (functions/repositories/
 * user-list.ts), each row with its role's name. A search is a prefix match of a normalised key: the start
 * of the first or the last name (or of "first last" / "last first"), of the e-mail, or of the phone's
 * digits; a phone search with letters matches nobody.
 */
export async function listAdminUsers(tenant: string, query: AdminUserListQuery): Promise<Page<AdminUserRow>> {
  const { limit, offset } = query;
  const prefix = searchPrefix(query.searchOption, query.searchText);
  if (prefix === undefined) return { limit, offset, totalDocs: 0, docs: [] };
  const { totalDocs, users } = await listUserPage(tenant, {
    limit,
    offset,
    role: query.role,
    country: query.country,
    sortKey: query.sortKey,
    descending: isDescending(query.sortValue),
    search: prefix ? { option: query.searchOption, prefix } : undefined,
  });
  const roleIds = [...new Set(users.map((user) => user.roleId))];
  const roles = new Map(
    await Promise.all(
      roleIds.map(async (id) => [id, (await rolesRepository.getCached(tenant, id))?.name ?? ''] as const),
    ),
  );
  const docs = users.map((user) => ({
    _id: user._id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    type: user.type,
    roleId: user.roleId,
    roleName: roles.get(user.roleId) ?? '',
    ...(user.phone ? { phone: user.phone } : {}),
    ...(user.country ? { country: user.country } : {}),
    createdAt: user.createdAt,
  }));
  return { limit, offset, totalDocs, docs };
}
