import { beforeAll, describe, expect, it } from 'vitest';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { demo } from '../../support/api-client';
import { placeCourse } from '../../support/courses';
import { peopleFixtures } from '../../support/people';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
const people = peopleFixtures(local);
type Session = { token: string; userId: string };
type Page = { limit: number; offset: number; totalDocs: number; docs: Array<Record<string, unknown>> };

const contacts = (session: Session, query: Record<string, string | number> = {}) =>
  local.api.call<Page>('chat.users', { ...session, query });

describe('GET /chat/users: who one may start a conversation with', () => {
  let tutor: Session;
  let students: Array<Session & { email: string }>;
  let loner: Session;

  beforeAll(async () => {
    tutor = await people.account('tutor', systemRoleIds.Tutor);
    students = await Promise.all(
      Array.from({ length: 5 }, () => people.account('student', systemRoleIds.Student)),
    );
    loner = await people.account('student', systemRoleIds.Student);
    await placeCourse(
      tutor.userId,
      students.map((s) => s.userId),
    );
  });

  it("lists a user's courses' people by name, a page at a time, with only the contact fields", async () => {
    // Act
    const first = await contacts(tutor, { limit: 2 });
    const second = await contacts(tutor, { limit: 2, offset: 2 });
    const last = await contacts(tutor, { limit: 2, offset: 4 });
    const fromStudent = await contacts(students[0] ?? tutor);

    // Assess
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ limit: 2, offset: 0, totalDocs: 5 });
    const ids = [...first.body.docs, ...second.body.docs, ...last.body.docs].map((d) => d._id);
    expect(new Set(ids)).toEqual(new Set(students.map((s) => s.userId)));
    for (const doc of first.body.docs)
      expect(Object.keys(doc).sort()).toEqual(['_id', 'email', 'firstname', 'lastname', 'type']);
    expect(first.body.docs[0]).toMatchObject({ type: 'student' });
    expect(fromStudent.body.totalDocs).toBe(5);
    expect(fromStudent.body.docs.map((d) => d._id)).toContain(tutor.userId);
    expect(fromStudent.body.docs.map((d) => d._id)).not.toContain(students[0]?.userId);
  });

  it('searches by name or e-mail; someone with no course has nobody; an admin has every student and tutor', async () => {
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    const [searched, none, lonely, everyone] = await Promise.all([
      contacts(tutor, { searchText: students[1]?.email ?? '' }),
      contacts(tutor, { searchText: 'nobody-by-this-name' }),
      contacts(loner),
      contacts(admin, { searchText: 'tutor1@demo' }),
    ]);
    expect(searched.body.docs.map((d) => d._id)).toEqual([students[1]?.userId]);
    expect(none.body).toMatchObject({ totalDocs: 0, docs: [] });
    expect(lonely.body.totalDocs).toBe(0);
    expect(everyone.body.docs).toEqual([
      expect.objectContaining({ email: 'tutor1@demo.test', type: 'tutor' }),
    ]);
  });

  it('refuses guests', async () => {
    const guest = await people.account('guest', systemRoleIds.Guest);
    const answer = await contacts(guest);
    expect(answer.status).toBe(403);
  });
});
