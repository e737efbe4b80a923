import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Person = { _id: string; firstname: string; lastname: string; email: string; type: string };
type Page = { totalDocs: number; limit: number; offset: number; docs: Person[] };
let admin: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
});

describe('GET /admin/users/dropdown (the back-office people pickers)', () => {
  it('lists the tutors in name order, without admins, students or private fields', async () => {
    // Act
    const { status, body } = await local.api.call<Page>('users.adminDropdown', {
      ...admin,
      query: { userTypes: 'tutor', limit: 100 },
    });

    // Assess
    expect(status).toBe(200);
    expect(body.docs.map((u) => u._id)).toEqual(['demo-tutor-2', 'demo-tutor-3', 'demo-tutor-1']);
    expect(body.totalDocs).toBe(3);
    expect(body.docs[0]).toEqual({
      _id: 'demo-tutor-2',
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'tutor2@demo.test',
      type: 'tutor',
    });
  });

  it('matches any part of the name or e-mail, across both types, and pages', async () => {
    const byLastName = await local.api.call<Page>('users.adminDropdown', {
      ...admin,
      query: { name: ' STUDENT ', userTypes: 'student,tutor' },
    });
    expect(byLastName.status, JSON.stringify(byLastName.body)).toBe(200);
    // Sam and Maya by last name, Leo by his e-mail (student3@...); no tutor matches.
    expect(byLastName.body.docs.map((u) => u._id).sort()).toEqual([
      'demo-student-1',
      'demo-student-2',
      'demo-student-3',
    ]);
    const fullName = await local.api.call<Page>('users.adminDropdown', {
      ...admin,
      query: { name: 'maya   student', userTypes: 'student,tutor' },
    });
    expect(fullName.body.docs.map((u) => u._id)).toEqual(['demo-student-2']);

    const byEmail = await local.api.call<Page>('users.adminDropdown', {
      ...admin,
      query: { name: 'tutor1@', userTypes: 'student,tutor' },
    });
    expect(byEmail.body.docs.map((u) => u._id)).toEqual(['demo-tutor-1']);

    // The three demo students (their parent is a parent, not a student), two a page.
    const second = await local.api.call<Page>('users.adminDropdown', {
      ...admin,
      query: { userTypes: 'student', limit: 2, offset: 2 },
    });
    expect(second.body).toMatchObject({ limit: 2, offset: 2 });
    expect(second.body.docs).toHaveLength(1);
    expect(second.body.totalDocs).toBe(3);
  });

  it('lists someone who signed up just now', async () => {
    // Prepare
    const email = `picker-${Date.now()}@example.test`;
    const signUp = await local.api.call('auth.signUp', {
      body: { firstname: 'Zelda', lastname: 'Zebra', email, password: 'Picker-pass-1' },
    });
    expect(signUp.status).toBe(201);

    // Act
    const { body } = await local.api.call<Page>('users.adminDropdown', {
      ...admin,
      query: { name: 'zelda zeb', userTypes: 'student' },
    });

    // Assess
    expect(body.docs.map((u) => u.email)).toEqual([email]);
  });

  it('refuses unknown user types with a 400 that says why', async () => {
    const { status, body } = await local.api.call<{ message: string }>('users.adminDropdown', {
      ...admin,
      query: { userTypes: 'tutor,admin' },
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('Unknown user type');
  });

  it('never lists another tenant’s people', async () => {
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    const { body } = await apiClient(local.stack.apiUrl, { tenant: 'northwind' }).call<Page>(
      'users.adminDropdown',
      { ...northwindAdmin, query: { userTypes: 'student,tutor', limit: 100 } },
    );
    expect(body.docs.map((u) => u._id)).toEqual(['north-student']);
  });

  it('is closed to a student', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const { status } = await local.api.call('users.adminDropdown', { ...student, query: {} });
    expect(status).toBe(403);
  });
});
