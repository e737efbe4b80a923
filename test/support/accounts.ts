import { issueToken } from '../../functions/lib/tokens';
import { createUser, type UserRecord } from '../../functions/repositories/users';
import { systemRoleIds } from '../../shared/permissions/default-roles';

/**
 * A student account written straight to the table, with a token issued for it: for tests about records,
 * races and links, not about signing in (hashing a password per account would dominate them).
 */
export async function studentWithToken(
  tenant: string,
  fields: Pick<UserRecord, 'firstname' | 'lastname' | 'email'> & Partial<Pick<UserRecord, 'userMapperId'>>,
): Promise<{ token: string; userId: string }> {
  const user = await createUser(tenant, {
    ...fields,
    type: 'student',
    roleId: systemRoleIds.Student,
    passwordHash: 'not-used',
  });
  const { token } = await issueToken({ sub: user._id, tid: tenant });
  return { token, userId: user._id };
}

/** An account naming the demo family's user-mapper without being on it, as a stale or forged record would. */
export const pointerOnlyStudent = () =>
  studentWithToken('demo', {
    firstname: 'Pointer',
    lastname: 'Only',
    email: 'pointer-only@example.com',
    userMapperId: 'mapper-demo-parent',
  });
