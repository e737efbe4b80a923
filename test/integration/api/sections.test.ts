import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let maya: Session;
let grace: Session;
const COURSE = 'course-demo-igcse-maths';

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
  grace = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
});

const titles = (nodes: Json[]): string[] => nodes.map((n) => n.title);

describe('sections, resources and homework', () => {
  it('builds a tree in sortingKey order, hides tutor-only sections from students, and moves nodes', async () => {
    const unit = await local.api.call<Json>('sections.adminCreate', {
      ...admin,
      body: { course: COURSE, kind: 'SECTION', title: 'Unit 1: Number' },
    });
    expect(unit.status).toBe(201);
    const notes = await local.api.call<Json>('resources.adminCreate', {
      ...admin,
      body: {
        course: COURSE,
        parent: unit.body._id,
        title: 'Fractions notes',
        resource: { url: 'https://example.com/fractions.pdf' },
      },
    });
    expect(notes.body).toMatchObject({ kind: 'RESOURCE', sortingKey: 1 });
    const guide = await local.api.call<Json>('sections.adminCreate', {
      ...admin,
      body: {
        course: COURSE,
        parent: unit.body._id,
        kind: 'SECTION',
        title: 'Marking guide',
        audience: 'TUTOR',
      },
    });
    const byTutor = await local.api.call<Json>('resources.create', {
      ...tutor,
      body: {
        course: COURSE,
        parent: unit.body._id,
        title: 'Worked examples',
        resource: { url: 'https://example.com/w' },
      },
    });
    expect(byTutor.status).toBe(201);

    const asSam = await local.api.call<Json>('courses.get', {
      ...sam,
      params: { id: COURSE },
      query: { subSections: '1' },
    });
    const samUnit = asSam.body.sections.find((s: Json) => s._id === unit.body._id);
    expect(titles(samUnit.sections)).toEqual(['Fractions notes', 'Worked examples']);
    const hidden = await local.api.call('sections.get', { ...sam, params: { id: guide.body._id } });
    expect(hidden.status).toBe(404);

    const moved = await local.api.call<Json>('sections.adminUpdate', {
      ...admin,
      params: { id: byTutor.body._id },
      body: { sortingKey: 0 },
    });
    expect(moved.status).toBe(200);
    const tree = await local.api.call<Json>('sections.adminList', { ...admin, query: { course: COURSE } });
    const adminUnit = tree.body.docs.find((s: Json) => s._id === unit.body._id);
    expect(titles(adminUnit.sections)).toEqual(['Worked examples', 'Fractions notes', 'Marking guide']);

    const badParent = await local.api.call<Json>('sections.adminUpdate', {
      ...admin,
      params: { id: notes.body._id },
      body: { parent: notes.body._id },
    });
    expect(badParent.status).toBe(400);
    const byStudent = await local.api.call('sections.create', {
      ...sam,
      body: { course: COURSE, kind: 'SECTION', title: 'Mine' },
    });
    expect(byStudent.status).toBe(403);
    const noFile = await local.api.call<Json>('resources.adminCreate', {
      ...admin,
      body: { course: COURSE, title: 'Empty' },
    });
    expect(noFile.status).toBe(400);
  });

  it('refuses a section, resource or homework under a course that does not exist, and stores nothing', async () => {
    // Act
    const answers = await Promise.all([
      local.api.call<Json>('sections.adminCreate', {
        ...admin,
        body: { course: 'no-such-course', kind: 'SECTION', title: 'Orphan' },
      }),
      local.api.call<Json>('resources.adminCreate', {
        ...admin,
        body: {
          course: 'no-such-course',
          title: 'Orphan notes',
          resource: { url: 'https://example.com/a.pdf' },
        },
      }),
      local.api.call<Json>('sections.adminCreate', {
        ...admin,
        body: { course: 'no-such-course', kind: 'HOMEWORK', title: 'Orphan homework' },
      }),
    ]);

    // Assess
    for (const { status, body } of answers) {
      expect(status, JSON.stringify(body)).toBe(404);
      expect(body.message).toBe('Course not found');
    }
    const stored = await local.api.call<Json>('sections.adminList', {
      ...admin,
      query: { course: 'no-such-course' },
    });
    expect(stored.body.docs).toEqual([]);
  });

  it('takes one submission per student, lets the tutor review it, and keeps others out', async () => {
    const homework = await local.api.call<Json>('homeworks.create', {
      ...tutor,
      body: {
        course: COURSE,
        title: 'Exercise 3B',
        homework: {
          instructions: 'Questions 1-10',
          dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      },
    });
    expect(homework.body).toMatchObject({ kind: 'HOMEWORK', homework: { instructions: 'Questions 1-10' } });
    const section = homework.body._id as string;
    const submitted = await local.api.call<Json>('homework.submit', {
      ...sam,
      body: {
        section,
        text: 'My answers',
        attachments: [{ url: 'https://example.com/answers.pdf', fileName: 'answers.pdf' }],
      },
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', student: { _id: sam.userId } });
    const twice = await local.api.call('homework.submit', { ...sam, body: { section, text: 'Again' } });
    expect(twice.status).toBe(409);
    const empty = await local.api.call('homework.submit', { ...sam, body: { section } });
    expect(empty.status).toBe(400);
    const outsider = await local.api.call('homework.submit', { ...maya, body: { section, text: 'Hi' } });
    expect(outsider.status).toBe(404);

    const forTutor = await local.api.call<Json>('homework.list', { ...tutor, query: { section } });
    expect(forTutor.body.totalDocs).toBe(1);
    const selfReview = await local.api.call('homework.update', {
      ...sam,
      params: { id: submitted.body._id },
      body: { grade: 'A*' },
    });
    expect(selfReview.status).toBe(403);
    const reviewed = await local.api.call<Json>('homework.update', {
      ...tutor,
      params: { id: submitted.body._id },
      body: { feedback: 'Well done', grade: 'A', status: 'REVIEWED' },
    });
    expect(reviewed.body).toMatchObject({ status: 'REVIEWED', grade: 'A', text: 'My answers' });
    const lateEdit = await local.api.call('homework.update', {
      ...sam,
      params: { id: submitted.body._id },
      body: { text: 'Changed' },
    });
    expect(lateEdit.status).toBe(409);
    const withdraw = await local.api.call('homework.delete', { ...sam, params: { id: submitted.body._id } });
    expect(withdraw.status).toBe(409);
    const byAdmin = await local.api.call('homework.adminDelete', {
      ...admin,
      params: { id: submitted.body._id },
    });
    expect(byAdmin.status).toBe(200);
  });

  it('deletes a section with what it holds, but not while it holds an upcoming lesson', async () => {
    const unit = await local.api.call<Json>('sections.adminCreate', {
      ...admin,
      body: { course: COURSE, kind: 'SECTION', title: 'Unit 9' },
    });
    const start = new Date(Math.ceil((Date.now() + 45 * 86_400_000) / 900_000) * 900_000).toISOString();
    const lesson = await local.api.call<Json>('meetings.teamsAdminCreate', {
      ...admin,
      body: { course: COURSE, parent: unit.body._id, title: 'Unit 9 lesson', start, duration: 45 },
    });
    expect(lesson.status).toBe(201);
    const refused = await local.api.call<Json>('sections.adminDelete', {
      ...admin,
      params: { id: unit.body._id },
    });
    expect(refused.status).toBe(409);
    await local.api.call('meetings.teamsAdminCancel', {
      ...admin,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness' },
    });
    const deleted = await local.api.call('sections.adminDelete', { ...admin, params: { id: unit.body._id } });
    expect(deleted.status).toBe(200);
    const gone = await local.api.call('schedule.get', { ...admin, params: { sectionId: lesson.body._id } });
    expect(gone.status).toBe(404);
  });
});

describe("a course's content is changed by its own tutors only", () => {
  /** The four calls a tutor in tutor edit mode makes, on a course and one of its folders. */
  const tutorCalls = (course: string, folder: string) =>
    [
      ['sections.create', { body: { course, kind: 'SECTION', title: 'Week 5' } }],
      ['sections.update', { params: { id: folder }, body: { title: 'Renamed', description: 'New notes' } }],
      [
        'resources.create',
        { body: { course, parent: folder, title: 'Notes', resource: { url: 'https://example.com/n.pdf' } } },
      ],
      ['homeworks.create', { body: { course, parent: folder, title: 'Exercise 5A' } }],
    ] as const;

  it("lets the course's tutor add and edit; another course's tutor gets a 404, a student a 403", async () => {
    // Prepare: a folder in Tom's course, and a course Grace (tutor 2) teaches
    const folder = await local.api.call<Json>('sections.adminCreate', {
      ...admin,
      body: { course: COURSE, kind: 'SECTION', title: 'Unit 5: Vectors', description: 'Before' },
    });
    const graceCourse = await local.api.call<Json>('courses.adminCreate', {
      ...admin,
      body: { title: 'IGCSE Physics', curriculum: 'Cambridge IGCSE', subject: 'Physics', grade: 'Grade 10' },
    });
    await local.api.call('courseTutors.create', {
      ...admin,
      body: { course: graceCourse.body._id, tutor: 'demo-tutor-2', type: 'PRIMARY' },
    });
    const graceFolder = await local.api.call<Json>('sections.adminCreate', {
      ...admin,
      body: { course: graceCourse.body._id, kind: 'SECTION', title: 'Unit 1' },
    });

    // Act + Assess: Grace on Tom's course (it does not exist for her), Sam (a student of it), Maya (outside it)
    for (const [routeId, options] of tutorCalls(COURSE, folder.body._id)) {
      const other = await local.api.call<Json>(routeId, { ...grace, ...options });
      expect(other.status, `${routeId} by another course's tutor`).toBe(404);
      expect(other.body.message).toMatch(/not found/);
      const student = await local.api.call<Json>(routeId, { ...sam, ...options });
      expect(student.status, `${routeId} by the course's student`).toBe(403);
      const outsider = await local.api.call<Json>(routeId, { ...maya, ...options });
      expect(outsider.status, `${routeId} by a student outside the course`).toBe(404);
    }
    const untouched = await local.api.call<Json>('sections.get', {
      ...tutor,
      params: { id: folder.body._id },
    });
    expect(untouched.body).toMatchObject({ title: 'Unit 5: Vectors', description: 'Before' });

    // Act + Assess: each tutor on their own course
    for (const [routeId, options] of tutorCalls(COURSE, folder.body._id)) {
      const own = await local.api.call<Json>(routeId, { ...tutor, ...options });
      expect(own.status, `${routeId} by the course's tutor`).toBe(routeId === 'sections.update' ? 200 : 201);
    }
    for (const [routeId, options] of tutorCalls(graceCourse.body._id, graceFolder.body._id)) {
      const own = await local.api.call<Json>(routeId, { ...grace, ...options });
      expect(own.status, `${routeId} by Grace on her course`).toBe(routeId === 'sections.update' ? 200 : 201);
    }
    const edited = await local.api.call<Json>('courses.get', {
      ...sam,
      params: { id: COURSE },
      query: { subSections: '1' },
    });
    const unit = edited.body.sections.find((s: Json) => s._id === folder.body._id);
    expect(unit).toMatchObject({ title: 'Renamed', description: 'New notes' });
    expect(unit.sections.map((s: Json) => [s.kind, s.title])).toEqual([
      ['RESOURCE', 'Notes'],
      ['HOMEWORK', 'Exercise 5A'],
    ]);
  });
});

describe('moving a section', () => {
  it('refuses to move a section into itself or into one of its own sections, at any depth', async () => {
    const create = async (title: string, parent?: string) => {
      const { status, body } = await local.api.call<Json>('sections.adminCreate', {
        ...admin,
        body: { course: COURSE, kind: 'SECTION', title, ...(parent ? { parent } : {}) },
      });
      expect(status).toBe(201);
      return body._id as string;
    };
    const unit = await create('Unit 12: Algebra');
    const chapter = await create('Chapter 12.1', unit);
    const topic = await create('Topic 12.1.1', chapter);
    const elsewhere = await create('Unit 13');

    for (const [who, routeId] of [
      [admin, 'sections.adminUpdate'],
      [tutor, 'sections.update'],
    ] as const) {
      for (const parent of [unit, chapter, topic]) {
        const refused = await local.api.call<Json>(routeId, {
          ...who,
          params: { id: unit },
          body: { parent },
        });
        expect(refused.status, `${routeId} into ${parent}`).toBe(400);
        expect(refused.body.message).toBe(
          'A section cannot be moved into itself or into one of its own sections',
        );
      }
    }
    const inner = await local.api.call<Json>('sections.adminUpdate', {
      ...admin,
      params: { id: chapter },
      body: { parent: topic },
    });
    expect(inner.status).toBe(400);

    // Moving down into another branch, or up, is fine; the tree keeps every node.
    const moved = await local.api.call<Json>('sections.adminUpdate', {
      ...admin,
      params: { id: unit },
      body: { parent: elsewhere },
    });
    expect(moved.status).toBe(200);
    const up = await local.api.call<Json>('sections.adminUpdate', {
      ...admin,
      params: { id: topic },
      body: { parent: unit },
    });
    expect(up.status).toBe(200);
    const tree = await local.api.call<Json>('sections.adminList', { ...admin, query: { course: COURSE } });
    const root = tree.body.docs.find((s: Json) => s._id === elsewhere);
    expect(root.sections.map((s: Json) => s._id)).toEqual([unit]);
    expect(root.sections[0].sections.map((s: Json) => s.title)).toEqual(['Chapter 12.1', 'Topic 12.1.1']);
  });
});

describe('homework in the back-office', () => {
  it('lets a course tutor or an admin change homework, and keeps students out', async () => {
    const homework = await local.api.call<Json>('homeworks.create', {
      ...tutor,
      body: {
        course: COURSE,
        title: 'Exercise 7A',
        homework: { instructions: 'Questions 1-5', dueAt: null },
      },
    });
    expect(homework.status).toBe(201);
    const id = homework.body._id as string;
    const byTutor = await local.api.call<Json>('homeworks.update', {
      ...tutor,
      params: { id },
      body: { title: 'Exercise 7A (revised)', homework: { instructions: 'Questions 1-8', dueAt: null } },
    });
    expect(byTutor.status).toBe(200);
    expect(byTutor.body).toMatchObject({
      kind: 'HOMEWORK',
      title: 'Exercise 7A (revised)',
      homework: { instructions: 'Questions 1-8' },
    });
    const byAdmin = await local.api.call<Json>('homeworks.update', {
      ...admin,
      params: { id },
      body: { description: 'Show your working' },
    });
    expect(byAdmin.body).toMatchObject({ title: 'Exercise 7A (revised)', description: 'Show your working' });
    const bySam = await local.api.call('homeworks.update', {
      ...sam,
      params: { id },
      body: { title: 'Easy' },
    });
    expect(bySam.status).toBe(403);
    const byOtherTutor = await local.api.call('homeworks.update', {
      ...grace,
      params: { id },
      body: { title: 'Mine' },
    });
    expect(byOtherTutor.status).toBe(404);
    const notHomework = await local.api.call('homeworks.update', {
      ...admin,
      params: { id: 'lesson-demo-1' },
      body: { title: 'Renamed lesson' },
    });
    expect(notHomework.status).toBe(404);
    const read = await local.api.call<Json>('sections.get', { ...sam, params: { id } });
    expect(read.body.title).toBe('Exercise 7A (revised)');
  });

  it("lists and reviews every student's submissions for admins only", async () => {
    const homework = await local.api.call<Json>('homeworks.create', {
      ...tutor,
      body: { course: COURSE, title: 'Exercise 8B' },
    });
    const section = homework.body._id as string;
    const submitted = await local.api.call<Json>('homework.submit', {
      ...sam,
      body: { section, text: 'x = 4' },
    });
    expect(submitted.status).toBe(201);

    const all = await local.api.call<Json>('homework.adminList', { ...admin, query: { section } });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalDocs: 1, docs: [{ _id: submitted.body._id, text: 'x = 4' }] });
    const bySam = await local.api.call<Json>('homework.adminList', {
      ...admin,
      query: { section, student: sam.userId },
    });
    expect(bySam.body.totalDocs).toBe(1);
    const byOther = await local.api.call<Json>('homework.adminList', {
      ...admin,
      query: { section, student: 'demo-student-2' },
    });
    expect(byOther.body.totalDocs).toBe(0);
    const unknown = await local.api.call('homework.adminList', { ...admin, query: { section: 'no-such' } });
    expect(unknown.status).toBe(404);
    const notHomework = await local.api.call('homework.adminList', {
      ...admin,
      query: { section: 'lesson-demo-1' },
    });
    expect(notHomework.status).toBe(404);
    // Student and tutor roles hold homework view and edit for their own courses, not the admin calls.
    for (const who of [sam, tutor, maya]) {
      const listed = await local.api.call<Json>('homework.adminList', { ...who, query: { section } });
      expect(listed.status).toBe(403);
      expect(listed.body.message).toBe('Only the back-office can use the admin homework calls');
      const changed = await local.api.call('homework.adminUpdate', {
        ...who,
        params: { id: submitted.body._id },
        body: { grade: 'A*', status: 'REVIEWED' },
      });
      expect(changed.status).toBe(403);
      const removed = await local.api.call('homework.adminDelete', {
        ...who,
        params: { id: submitted.body._id },
      });
      expect(removed.status).toBe(403);
    }

    const reviewed = await local.api.call<Json>('homework.adminUpdate', {
      ...admin,
      params: { id: submitted.body._id },
      body: { feedback: 'Check the sign', grade: 'B', status: 'REVIEWED' },
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({
      status: 'REVIEWED',
      grade: 'B',
      feedback: 'Check the sign',
      text: 'x = 4',
    });
    // An admin may also correct the answer (a student no longer can once it is reviewed).
    const corrected = await local.api.call<Json>('homework.adminUpdate', {
      ...admin,
      params: { id: submitted.body._id },
      body: { text: 'x = -4' },
    });
    expect(corrected.body).toMatchObject({ text: 'x = -4', status: 'REVIEWED' });
    const seen = await local.api.call<Json>('homework.list', { ...sam, query: { section } });
    expect(seen.body.docs[0]).toMatchObject({ text: 'x = -4', grade: 'B', feedback: 'Check the sign' });
    const badStatus = await local.api.call('homework.adminUpdate', {
      ...admin,
      params: { id: submitted.body._id },
      body: { status: 'LOST' },
    });
    expect(badStatus.status).toBe(400);
    const missing = await local.api.call('homework.adminUpdate', {
      ...admin,
      params: { id: 'no-such-submission' },
      body: { grade: 'A' },
    });
    expect(missing.status).toBe(404);
  });
});
