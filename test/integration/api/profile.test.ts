import { describe, expect, it } from 'vitest';
import { getAvailability, tutorsTeaching } from '../../../functions/repositories/availability';
import { insertLessonHistory } from '../../../functions/repositories/lesson-history';
import { keyConditionQuery } from '../../../functions/table/entity';
import { queryItems } from '../../../functions/table/query';
import { permissionCatalogue } from '../../../shared/permissions/catalogue';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { toLessonHistory } from '../../../shared/rules/lesson-history';
import { type ProfilePart, profileParts } from '../../../shared/rules/user-profile';
import { type ProfileMoneyPart, profileMoneyParts } from '../../../shared/schemas/profile-lists';
import type { UserType } from '../../../shared/schemas/user';
import { demo } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { peopleFixtures } from '../../support/people';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Json = Record<string, any>;
type Session = { token: string; userId: string };
const people = peopleFixtures(local);
const { account, role } = people;

describe('the last admin', () => {
  // First in the file: the tests below make more admins.
  it("refuses the tenant's last admin (409) and lets an admin go while another stays", async () => {
    const last = await local.api.call<Json>('profile.deleteAccount', {
      token: people.admin().token,
      body: { confirm: 'DELETE' },
    });
    expect(last.status).toBe(409);
    const second = await account('admin', systemRoleIds.Admin);
    const gone = await local.api.call('profile.deleteAccount', {
      token: second.token,
      body: { confirm: 'DELETE' },
    });
    expect(gone.status).toBe(200);
    const stillLast = await local.api.call('profile.deleteAccount', {
      token: people.admin().token,
      body: { confirm: 'DELETE' },
    });
    expect(stillLast.status).toBe(409);
  });
});

describe('my profile (spec 000 section 6)', () => {
  it('shows a student the parts their role holds, and writes the account and the permitted details', async () => {
    const student = await account('student', systemRoleIds.Student);
    const mine = await local.api.call<Json>('profile.get', { token: student.token });
    expect(mine.status).toBe(200);
    expect(mine.body.access).toEqual({
      edit: true,
      visible: ['curriculum', 'examDate', 'parentDetails', 'plans', 'paymentHistory', 'billingEmail'],
      // Plans and payment history are read, never written, through the profile.
      writable: ['curriculum', 'examDate', 'parentDetails', 'billingEmail'],
    });
    expect(mine.body.notes).toBeUndefined();
    const updated = await local.api.call<Json>('profile.update', {
      token: student.token,
      body: {
        firstname: 'Patricia',
        phone: '+65 9123 4567',
        country: 'MY',
        timezone: 'Asia/Kuala_Lumpur',
        examDate: '2031-10-01',
        parentDetails: { name: 'Mum', phone: '+65 9000 0000' },
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      firstname: 'Patricia',
      phone: '+65 9123 4567',
      country: 'MY',
      timezone: 'Asia/Kuala_Lumpur',
      details: { examDate: '2031-10-01', parentDetails: { name: 'Mum', phone: '+65 9000 0000' } },
    });
  });

  it('refuses a change naming a part the caller may not write, naming the parts, and changes nothing', async () => {
    const student = await account('student', systemRoleIds.Student);
    const refused = await local.api.call<Json>('profile.update', {
      token: student.token,
      body: {
        firstname: 'Changed',
        adminTag: 'VIP',
        tutorDetails: { tutorTypes: [], strengths: [], levels: [] },
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to change: adminTag, tutorDetails');
    const mine = await local.api.call<Json>('profile.get', { token: student.token });
    expect(mine.body.firstname).toBe('Pat');
    const experience = await local.api.call<Json>('profile.experiences.create', {
      token: student.token,
      body: { title: 'x', organisation: 'y', startMonth: '2020-01' },
    });
    expect(experience.status).toBe(403);
    expect(experience.body.message).toBe('You do not have permission to change: experiences');
  });

  it("lets a tutor keep their own sub-records; another user's entry id is a 404", async () => {
    const tutor = await account('tutor', systemRoleIds.Tutor);
    const other = await account('tutor', systemRoleIds.Tutor);
    const created = await local.api.call<Json>('profile.qualifications.create', {
      token: tutor.token,
      body: { title: 'BSc Mathematics', institution: 'NUS', year: 2015 },
    });
    expect(created.status).toBe(200);
    const [qualification] = created.body.qualifications;
    const stolen = await local.api.call<Json>('profile.qualifications.delete', {
      token: other.token,
      params: { entryId: qualification._id },
    });
    expect(stolen.status).toBe(404);
    const mine = await local.api.call<Json>('profile.get', { token: tutor.token });
    expect(mine.body.qualifications).toEqual([qualification]);
  });
});

/**
 * A value for each part, written through the route that writes it (the money tabs, read-only some of them
 * and under admin settings too, are tried in profile-money.test.ts).
 */
type SweptPart = Exclude<ProfilePart, ProfileMoneyPart>;
const sweptParts = profileParts.filter(
  (part): part is SweptPart => !(profileMoneyParts as readonly string[]).includes(part),
);
const partWrite: Record<SweptPart, { type: UserType; route: 'update' | 'entry' | 'subjects'; body: Json }> = {
  dateOfBirth: { type: 'student', route: 'update', body: { dateOfBirth: '2010-02-03' } },
  nationality: { type: 'student', route: 'update', body: { nationality: 'SG' } },
  emergencyNumber: { type: 'tutor', route: 'update', body: { emergencyNumber: '+65 6000 0000' } },
  curriculum: { type: 'student', route: 'update', body: { curriculum: 'Cambridge IGCSE' } },
  examDate: { type: 'student', route: 'update', body: { examDate: '2032-05-05' } },
  adminTag: { type: 'parent', route: 'update', body: { adminTag: 'Gold' } },
  classStatement: { type: 'student', route: 'update', body: { classStatement: 'Works hard' } },
  msTeamsEmail: { type: 'tutor', route: 'update', body: { msTeamsEmail: 'teams@example.com' } },
  parentDetails: { type: 'student', route: 'update', body: { parentDetails: { name: 'Dad' } } },
  tutorDetails: {
    type: 'tutor',
    route: 'update',
    body: {
      tutorDetails: { tutorTypes: ['Full-time Tutor'], strengths: ['Patient'], levels: ['Grade 9'] },
    },
  },
  experiences: {
    type: 'tutor',
    route: 'entry',
    body: { title: 'Tutor', organisation: 'A', startMonth: '2019-01' },
  },
  qualifications: { type: 'tutor', route: 'entry', body: { title: 'BSc', institution: 'NUS' } },
  achievements: { type: 'student', route: 'entry', body: { title: 'Olympiad medal', year: 2024 } },
  languages: { type: 'tutor', route: 'entry', body: { language: 'Malay', proficiency: 'Native' } },
  subjects: {
    type: 'student',
    route: 'subjects',
    body: { curriculum: 'Cambridge IGCSE', subject: 'Biology', grade: 'Grade 9' },
  },
};
const partPermission = (part: SweptPart) =>
  ['experiences', 'achievements', 'languages'].includes(part) ? 'qualifications' : part;
const roleOfType: Record<UserType, string> = {
  student: systemRoleIds.Student,
  parent: systemRoleIds.Student,
  tutor: systemRoleIds.Tutor,
  admin: systemRoleIds.Admin,
  guest: systemRoleIds.Guest,
};

/** Writes the part through the admin's or one's own routes; the answer, and what it should show. */
async function writePart(part: SweptPart, session: Session, target: { own: boolean; id: string }) {
  const { route, body } = partWrite[part];
  const prefix = target.own ? 'profile' : 'adminUsers';
  const params: Record<string, string> = target.own ? {} : { id: target.id };
  const routeId =
    route === 'update'
      ? `${prefix}.update`
      : route === 'subjects'
        ? `${prefix}.subjects.add`
        : `${prefix}.${part}.create`;
  return local.api.call<Json>(routeId, { token: session.token, params, body });
}

function shown(part: SweptPart, answer: Json): boolean {
  return partWrite[part].route === 'update' ? part in answer.details : Array.isArray(answer[part]);
}

describe('each profile part against its permission: shown and writable with it, hidden and refused without it', () => {
  it.each(sweptParts.map((part) => [part]))("%s, on a user's profile (admin users)", async (part) => {
    const { type } = partWrite[part];
    const target = await account(type, roleOfType[type]);
    // The full admin writes the part first, so "hidden" hides something.
    const seeded = await writePart(part, people.admin(), { own: false, id: target.userId });
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
    const others = permissionCatalogue.profile.filter((action) => action !== partPermission(part));
    const withIt = await account(
      'admin',
      await role('admin', { adminUsers: ['view', 'edit'], profile: [partPermission(part)] }),
    );
    const without = await account(
      'admin',
      await role('admin', { adminUsers: ['view', 'edit'], profile: others }),
    );

    const seen = await local.api.call<Json>('adminUsers.get', {
      token: withIt.token,
      params: { id: target.userId },
    });
    expect(seen.body.access.visible).toContain(part);
    expect(seen.body.access.writable).toContain(part);
    expect(shown(part, seen.body)).toBe(true);
    if (partWrite[part].route !== 'subjects') {
      const written = await writePart(part, withIt, { own: false, id: target.userId });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
    }

    const hidden = await local.api.call<Json>('adminUsers.get', {
      token: without.token,
      params: { id: target.userId },
    });
    expect(hidden.body.access.visible).not.toContain(part);
    expect(shown(part, hidden.body)).toBe(false);
    const refused = await writePart(part, without, { own: false, id: target.userId });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(part);
  });

  it.each(sweptParts.map((part) => [part]))('%s, on my own profile', async (part) => {
    const { type } = partWrite[part];
    const others = permissionCatalogue.profile.filter((action) => action !== partPermission(part));
    const withIt = await account(
      type,
      await role('user', { profile: ['view', 'edit', partPermission(part)] }),
    );
    const without = await account(type, await role('user', { profile: others }));

    const written = await writePart(part, withIt, { own: true, id: withIt.userId });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.access.writable).toContain(part);
    expect(shown(part, written.body)).toBe(true);

    const hidden = await local.api.call<Json>('profile.get', { token: without.token });
    expect(hidden.body.access.visible).not.toContain(part);
    expect(shown(part, hidden.body)).toBe(false);
    const refused = await writePart(part, without, { own: true, id: without.userId });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(part);
  });

  it('shows nothing writable to a role that views without edit', async () => {
    const viewer = await account(
      'admin',
      await role('admin', { adminUsers: ['view'], profile: [...permissionCatalogue.profile] }),
    );
    const seen = await local.api.call<Json>('adminUsers.get', {
      token: viewer.token,
      params: { id: 'demo-tutor-1' },
    });
    expect(seen.body.access.edit).toBe(false);
    expect(seen.body.access.writable).toEqual([]);
    expect(seen.body.access.visible).toContain('tutorDetails');
  });
});

describe('deleting my account', () => {
  it('anonymises the account and keeps what others need: the lesson shows "Deleted user"', async () => {
    const parent = await account('parent', systemRoleIds.Student);
    // The built-in Student role does not hold profile.delete (a school grants it).
    const leaver = await role('user', { profile: ['view', 'edit', 'delete', 'qualifications'] });
    const student = await account('student', leaver, { firstname: 'Leaving' });
    const link = await local.api.call('adminUsers.linkAccounts', {
      token: people.admin().token,
      params: { id: parent.userId },
      body: { childIds: [student.userId] },
    });
    expect(link.status).toBe(200);
    await local.api.call('profile.languages.create', {
      token: student.token,
      body: { language: 'English', proficiency: 'Native' },
    });
    const lesson = await placeDemoLesson({
      start: 60 * 24 * (300 + Math.floor(Math.random() * 300)),
      minutes: 30,
      tutorId: 'demo-tutor-2',
      studentIds: [student.userId],
    });

    const unconfirmed = await local.api.call<Json>('profile.deleteAccount', {
      token: student.token,
      body: { confirm: 'delete' },
    });
    expect(unconfirmed.status).toBe(400);
    const deleted = await local.api.call<Json>('profile.deleteAccount', {
      token: student.token,
      body: { confirm: 'DELETE' },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ _id: student.userId });

    // Every session ends, and the password no longer signs in.
    expect((await local.api.call('profile.get', { token: student.token })).status).toBe(401);
    const signIn = await local.api.call('auth.token', {
      body: { grant_type: 'password', username: student.email, password: 'Profile-test-1' },
    });
    expect(signIn.status).toBe(400);
    // Gone from the back-office and the pickers, and from the parent's accounts.
    expect(
      (
        await local.api.call('adminUsers.get', {
          token: people.admin().token,
          params: { id: student.userId },
        })
      ).status,
    ).toBe(404);
    const picker = await local.api.call<Json>('users.adminDropdown', {
      token: people.admin().token,
      query: { name: 'Leaving', userTypes: 'student' },
    });
    expect(picker.body.docs).toEqual([]);
    const mapped = await local.api.call<Json>('users.mappedAccounts', { token: parent.token });
    expect(mapped.body.docs).toEqual([]);
    // The lesson keeps the id and shows the anonymised name.
    const read = await local.api.call<Json>('schedule.get', {
      token: people.admin().token,
      params: { sectionId: lesson._id },
    });
    expect(read.body.students).toEqual([{ _id: student.userId, firstname: 'Deleted', lastname: 'user' }]);
    // The address can sign up again.
    const again = await local.api.call('auth.signUp', {
      body: { firstname: 'Back', lastname: 'Again', email: student.email, password: 'Back-again-123' },
    });
    expect(again.status, JSON.stringify(again.body)).toBeLessThan(300);
  });
  it("leaves the tidying to the account's cleanup: profile items, a tutor's availability, the names that feedback and history keep", async () => {
    const leaver = await role('user', { profile: ['view', 'edit', 'delete', 'qualifications', 'subjects'] });
    const tutor = await account('tutor', leaver, { firstname: 'Gone' });
    await local.api.call('profile.languages.create', {
      token: tutor.token,
      body: { language: 'Tamil', proficiency: 'Native' },
    });
    const subject = { curriculum: 'Cambridge IGCSE', subject: 'Geography', grade: 'Grade 8' };
    expect((await local.api.call('profile.subjects.add', { token: tutor.token, body: subject })).status).toBe(
      200,
    );
    const lesson = await placeDemoLesson({
      start: -60 * 24 * (400 + Math.floor(Math.random() * 300)),
      minutes: 30,
      tutorId: tutor.userId,
      studentIds: ['demo-student-1'],
    });
    const sam = await local.api.signIn(demo.student.email, demo.student.password);
    const feedback = await local.api.call<Json>('tutorFeedbacks.create', {
      token: sam.token,
      body: { section: lesson._id, rating: 4 },
    });
    expect(feedback.status, JSON.stringify(feedback.body)).toBe(201);
    await insertLessonHistory(
      'demo',
      toLessonHistory(
        lesson,
        undefined,
        [{ _id: tutor.userId, firstname: 'Gone', lastname: 'tutor' }],
        lesson.end,
      ),
    );

    const deleted = await local.api.call('profile.deleteAccount', {
      token: tutor.token,
      body: { confirm: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    await local.stack.events.settled();

    const left = await queryItems(
      keyConditionQuery({ partition: `T#demo#USER#${tutor.userId}`, sortKey: { beginsWith: 'PROFILE#' } }),
    );
    expect(left).toEqual([]);
    expect(await getAvailability('demo', tutor.userId)).toBeUndefined();
    expect(await tutorsTeaching('demo', subject)).not.toContain(tutor.userId);
    const history = await local.api.call<Json>('lessonHistory.get', {
      token: people.admin().token,
      params: { id: lesson._id },
    });
    expect(history.body.tutor).toEqual({ _id: tutor.userId, firstname: 'Deleted', lastname: 'user' });
    const given = await local.api.call<Json>('tutorFeedbacks.list', {
      token: people.admin().token,
      query: { section: lesson._id },
    });
    expect(given.body.docs[0]?.tutor).toEqual({ _id: tutor.userId, firstname: 'Deleted', lastname: 'user' });
  });
});
