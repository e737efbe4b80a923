import { beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../functions/lib/tokens';
import { putUserMapper } from '../../../functions/repositories/user-mappers';
import { createUser } from '../../../functions/repositories/users';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { FAMILY_HOMEWORK_OVERDUE_DAYS } from '../../../shared/rules/family-overview';
import { apiClient, demo } from '../../support/api-client';
import { minutesFromNow, placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

/**
 * A parent's home (GET /family/overview, #16 item 13): the demo parent (Pat) is linked to Sam (student1) and
 * Maya (student2); Leo (student3) is on no mapper. Sam is in the seeded IGCSE Mathematics course with Tom,
 * whose four weekly lessons start next Tuesday.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;

const MATHS = 'course-demo-igcse-maths';
const SAM = 'demo-student-1';
const MAYA = 'demo-student-2';
const DAY_MINUTES = 24 * 60;
const inDays = (days: number) => minutesFromNow(days * DAY_MINUTES);

let parent: Session;
let admin: Session;
let tom: Session;
let sam: Session;
let maya: Session;
let lessonUnderWay: string;
let chemistry: string;
let draft: string;
const homework: Record<string, string> = {};
let studiedSubTopic: string;

const overview = (session: Session, query: Json = {}, tenant?: string) =>
  local.api.call<Json>('family.overview', { ...session, query, ...(tenant ? { tenant } : {}) });
const childOf = (body: Json, id: string) => body.children.find((c: Json) => c.child._id === id);

async function course(title: string, status: 'ACTIVE' | 'DRAFT'): Promise<string> {
  const created = await local.api.call<Json>('courses.adminCreate', {
    ...admin,
    body: { title, curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 9', status },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body._id as string;
  for (const [route, body] of [
    ['courseTutors.create', { course: id, tutor: 'demo-tutor-2', type: 'PRIMARY' }],
    ['courseStudents.create', { course: id, student: MAYA, type: 'SUBSCRIPTION' }],
  ] as const) {
    const added = await local.api.call<Json>(route, { ...admin, body });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  return id;
}

async function setHomework(by: Session, courseId: string, title: string, dueAt: string | null) {
  const made = await local.api.call<Json>('homeworks.create', {
    ...by,
    body: { course: courseId, title, homework: { instructions: 'Questions 1-6', dueAt } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  homework[title] = made.body._id;
}

beforeAll(async () => {
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);

  // Sam: a lesson under way (Join open), homework due, overdue, handed in, long past and without a due time.
  lessonUnderWay = (
    await placeLesson('demo', {
      course: MATHS,
      start: minutesFromNow(-10),
      minutes: 60,
      tutorId: 'demo-tutor-1',
      studentIds: [SAM],
      title: 'Revision now',
    })
  )._id;
  await setHomework(tom, MATHS, 'Due tomorrow', inDays(1));
  await setHomework(tom, MATHS, 'Overdue', inDays(-2));
  await setHomework(tom, MATHS, 'Long past', inDays(-FAMILY_HOMEWORK_OVERDUE_DAYS - 1));
  await setHomework(tom, MATHS, 'Handed in', inDays(3));
  await setHomework(tom, MATHS, 'Whenever', null);
  const handedIn = await local.api.call<Json>('homework.submit', {
    ...sam,
    body: { section: homework['Handed in'], text: 'Done' },
  });
  expect(handedIn.status).toBe(201);

  // Sam studies a sub-topic of IGCSE Mathematics.
  const topics = await local.api.call<{ docs: Array<{ subTopics: Array<{ _id: string }> }> }>(
    'topics.getTopics',
    { body: { subjectCode: '0580' } },
  );
  studiedSubTopic = topics.body.docs[0]!.subTopics[0]!._id;
  const studied = await local.api.call<Json>('progress.record', {
    ...sam,
    body: { subTopicId: studiedSubTopic, pageNo: 1, score: 72 },
  });
  expect(studied.status, JSON.stringify(studied.body)).toBe(200);

  // Maya: Chemistry with Grace (a lesson in two days, homework), and a draft course she must not see yet.
  chemistry = await course('IGCSE Chemistry with Grace', 'ACTIVE');
  draft = await course('Chemistry being prepared', 'DRAFT');
  const grace = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
  await setHomework(grace, chemistry, 'Chemistry homework', inDays(4));
  await setHomework(grace, draft, 'Draft homework', inDays(4));
  for (const [courseId, title, days] of [
    [chemistry, 'Chemistry lesson', 2],
    [draft, 'Draft lesson', 1],
  ] as const) {
    await placeLesson('demo', {
      course: courseId,
      start: inDays(days),
      minutes: 60,
      tutorId: 'demo-tutor-2',
      studentIds: [MAYA],
      title,
    });
  }
});

describe('a parent with two children (GET /family/overview)', () => {
  it('answers both children: next lessons, homework due and recent progress', async () => {
    const { status, body } = await overview(parent);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.children.map((c: Json) => c.child)).toEqual([
      { _id: SAM, firstname: 'Sam', lastname: 'Student' },
      { _id: MAYA, firstname: 'Maya', lastname: 'Student' },
    ]);

    const samHome = childOf(body, SAM);
    // The lesson under way first, Join open; then the seeded weekly lessons with Tom, not joinable yet.
    expect(samHome.lessons[0]).toMatchObject({
      sectionId: lessonUnderWay,
      title: 'Revision now',
      status: 'ACTIVE',
      joinOpen: true,
      tutor: { _id: 'demo-tutor-1', firstname: 'Tom' },
    });
    expect(samHome.lessons.length).toBe(5);
    for (const lesson of samHome.lessons.slice(1)) {
      expect(lesson).toMatchObject({ courseId: MATHS, joinOpen: false, tutor: { firstname: 'Tom' } });
      expect(Date.parse(lesson.start)).toBeGreaterThan(Date.now());
    }
    const starts = samHome.lessons.map((l: Json) => l.start);
    expect(starts).toEqual([...starts].sort());

    expect(samHome.homework.map((h: Json) => [h.title, h.overdue])).toEqual([
      ['Overdue', true],
      ['Due tomorrow', false],
    ]);
    expect(samHome.homework[0]).toMatchObject({
      sectionId: homework.Overdue,
      courseId: MATHS,
      courseTitle: 'IGCSE Mathematics (Grade 10)',
    });

    expect(samHome.progress).toHaveLength(1);
    expect(samHome.progress[0]).toMatchObject({
      subTopicId: studiedSubTopic,
      subjectName: 'Mathematics',
      curriculum: 'Cambridge IGCSE',
      status: 'IN_PROGRESS',
      bestScore: 72,
      band: 'Good',
    });
    expect(samHome.progress[0].subTopicName.length).toBeGreaterThan(0);

    const mayaHome = childOf(body, MAYA);
    // A draft course's lessons and homework are not the family's to see yet.
    expect(mayaHome.lessons.map((l: Json) => [l.title, l.courseTitle, l.tutor?.firstname])).toEqual([
      ['Chemistry lesson', 'IGCSE Chemistry with Grace', 'Grace'],
    ]);
    expect(mayaHome.homework.map((h: Json) => [h.title, h.courseTitle])).toEqual([
      ['Chemistry homework', 'IGCSE Chemistry with Grace'],
    ]);
    expect(mayaHome.progress).toEqual([]);
  });

  it("is the parent's way to a child's course: the course's own page is its members'", async () => {
    // Why the portal opens a child's course page in the child's account ("Open as Sam").
    const direct = await local.api.call<Json>('courses.get', { ...parent, params: { id: MATHS } });
    expect(direct.status).toBe(404);
  });

  it('answers one child when asked for that child only', async () => {
    const { status, body } = await overview(parent, { childId: MAYA });
    expect(status).toBe(200);
    expect(body.children.map((c: Json) => c.child._id)).toEqual([MAYA]);
  });

  it("refuses a child who is not the parent's with a 403", async () => {
    for (const childId of ['demo-student-3', 'demo-tutor-1', 'demo-parent', 'no-such-user']) {
      const { status, body } = await overview(parent, { childId });
      expect(status, childId).toBe(403);
      expect(body.message).toBe('This account is not one of your children');
    }
  });

  it('answers bad input with a 400 naming the problem', async () => {
    const empty = await overview(parent, { childId: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('childId names a child');
    const unknown = await overview(parent, { studentId: SAM });
    expect(unknown.status).toBe(400);
    expect(typeof unknown.body.message).toBe('string');
    const long = await overview(parent, { childId: 'x'.repeat(65) });
    expect(long.status).toBe(400);
  });
});

describe('nobody else reaches the children through it', () => {
  it('a student, a tutor and an admin get a 403, whichever child they name', async () => {
    for (const session of [sam, maya, tom, admin]) {
      for (const query of [{}, { childId: SAM }, { childId: MAYA }]) {
        const { status, body } = await overview(session, query);
        expect(status, `${session.userId} ${JSON.stringify(query)}`).toBe(403);
        expect(JSON.stringify(body)).not.toContain('Revision now');
      }
    }
  });

  it('a child the parent switched into gets a 403: the page is the parent’s', async () => {
    const switched = await local.api.call<Json>('users.switchAccount', { ...parent, body: { userId: SAM } });
    expect(switched.status).toBe(200);
    const asSam = { token: switched.body.access_token, userId: SAM };
    expect((await overview(asSam)).status).toBe(403);
    expect((await overview(asSam, { childId: MAYA })).status).toBe(403);
  });

  it('another parent sees only their own child, and a parent with no child linked sees none', async () => {
    // Prepare: a second family, Leo's parent; and a parent whose children are not linked yet.
    const other = await createUser('demo', {
      firstname: 'Olga',
      lastname: 'Other',
      email: 'olga.other@example.test',
      type: 'parent',
      roleId: systemRoleIds.Student,
      passwordHash: 'not-used',
    });
    await putUserMapper('demo', {
      _id: 'mapper-olga',
      parentId: other._id,
      userIds: [other._id, 'demo-student-3'],
      createdAt: new Date().toISOString(),
    });
    const lonely = await createUser('demo', {
      firstname: 'Lone',
      lastname: 'Parent',
      email: 'lone.parent@example.test',
      type: 'parent',
      roleId: systemRoleIds.Student,
      passwordHash: 'not-used',
    });
    const olga = { token: (await issueToken({ sub: other._id, tid: 'demo' })).token, userId: other._id };
    const lone = { token: (await issueToken({ sub: lonely._id, tid: 'demo' })).token, userId: lonely._id };

    // Act & Assess
    const own = await overview(olga);
    expect(own.status).toBe(200);
    expect(own.body.children.map((c: Json) => c.child._id)).toEqual(['demo-student-3']);
    for (const childId of [SAM, MAYA]) expect((await overview(olga, { childId })).status).toBe(403);
    const none = await overview(lone);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ children: [] });
  });

  it("another tenant's parent reaches none of them; the demo parent's token is no good there", async () => {
    const north = await createUser('northwind', {
      firstname: 'Nina',
      lastname: 'North',
      email: 'nina.north@example.test',
      type: 'parent',
      roleId: systemRoleIds.Student,
      passwordHash: 'not-used',
    });
    await putUserMapper('northwind', {
      _id: 'mapper-nina',
      parentId: north._id,
      userIds: [north._id, 'north-student'],
      createdAt: new Date().toISOString(),
    });
    const nina = { token: (await issueToken({ sub: north._id, tid: 'northwind' })).token, userId: north._id };
    const northwind = apiClient(local.stack.apiUrl, { tenant: 'northwind' });

    const own = await northwind.call<Json>('family.overview', { ...nina, query: {} });
    expect(own.status).toBe(200);
    expect(own.body.children.map((c: Json) => c.child._id)).toEqual(['north-student']);
    expect(JSON.stringify(own.body)).not.toContain('Revision now');
    expect((await northwind.call('family.overview', { ...nina, query: { childId: SAM } })).status).toBe(403);
    expect((await overview(parent, {}, 'northwind')).status).toBe(401);
  });
});
