import { beforeAll, expect } from 'vitest';
import { hashPassword } from '../../functions/lib/passwords';
import { createUser } from '../../functions/repositories/users';
import type { UserType } from '../../shared/schemas/user';
import { demo } from './api-client';
import type { localStackForFile } from './stack';

type Session = { token: string; userId: string };
type Json = Record<string, any>;
const PASSWORD = 'People-test-1';

/** A short random suffix for names and addresses that must not clash between tests. */
export const unique = () => Math.random().toString(36).slice(2, 10);

/**
 * The people tests' set-up (admin users, profiles): the demo admin signed in before the file's tests, roles
 * made through the roles API, and accounts written straight to the table with a password the test knows,
 * signed in.
 */
export function peopleFixtures(local: ReturnType<typeof localStackForFile>) {
  let admin: Session | undefined;
  beforeAll(async () => {
    admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  });
  const adminSession = (): Session => {
    if (!admin) throw new Error('The admin is not signed in yet');
    return admin;
  };
  return {
    admin: adminSession,

    /** A role of the demo tenant with these permissions; its id. */
    async role(type: 'admin' | 'user', permissions: Json, name = `Role ${unique()}`): Promise<string> {
      const created = await local.api.call<Json>('roles.create', {
        token: adminSession().token,
        body: { name, type, permissions },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body._id;
    },

    /** An account of the demo tenant, signed in. */
    async account(type: UserType, roleId: string, fields: Json = {}): Promise<Session & { email: string }> {
      const email = `${type}-${unique()}@demo.test`;
      await createUser('demo', {
        firstname: 'Pat',
        lastname: type,
        email,
        type,
        roleId,
        passwordHash: await hashPassword(PASSWORD),
        ...fields,
      });
      return { ...(await local.api.signIn(email, PASSWORD)), email };
    },
  };
}
