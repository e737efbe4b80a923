import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TUTOR_ROLE_ID } from '../../../shared/schemas/tutor-role';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor2: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor2 = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
});

async function newCourse(title: string): Promise<string> {
  const course = await local.api.call<Json>('courses.adminCreate', {
    ...admin,
    body: { title, curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 9', type: 'Group' },
  });
  expect(course.status).toBe(201);
  return course.body._id;
}

async function newTutorRole(name: string, permissions: Json): Promise<string> {
  const created = await local.api.call<Json>('tutor-roles.create', { ...admin, body: { name, permissions } });
  expect(created.status).toBe(201);
  return created.body._id;
}

describe('tutor roles (spec 001 "Tutor roles (admin)")', () => {
  it('starts every tenant with the Editor role, every feature mode on, which cannot be deleted', async () => {
    const list = await local.api.call<Json>('tutor-roles.list', { ...admin, query: { limit: 50 } });
    expect(list.status).toBe(200);
    const editor = list.body.docs.find((role: Json) => role._id === DEFAULT_TUTOR_ROLE_ID);
    expect(editor).toMatchObject({
      name: 'Editor',
      isDefault: true,
      permissions: {
        courseView: true,
        courseEdit: true,
        sectionCreate: true,
        sectionEdit: true,
        teamsCreate: true,
        zoomCreate: true,
        resourceCreate: true,
      },
    });
    const check = await local.api.call<Json>('tutor-roles.verifyDelete', {
      ...admin,
      params: { id: DEFAULT_TUTOR_ROLE_ID },
    });
    expect(check.body).toMatchObject({
      canDelete: false,
      message: 'Editor is the default tutor role and cannot be deleted',
    });
    const removed = await local.api.call('tutor-roles.delete', {
      ...admin,
      params: { id: DEFAULT_TUTOR_ROLE_ID },
    });
    expect(removed.status).toBe(409);
  });

  it('creates, renames and deletes a role, its name unique ignoring case and spacing', async () => {
    const id = await newTutorRole('Marker', { courseView: true });
    const read = await local.api.call<Json>('tutor-roles.get', { ...admin, params: { id } });
    expect(read.body).toMatchObject({ name: 'Marker', permissions: { courseView: true } });
    const clash = await local.api.call<Json>('tutor-roles.create', {
      ...admin,
      body: { name: '  MARKER ', permissions: {} },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('A tutor role named Marker already exists');
    const unknownMode = await local.api.call<Json>('tutor-roles.create', {
      ...admin,
      body: { name: 'Typist', permissions: { courseDelete: true } },
    });
    expect(unknownMode.status).toBe(400);
    const renamed = await local.api.call<Json>('tutor-roles.update', {
      ...admin,
      params: { id },
      body: { name: 'Homework marker', permissions: { courseView: true, sectionEdit: true } },
    });
    expect(renamed.body).toMatchObject({ name: 'Homework marker', permissions: { sectionEdit: true } });
    expect((await local.api.call('tutor-roles.delete', { ...admin, params: { id } })).status).toBe(200);
    expect((await local.api.call('tutor-roles.get', { ...admin, params: { id } })).status).toBe(404);
  });

  it('is for the back-office: a tutor cannot list or create roles', async () => {
    expect((await local.api.call('tutor-roles.list', { ...tutor2 })).status).toBe(403);
    expect(
      (await local.api.call('tutor-roles.create', { ...tutor2, body: { name: 'Mine', permissions: {} } }))
        .status,
    ).toBe(403);
  });
});

describe('a course tutor acts within the tutor role they hold on the course', () => {
  it('refuses what the role leaves off, on the server, and allows it once the role changes', async () => {
    const courseId = await newCourse('Chemistry with a viewer tutor');
    const viewer = await newTutorRole('Viewer', { courseView: true });
    const added = await local.api.call<Json>('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2', tutorRoleId: viewer },
    });
    expect(added.status).toBe(201);
    expect(added.body.tutorRoleId).toBe(viewer);

    // The tutor reads the course and learns which role they hold there
    const detail = await local.api.call<Json>('courses.get', { ...tutor2, params: { id: courseId } });
    expect(detail.status).toBe(200);
    expect(detail.body.tutorRole).toMatchObject({
      _id: viewer,
      name: 'Viewer',
      permissions: { courseView: true },
    });

    // Sections, resources, homework, Zoom and Teams lessons and the course's own details are refused
    const refused = 'Your tutor role on this course (Viewer) does not allow this';
    const attempts = [
      local.api.call<Json>('sections.create', {
        ...tutor2,
        body: { course: courseId, kind: 'SECTION', title: 'Mine' },
      }),
      local.api.call<Json>('resources.create', {
        ...tutor2,
        body: { course: courseId, title: 'Notes', resource: { url: 'https://example.com/notes' } },
      }),
      local.api.call<Json>('homeworks.create', { ...tutor2, body: { course: courseId, title: 'Mine' } }),
      local.api.call<Json>('meetings.zoomCreate', {
        ...tutor2,
        body: {
          course: courseId,
          title: 'Mine',
          start: DateTime.now().plus({ days: 3 }).toISO(),
          duration: 60,
        },
      }),
      local.api.call<Json>('courses.update', {
        ...tutor2,
        params: { id: courseId },
        body: { title: 'Renamed' },
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.status).toBe(403);
    }
    // The course update is refused for a tutor who is not its primary tutor too; the others name the role
    expect((await Promise.all(attempts.slice(0, 4))).map((attempt) => attempt.body.message)).toEqual([
      refused,
      refused,
      refused,
      refused,
    ]);

    // Given the Editor role, the same tutor adds the section
    const changed = await local.api.call<Json>('courseTutors.update', {
      ...admin,
      params: { id: added.body._id },
      body: { tutorRoleId: DEFAULT_TUTOR_ROLE_ID },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.tutorRoleId).toBeUndefined();
    const section = await local.api.call<Json>('sections.create', {
      ...tutor2,
      body: { course: courseId, kind: 'SECTION', title: 'Mine' },
    });
    expect(section.status).toBe(201);
  });

  it('hides the course from a tutor whose role cannot view it', async () => {
    const courseId = await newCourse('Chemistry without a view');
    const blind = await newTutorRole('No view', { sectionCreate: true });
    await local.api.call('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2', tutorRoleId: blind },
    });
    const read = await local.api.call<Json>('courses.get', { ...tutor2, params: { id: courseId } });
    expect(read.status).toBe(403);
    expect(read.body.message).toBe('Your tutor role on this course (No view) does not allow this');
  });

  it('refuses a role that does not exist', async () => {
    const courseId = await newCourse('Chemistry with a made-up role');
    const added = await local.api.call<Json>('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2', tutorRoleId: 'no-such-role' },
    });
    expect(added.status).toBe(404);
    expect(added.body.message).toBe('Tutor role not found');
    // Nothing was written: the tutor can be added with a real role
    const again = await local.api.call('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2' },
    });
    expect(again.status).toBe(201);
  });
});

describe('a tutor role in use', () => {
  it('cannot be deleted while course tutors hold it, and can once they no longer do', async () => {
    const courseId = await newCourse('Chemistry with a held role');
    const held = await newTutorRole('Held', { courseView: true });
    const added = await local.api.call<Json>('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2', tutorRoleId: held },
    });
    const check = await local.api.call<Json>('tutor-roles.verifyDelete', { ...admin, params: { id: held } });
    expect(check.body).toMatchObject({
      canDelete: false,
      message: 'This tutor role is still used by 1 course tutor',
      references: [{ entity: 'course tutor', count: 1 }],
    });
    expect((await local.api.call('tutor-roles.delete', { ...admin, params: { id: held } })).status).toBe(409);

    await local.api.call('courseTutors.delete', { ...admin, params: { id: added.body._id } });
    const after = await local.api.call<Json>('tutor-roles.verifyDelete', { ...admin, params: { id: held } });
    expect(after.body.canDelete).toBe(true);
    expect((await local.api.call('tutor-roles.delete', { ...admin, params: { id: held } })).status).toBe(200);
  });

  it('holds its count under racing assignments and a delete: never deleted while held', async () => {
    const held = await newTutorRole('Raced', { courseView: true });
    const courses = await Promise.all(Array.from({ length: 6 }, (_, i) => newCourse(`Raced course ${i}`)));
    const results = await Promise.all([
      ...courses.map((course) =>
        local.api.call<Json>('courseTutors.create', {
          ...admin,
          body: { course, tutor: 'demo-tutor-2', tutorRoleId: held },
        }),
      ),
      local.api.call<Json>('tutor-roles.delete', { ...admin, params: { id: held } }),
    ]);
    const assigned = results.slice(0, courses.length).filter((result) => result.status === 201).length;
    const deleted = results[courses.length]?.status === 200;
    const role = await local.api.call<Json>('tutor-roles.get', { ...admin, params: { id: held } });
    if (deleted) {
      // The delete won: every assignment after it was refused, and none before it could have been made
      expect(assigned).toBe(0);
      expect(role.status).toBe(404);
    } else {
      expect(role.body.holders).toBe(assigned);
    }
  });
});
