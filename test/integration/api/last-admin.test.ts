import { describe, expect, it } from 'vitest';
import { backfillAdminCount } from '../../../functions/crud/backfill-lists';
import { tableName } from '../../../functions/lib/db';
import { hashPassword } from '../../../functions/lib/passwords';
import { putTenant } from '../../../functions/repositories/tenants';
import { countAdminAccounts, createUser, getUser } from '../../../functions/repositories/users';
import { ensureSystemRoles } from '../../../functions/roles/system-roles';
import { keys } from '../../../functions/table/access-patterns';
import { countWrite } from '../../../functions/table/counters';
import { writeTransaction } from '../../../functions/table/transactions';
import { ConflictError } from '../../../shared/http/errors';
import { fullPermissionSet } from '../../../shared/permissions/catalogue';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Json = Record<string, any>;
const LAST_ADMIN =
  "You are the school's last admin: give another account an admin role before deleting yours";
const PASSWORD = 'Last-admin-1';
const unique = () => Math.random().toString(36).slice(2, 10);

async function createTenant(): Promise<string> {
  const key = `lastadmin-${unique()}`;
  await putTenant({ _id: key, key, name: key, domain: `${key}.test`, permissions: fullPermissionSet() });
  await ensureSystemRoles(key);
  return key;
}

/** An admin account of the tenant, created as the screens create one, signed in. */
async function admin(tenant: string): Promise<{ token: string; userId: string }> {
  const email = `admin-${unique()}@${tenant}.test`;
  await createUser(tenant, {
    firstname: 'Head',
    lastname: 'Office',
    email,
    type: 'admin',
    roleId: systemRoleIds.Admin,
    passwordHash: await hashPassword(PASSWORD),
  });
  return local.api.signIn(email, PASSWORD, tenant);
}

function deleteOwn(tenant: string, token: string) {
  return local.api.call<Json>('profile.deleteAccount', { tenant, token, body: { confirm: 'DELETE' } });
}

/** An admin as stored before the admin count existed: no mark, not in the count. */
async function forgetCounted(tenant: string, userId: string): Promise<void> {
  await writeTransaction(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.user(tenant, userId),
          UpdateExpression: 'REMOVE adminCounted',
          ConditionExpression: 'adminCounted = :yes',
          ExpressionAttributeValues: { ':yes': true },
        },
      },
      countWrite(tenant, 'USERTYPE#admin', -1),
    ],
    () => new ConflictError('not counted'),
  );
}

describe("the school's last admin, held by the database", () => {
  it('of two last admins deleting themselves at the same instant, exactly one goes (three races)', async () => {
    const tenant = await createTenant();
    let staying = await admin(tenant);
    for (let race = 0; race < 3; race++) {
      const other = await admin(tenant);
      expect(await countAdminAccounts(tenant)).toBe(2);
      const answers = await Promise.all([deleteOwn(tenant, staying.token), deleteOwn(tenant, other.token)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(refused?.body.message).toBe(LAST_ADMIN);
      expect(await countAdminAccounts(tenant)).toBe(1);
      // The one refused is still there and can sign in; the other is gone.
      const [first] = answers;
      staying = first?.status === 409 ? staying : other;
      const left = await getUser(tenant, staying.userId);
      expect(left?.deletedAt).toBeUndefined();
      expect(left?.adminCounted).toBe(true);
    }
    const alone = await deleteOwn(tenant, staying.token);
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(LAST_ADMIN);
  });

  it('counts admins stored before the count once (the backfill on start), and an uncounted admin deleting themselves', async () => {
    const tenant = await createTenant();
    const first = await admin(tenant);
    const second = await admin(tenant);
    await forgetCounted(tenant, first.userId);
    await forgetCounted(tenant, second.userId);
    expect(await countAdminAccounts(tenant)).toBe(0);
    // An uncounted admin is counted before the check: alone in the count, they are refused.
    const refused = await deleteOwn(tenant, first.token);
    expect(refused.status).toBe(409);
    expect(await countAdminAccounts(tenant)).toBe(1);
    expect(await backfillAdminCount(tenant)).toBe(1);
    expect(await backfillAdminCount(tenant)).toBe(0);
    expect(await countAdminAccounts(tenant)).toBe(2);
    expect((await deleteOwn(tenant, second.token)).status).toBe(200);
    expect(await countAdminAccounts(tenant)).toBe(1);
    expect((await deleteOwn(tenant, first.token)).status).toBe(409);
  });

  it("refuses any change of a role's type, held or not, so no assignment can race it", async () => {
    const tenant = await createTenant();
    const head = await admin(tenant);
    const created = await local.api.call<Json>('roles.create', {
      tenant,
      token: head.token,
      body: { name: `Desk ${unique()}`, type: 'admin', permissions: {} },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const roleId: string = created.body._id;
    const changeType = (type: string) =>
      local.api.call<Json>('roles.update', {
        tenant,
        token: head.token,
        params: { id: roleId },
        body: { type },
      });
    // No holder yet: still refused (a check of holders before the write could be raced by an assignment).
    const unheld = await changeType('user');
    expect(unheld.status).toBe(400);
    expect(unheld.body.message).toBe(
      "A role's type is set when it is created: make a new role of the other type and move its accounts to it",
    );
    // The same type again (the edit form sends it) is no change.
    expect((await changeType('admin')).status).toBe(200);
    await createUser(tenant, {
      firstname: 'Desk',
      lastname: 'Clerk',
      email: `clerk-${unique()}@${tenant}.test`,
      type: 'admin',
      roleId,
      passwordHash: 'x',
    });
    expect((await changeType('user')).status).toBe(400);
    expect(await countAdminAccounts(tenant)).toBe(2);
  });
});
