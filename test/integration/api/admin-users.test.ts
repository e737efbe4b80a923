import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../infra/local/mailbox';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { MAX_PROFILE_ENTRIES } from '../../../shared/schemas/user-profile';
import { apiClient, demo, northwind } from '../../support/api-client';
import { peopleFixtures, unique } from '../../support/people';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
const people = peopleFixtures(local);

async function newUser(fields: Json = {}): Promise<Json> {
  const created = await local.api.call<Json>('adminUsers.create', {
    token: people.admin().token,
    body: {
      firstname: 'Nora',
      lastname: 'New',
      email: `nora-${unique()}@demo.test`,
      type: 'student',
      roleId: systemRoleIds.Student,
      ...fields,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** The temporary password a resend mailed to `email` (the newest mail to it). */
async function mailedPassword(email: string): Promise<string> {
  // The password is set and mailed from the bus (TemporaryPasswordRequested).
  await local.stack.events.settled();
  const mails = (await readOutbox(local.stack.outboxDir)).filter((mail) => mail.to === email);
  const password = mails[0]?.text.match(/for your account:\n\n(\S+)\n/)?.[1];
  expect(password, JSON.stringify(mails[0])).toBeTruthy();
  return password ?? '';
}

/** A user of the demo tenant with a password the test knows (set through resendPassword). */
async function signedInUser(fields: Json): Promise<Session & { email: string }> {
  const user = await newUser(fields);
  const resent = await local.api.call('adminUsers.resendPassword', {
    token: people.admin().token,
    params: { userId: user._id },
  });
  expect(resent.status).toBe(200);
  const session = await local.api.signIn(user.email, await mailedPassword(user.email));
  return { ...session, email: user.email };
}

describe('admin users: read, create, update (spec 002 "Admin users")', () => {
  it("reads a user with the parts the admin's permissions show, and another tenant's user is a 404", async () => {
    const tutor = await local.api.call<Json>('adminUsers.get', {
      token: people.admin().token,
      params: { id: 'demo-tutor-1' },
    });
    expect(tutor.status).toBe(200);
    expect(tutor.body).toMatchObject({ _id: 'demo-tutor-1', type: 'tutor', roleName: 'Tutor', notes: [] });
    expect(tutor.body.access.visible).toEqual(
      expect.arrayContaining(['tutorDetails', 'experiences', 'subjects']),
    );
    expect(tutor.body.access.visible).not.toContain('examDate');
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    const foreign = await apiClient(local.stack.apiUrl, { tenant: 'northwind' }).call('adminUsers.get', {
      token: northwindAdmin.token,
      params: { id: 'demo-tutor-1' },
    });
    expect(foreign.status).toBe(404);
  });

  it('creates an account with its details and mails the new user a link to set their password', async () => {
    const email = `sky-${unique()}@demo.test`;
    const created = await newUser({
      firstname: 'Sky',
      email,
      phone: '+65 6123 4567',
      country: 'sg',
      level: 'Grade 10',
      timezone: 'Asia/Singapore',
      gender: 'female',
      examDate: '2031-06-01',
      parentDetails: { name: 'Pat Parent', email: 'pat@example.com' },
    });
    expect(created).toMatchObject({
      firstname: 'Sky',
      email,
      type: 'student',
      roleName: 'Student',
      country: 'SG',
      level: 'Grade 10',
      details: { examDate: '2031-06-01', parentDetails: { name: 'Pat Parent', email: 'pat@example.com' } },
    });
    await local.stack.events.settled();
    const mail = (await readOutbox(local.stack.outboxDir)).find((m) => m.to === email);
    expect(mail?.subject).toMatch(/^Your student account at /);
    expect(mail?.text).toContain('/learning-portal/reset-password?');
    const read = await local.api.call<Json>('adminUsers.get', {
      token: people.admin().token,
      params: { id: created._id },
    });
    expect(read.body.details.examDate).toBe('2031-06-01');
  });

  it('refuses a role that does not exist or does not fit the type', async () => {
    const body = (type: string, roleId: string) => ({
      firstname: 'Role',
      lastname: 'Check',
      email: `role-${unique()}@demo.test`,
      type,
      roleId,
    });
    for (const [type, roleId, message] of [
      ['admin', systemRoleIds.Student, 'An admin account needs an admin role'],
      ['tutor', systemRoleIds.Admin, "A tutor account needs a user role (not a guest's)"],
      ['student', systemRoleIds.Guest, "A student account needs a user role (not a guest's)"],
      ['student', 'no-such-role', 'Choose a role that exists'],
    ] as const) {
      const refused = await local.api.call<Json>('adminUsers.create', {
        token: people.admin().token,
        body: body(type, roleId),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
  });

  it('offers an admin who may create users, but not list roles, the roles that fit each type, and creates with one', async () => {
    // Prepare: a back-office role with the users' permissions and none of the roles'
    const roleId = await people.role('admin', { adminUsers: ['view', 'create'] });
    const creator = await signedInUser({ type: 'admin', roleId });
    expect((await local.api.call('roles.list', { token: creator.token })).status).toBe(403);

    // Act
    const forTutor = await local.api.call<Json>('adminUsers.roleChoices', {
      token: creator.token,
      query: { type: 'tutor' },
    });
    const forAdmin = await local.api.call<Json>('adminUsers.roleChoices', {
      token: creator.token,
      query: { type: 'admin' },
    });
    const tutorRole = forTutor.body.docs.find((choice: Json) => choice.name === 'Tutor');
    const created = await local.api.call<Json>('adminUsers.create', {
      token: creator.token,
      body: {
        firstname: 'Cleo',
        lastname: 'Created',
        email: `cleo-${unique()}@demo.test`,
        type: 'tutor',
        roleId: tutorRole?._id,
      },
    });

    // Assess: end-user roles (not the guests') for a tutor, back-office roles for an admin, no permissions
    expect(forTutor.status).toBe(200);
    expect(forTutor.body.docs.length).toBeGreaterThan(0);
    for (const choice of forTutor.body.docs) {
      expect(Object.keys(choice).sort()).toEqual(['_id', 'isGuest', 'name', 'type']);
      expect(choice).toMatchObject({ type: 'user', isGuest: false });
    }
    expect(forAdmin.body.docs.map((choice: Json) => choice.type)).toEqual(
      forAdmin.body.docs.map(() => 'admin'),
    );
    expect(forAdmin.body.docs.map((choice: Json) => choice._id)).toContain(roleId);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ type: 'tutor', roleId: tutorRole?._id });
    // Without any users permission to create or edit, no choices
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    expect((await local.api.call('adminUsers.roleChoices', { token: student.token })).status).toBe(403);
  });

  it('gives one account to racing creates of one e-mail', async () => {
    const email = `race-${unique()}@demo.test`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        local.api.call<Json>('adminUsers.create', {
          token: people.admin().token,
          body: {
            firstname: `Racer${i}`,
            lastname: 'R',
            email,
            type: 'student',
            roleId: systemRoleIds.Student,
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe(
      'An account with this email already exists',
    );
  });

  it('moves the e-mail claim on update: the old address is free again, a taken one is a 409', async () => {
    const user = await signedInUser({ firstname: 'Mover' });
    const newEmail = `moved-${unique()}@demo.test`;
    const moved = await local.api.call<Json>('adminUsers.update', {
      token: people.admin().token,
      params: { id: user.userId },
      body: { email: newEmail, lastname: 'Moved' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ email: newEmail, lastname: 'Moved' });
    const taken = await local.api.call<Json>('adminUsers.update', {
      token: people.admin().token,
      params: { id: user.userId },
      body: { email: demo.student.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this email already exists');
    // The old address is free for a new account.
    await newUser({ email: user.email });
  });

  it("keeps the users-of-role index right when the role changes (the role's verify-delete counts it)", async () => {
    const coach = `Coach ${unique()}`;
    const roleId = await people.role('user', { profile: ['view'] }, coach);
    const user = await newUser();
    const moved = await local.api.call<Json>('adminUsers.update', {
      token: people.admin().token,
      params: { id: user._id },
      body: { roleId },
    });
    expect(moved.body).toMatchObject({ roleId, roleName: coach });
    const held = await local.api.call<Json>('roles.verifyDelete', {
      token: people.admin().token,
      params: { id: roleId },
    });
    expect(held.body.canDelete).toBe(false);
    await local.api.call('adminUsers.update', {
      token: people.admin().token,
      params: { id: user._id },
      body: { roleId: systemRoleIds.Student },
    });
    const free = await local.api.call<Json>('roles.verifyDelete', {
      token: people.admin().token,
      params: { id: roleId },
    });
    expect(free.body.canDelete).toBe(true);
    const unfitting = await local.api.call<Json>('adminUsers.update', {
      token: people.admin().token,
      params: { id: user._id },
      body: { roleId: systemRoleIds.Admin },
    });
    expect(unfitting.status).toBe(400);
  });

  it('answers 404 for an unknown user on every write', async () => {
    const update = await local.api.call('adminUsers.update', {
      token: people.admin().token,
      params: { id: 'no-such-user' },
      body: { firstname: 'Ghost' },
    });
    expect(update.status).toBe(404);
    const entry = await local.api.call('adminUsers.languages.create', {
      token: people.admin().token,
      params: { id: 'no-such-user' },
      body: { language: 'French', proficiency: 'Native' },
    });
    expect(entry.status).toBe(404);
    const resend = await local.api.call('adminUsers.resendPassword', {
      token: people.admin().token,
      params: { userId: 'no-such-user' },
    });
    expect(resend.status).toBe(404);
  });
});

describe("a profile's sub-records", () => {
  it('creates, changes and deletes an experience; an end before the start is a 400, an unknown entry a 404', async () => {
    const tutor = await newUser({ type: 'tutor', roleId: systemRoleIds.Tutor });
    const path = { id: tutor._id };
    const created = await local.api.call<Json>('adminUsers.experiences.create', {
      token: people.admin().token,
      params: path,
      body: { title: 'Maths teacher', organisation: 'Raffles', startMonth: '2020-01' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [experience] = created.body.experiences;
    expect(experience).toMatchObject({
      title: 'Maths teacher',
      organisation: 'Raffles',
      startMonth: '2020-01',
    });
    const changed = await local.api.call<Json>('adminUsers.experiences.update', {
      token: people.admin().token,
      params: { ...path, entryId: experience._id },
      body: { title: 'Head of maths', organisation: 'Raffles', startMonth: '2020-01', endMonth: '2024-12' },
    });
    expect(changed.body.experiences).toEqual([
      { ...experience, title: 'Head of maths', endMonth: '2024-12' },
    ]);
    const backwards = await local.api.call<Json>('adminUsers.experiences.create', {
      token: people.admin().token,
      params: path,
      body: { title: 'Tutor', organisation: 'X', startMonth: '2020-05', endMonth: '2020-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The end month must not be before the start month');
    const deleted = await local.api.call<Json>('adminUsers.experiences.delete', {
      token: people.admin().token,
      params: { ...path, entryId: experience._id },
    });
    expect(deleted.body.experiences).toEqual([]);
    const again = await local.api.call<Json>('adminUsers.experiences.delete', {
      token: people.admin().token,
      params: { ...path, entryId: experience._id },
    });
    expect(again.status).toBe(404);
    const unknownUpdate = await local.api.call<Json>('adminUsers.qualifications.update', {
      token: people.admin().token,
      params: { ...path, entryId: experience._id },
      body: { title: 'BSc', institution: 'NUS' },
    });
    expect(unknownUpdate.status).toBe(404);
  });

  it(`holds exactly ${MAX_PROFILE_ENTRIES} entries of a kind when creates race at the limit`, async () => {
    const tutor = await newUser({ type: 'tutor', roleId: systemRoleIds.Tutor });
    const results = await Promise.all(
      Array.from({ length: MAX_PROFILE_ENTRIES + 6 }, (_, i) =>
        local.api.call<Json>('adminUsers.languages.create', {
          token: people.admin().token,
          params: { id: tutor._id },
          body: { language: `Language ${i}`, proficiency: 'Advanced' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_PROFILE_ENTRIES);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(6).fill(409));
    expect(refused[0]?.body.message).toBe(
      `A profile holds at most ${MAX_PROFILE_ENTRIES} languages. Delete one first.`,
    );
    const read = await local.api.call<Json>('adminUsers.get', {
      token: people.admin().token,
      params: { id: tutor._id },
    });
    expect(read.body.languages).toHaveLength(MAX_PROFILE_ENTRIES);
    // A delete makes room for one more.
    await local.api.call('adminUsers.languages.delete', {
      token: people.admin().token,
      params: { id: tutor._id, entryId: read.body.languages[0]._id },
    });
    const oneMore = await local.api.call<Json>('adminUsers.languages.create', {
      token: people.admin().token,
      params: { id: tutor._id },
      body: { language: 'One more', proficiency: 'Native' },
    });
    expect(oneMore.status).toBe(200);
  });

  it("adds a tutor's subject to what their availability teaches (one list), and removes it", async () => {
    const tutor = await newUser({ type: 'tutor', roleId: systemRoleIds.Tutor, timezone: 'Europe/London' });
    const subject = { curriculum: 'Cambridge IGCSE', subject: 'Physics', grade: 'Grade 9' };
    const added = await local.api.call<Json>('adminUsers.subjects.add', {
      token: people.admin().token,
      params: { id: tutor._id },
      body: subject,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.subjects).toEqual([{ _id: expect.any(String), ...subject }]);
    const availability = await local.api.call<Json>('availability.get', {
      token: people.admin().token,
      params: { userId: tutor._id },
    });
    expect(availability.body).toMatchObject({
      subjects: [subject],
      timezone: 'Europe/London',
      weeklyHours: [],
    });
    const twice = await local.api.call<Json>('adminUsers.subjects.add', {
      token: people.admin().token,
      params: { id: tutor._id },
      body: subject,
    });
    expect(twice.status).toBe(409);
    const removed = await local.api.call<Json>('adminUsers.subjects.remove', {
      token: people.admin().token,
      params: { id: tutor._id, entryId: added.body.subjects[0]._id },
    });
    expect(removed.body.subjects).toEqual([]);
    const after = await local.api.call<Json>('availability.get', {
      token: people.admin().token,
      params: { userId: tutor._id },
    });
    expect(after.body.subjects).toEqual([]);
  });

  it("keeps a student's subjects on the profile, each once", async () => {
    const student = await newUser();
    const subject = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
    const added = await local.api.call<Json>('adminUsers.subjects.add', {
      token: people.admin().token,
      params: { id: student._id },
      body: subject,
    });
    expect(added.body.subjects).toEqual([{ _id: expect.any(String), ...subject }]);
    const twice = await local.api.call<Json>('adminUsers.subjects.add', {
      token: people.admin().token,
      params: { id: student._id },
      body: subject,
    });
    expect(twice.status).toBe(409);
    const removed = await local.api.call<Json>('adminUsers.subjects.remove', {
      token: people.admin().token,
      params: { id: student._id, entryId: added.body.subjects[0]._id },
    });
    expect(removed.body.subjects).toEqual([]);
  });
});

describe('a temporary password sent again', () => {
  it('mails a new password that signs in; the old password and every earlier session stop working', async () => {
    const user = await signedInUser({ firstname: 'Temp' });
    const before = await mailedPassword(user.email);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // tokens are stamped to the second
    const resent = await local.api.call('adminUsers.resendPassword', {
      token: people.admin().token,
      params: { userId: user.userId },
    });
    expect(resent.body).toEqual({ _id: user.userId });
    const after = await mailedPassword(user.email); // waits for the bus
    expect(after).not.toBe(before);
    const oldSession = await local.api.call('profile.get', { token: user.token });
    expect(oldSession.status).toBe(401);
    const oldPassword = await local.api.call('auth.token', {
      body: { grant_type: 'password', username: user.email, password: before },
    });
    expect(oldPassword.status).toBe(400);
    const session = await local.api.signIn(user.email, after);
    expect((await local.api.call('profile.get', { token: session.token })).status).toBe(200);
  });
});

describe('admin notes', () => {
  it("keeps each note's author and time; only its author deletes it, another's or an unknown one is a 404", async () => {
    const student = await newUser();
    const other = await signedInUser({ type: 'admin', roleId: systemRoleIds.Admin, firstname: 'Other' });
    const noted = await local.api.call<Json>('adminUsers.createNote', {
      token: people.admin().token,
      params: { id: student._id },
      body: { note: 'Prefers morning lessons' },
    });
    expect(noted.status).toBe(201);
    const [note] = noted.body.notes;
    expect(note).toMatchObject({
      note: 'Prefers morning lessons',
      createdBy: { _id: 'demo-admin' },
      createdAt: expect.any(String),
    });
    const byOther = await local.api.call('adminUsers.deleteNote', {
      token: other.token,
      params: { id: student._id },
      query: { noteId: note._id },
    });
    expect(byOther.status).toBe(404);
    const unknown = await local.api.call('adminUsers.deleteNote', {
      token: people.admin().token,
      params: { id: student._id },
      query: { noteId: 'no-such-note' },
    });
    expect(unknown.status).toBe(404);
    const deleted = await local.api.call<Json>('adminUsers.deleteNote', {
      token: people.admin().token,
      params: { id: student._id },
      query: { noteId: note._id },
    });
    expect(deleted.body.notes).toEqual([]);
  });
});

describe("a parent's linked accounts (the user mapper)", () => {
  it('links a parent to students of the tenant, one parent per child, and an empty list unlinks', async () => {
    const parent = await signedInUser({ type: 'parent', roleId: systemRoleIds.Student, firstname: 'Paula' });
    const child = await newUser({ firstname: 'Kid' });
    const linked = await local.api.call<Json>('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: parent.userId },
      body: { childIds: [child._id] },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.linkedAccounts).toEqual([
      { _id: child._id, firstname: 'Kid', lastname: 'New', email: child.email },
    ]);
    const mapped = await local.api.call<Json>('users.mappedAccounts', { token: parent.token });
    expect(mapped.body.docs.map((d: Json) => d._id)).toEqual([parent.userId, child._id]);
    const switched = await local.api.call<Json>('users.switchAccount', {
      token: parent.token,
      body: { userId: child._id },
    });
    expect(switched.status).toBe(200);
    const childView = await local.api.call<Json>('adminUsers.get', {
      token: people.admin().token,
      params: { id: child._id },
    });
    expect(childView.body.linkedAccounts.map((a: Json) => a._id)).toEqual([parent.userId]);

    // Sam (demo-student-1) is the demo parent's child already.
    const taken = await local.api.call<Json>('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: parent.userId },
      body: { childIds: [child._id, 'demo-student-1'] },
    });
    expect(taken.status).toBe(409);
    const tutorChild = await local.api.call<Json>('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: parent.userId },
      body: { childIds: ['demo-tutor-1'] },
    });
    expect(tutorChild.status).toBe(400);
    const notParent = await local.api.call<Json>('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: 'demo-student-3' },
      body: { childIds: [child._id] },
    });
    expect(notParent.status).toBe(400);
    const unknownChild = await local.api.call<Json>('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: parent.userId },
      body: { childIds: ['north-student'] },
    });
    expect(unknownChild.status).toBe(404);

    const unlinked = await local.api.call<Json>('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: parent.userId },
      body: { childIds: [] },
    });
    expect(unlinked.body.linkedAccounts).toEqual([]);
    const none = await local.api.call<Json>('users.mappedAccounts', { token: parent.token });
    expect(none.body.docs).toEqual([]);
    // The child is free for another parent.
    const other = await newUser({ type: 'parent', roleId: systemRoleIds.Student });
    const relinked = await local.api.call<Json>('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: other._id },
      body: { childIds: [child._id] },
    });
    expect(relinked.status).toBe(200);
  });

  it('gives a child one parent when two parents race to link them', async () => {
    const child = await newUser({ firstname: 'Contested' });
    const parents = await Promise.all(
      [1, 2, 3].map(() => newUser({ type: 'parent', roleId: systemRoleIds.Student })),
    );
    const results = await Promise.all(
      parents.map((parent) =>
        local.api.call('adminUsers.linkAccounts', {
          token: people.admin().token,
          params: { id: parent._id },
          body: { childIds: [child._id] },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});
