import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsEventsOn } from '../../../functions/repositories/analytics';
import { demoTags, seedTags } from '../../../functions/seed/tags-seed';
import type { Tenant } from '../../../shared/schemas/tenant';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;

let admin: Session;
let tutor: Session;
let student: Session;
let sibling: Session;
let stranger: Session;
let parent: Session;
let northwindAdmin: Session;

/** Sub-topics of Cambridge IGCSE Mathematics (0580), found through the public catalogue. */
let linear: Json;
let simultaneous: Json;
let typesOfNumber: Json;

async function subTopicAt(path: string): Promise<Json> {
  const { body } = await local.api.call<Json>('curriculums.resolvePath', { query: { path } });
  return body.subTopic;
}

const as = (session: Session) => ({ token: session.token, userId: session.userId });

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  student = await local.api.signIn(demo.student.email, demo.student.password);
  sibling = await local.api.signIn(demo.student2.email, demo.student2.password);
  stranger = await local.api.signIn(demo.student3.email, demo.student3.password);
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
  linear = await subTopicAt('/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations');
  simultaneous = await subTopicAt('/cambridge-igcse/mathematics/algebra-and-graphs/simultaneous-equations');
  typesOfNumber = await subTopicAt('/cambridge-igcse/mathematics/number/types-of-number');
});

describe('progress', () => {
  it('records pages, scores and completion on sub-topics and rolls them up per topic and subject', async () => {
    // Act
    for (const pageNo of [1, 2, 2]) {
      const page = await local.api.call<Json>('progress.record', {
        ...as(student),
        body: { subTopicId: linear._id, pageNo },
      });
      expect(page.status).toBe(200);
    }
    await local.api.call('progress.record', { ...as(student), body: { subTopicId: linear._id, score: 80 } });
    const scored = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: linear._id, score: 55 },
    });
    const done = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: simultaneous._id, pageNo: 1, completed: true, score: 95 },
    });

    // Assess: the entry
    expect(scored.body).toMatchObject({
      userId: student.userId,
      subTopicId: linear._id,
      status: 'IN_PROGRESS',
      pagesViewed: [1, 2],
      pagesTotal: 3,
      lastPageNo: 2,
      bestScore: 80,
      attempts: 2,
    });
    expect(done.body).toMatchObject({ status: 'COMPLETED', bestScore: 95 });

    // Assess: the roll-up
    const subject = await local.api.call<Json>('progress.subject', {
      ...as(student),
      body: { subjectCode: '0580', subjectLevel: 'IGCSE' },
    });
    expect(subject.status).toBe(200);
    const algebra = subject.body.topics.find((t: Json) => t.name === 'Algebra and graphs');
    const subTopics = algebra.subTopics as Json[];
    // Linear: 2 of 3 pages = 66; simultaneous: done = 100; three others not started, of five.
    expect(subTopics.map((s) => s.percent)).toEqual([66, 100, 0, 0, 0]);
    expect(algebra).toMatchObject({
      percent: 33,
      completedSubTopics: 1,
      totalSubTopics: 5,
      averageScore: 88,
      band: 'Good',
    });
    expect(subject.body.subjectCode).toBe('0580');
    expect(subject.body.totalSubTopics).toBeGreaterThan(30);
    expect(subject.body.band).toBe('Good');

    const all = await local.api.call<Json>('progress.get', {
      ...as(student),
      params: { id: student.userId },
    });
    expect(all.body.userId).toBe(student.userId);
    expect(all.body.subjects.map((s: Json) => s.subjectCode)).toEqual(['0580']);
    expect(all.body.subjects[0].percent).toBe(subject.body.percent);

    const v2 = await local.api.call<Json>('progress.byCurriculum', {
      ...as(student),
      params: { curriculumId: 'Cambridge IGCSE' },
    });
    expect(v2.status).toBe(200);
    expect(v2.body.curriculumId).toBe('Cambridge IGCSE');
    const maths = v2.body.subjects.find((s: Json) => s.subjectCode === '0580');
    expect(maths.percent).toBe(subject.body.percent);
    expect(v2.body.subjects.length).toBeGreaterThan(1);
    expect(
      v2.body.subjects.filter((s: Json) => s.subjectCode !== '0580').every((s: Json) => s.percent === 0),
    ).toBe(true);
    const bySlug = await local.api.call<Json>('progress.byCurriculum', {
      ...as(student),
      params: { curriculumId: 'cambridge-igcse' },
    });
    expect(bySlug.body.curriculumId).toBe('Cambridge IGCSE');
    const unknownCurriculum = await local.api.call<Json>('progress.byCurriculum', {
      ...as(student),
      params: { curriculumId: 'Nowhere' },
    });
    expect(unknownCurriculum.status).toBe(404);

    // Un-marking a sub-topic takes it back to in progress.
    const undone = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: simultaneous._id, completed: false },
    });
    expect(undone.body.status).toBe('IN_PROGRESS');
    await local.api.call('progress.record', {
      ...as(student),
      body: { subTopicId: simultaneous._id, completed: true },
    });
  });

  it('refuses bad input with a 400 that says why, and an unknown sub-topic with a 404', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ subTopicId: linear._id, pageNo: 4 }, /Page 4 does not exist: this sub-topic has 3 pages/],
      [{ subTopicId: linear._id }, /Give a pageNo, a score or completed/],
      [{ subTopicId: linear._id, pageNo: 0 }, /pageNo starts at 1/],
      [{ subTopicId: linear._id, pageNo: 1.5 }, /pageNo must be a whole number/],
      [{ subTopicId: linear._id, score: 101 }, /score is a percentage from 0 to 100/],
      [{ subTopicId: linear._id, pageNo: 1, userId: 'someone' }, /Unknown field\(s\): userId/],
      [{ pageNo: 1 }, /Sub-topic is required/],
    ];
    for (const [body, message] of cases) {
      const answer = await local.api.call<Json>('progress.record', { ...as(student), body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const missing = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: 'no-such-sub-topic', pageNo: 1 },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Sub-topic not found');
    const unknownSubject = await local.api.call<Json>('progress.subject', {
      ...as(student),
      body: { subjectCode: '9999' },
    });
    expect(unknownSubject.status).toBe(404);
  });

  it('a parent reads it (a sibling does not), the tutor of the course reads it, others get a 404', async () => {
    const read = (session: Session) =>
      local.api.call<Json>('progress.get', { ...as(session), params: { id: student.userId } });
    expect((await read(parent)).status).toBe(200);
    expect((await read(parent)).body.subjects[0].subjectCode).toBe('0580');
    expect((await read(sibling)).status).toBe(404);
    expect((await read(tutor)).status).toBe(200);
    expect((await read(admin)).status).toBe(200);
    const other = await read(stranger);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Student not found');
    // Tom teaches Sam, not Leo.
    const notTaught = await local.api.call<Json>('progress.subject', {
      ...as(tutor),
      body: { userId: stranger.userId, subjectCode: '0580' },
    });
    expect(notTaught.status).toBe(404);
    const v2 = await local.api.call<Json>('progress.byCurriculum', {
      ...as(stranger),
      params: { curriculumId: 'Cambridge IGCSE' },
      query: { userId: student.userId },
    });
    expect(v2.status).toBe(404);
    // Another tenant's admin cannot reach a demo student.
    const foreign = await local.api.call<Json>('progress.get', {
      ...as(northwindAdmin),
      tenant: 'northwind',
      params: { id: student.userId },
    });
    expect(foreign.status).toBe(404);
  });

  it('only holders of resources.progress record progress (tutors do not)', async () => {
    const answer = await local.api.call<Json>('progress.record', {
      ...as(tutor),
      body: { subTopicId: linear._id, pageNo: 1 },
    });
    expect(answer.status).toBe(403);
  });

  it('concurrent page views of one sub-topic all land', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((pageNo) =>
        local.api.call<Json>('progress.record', { ...as(sibling), body: { subTopicId: linear._id, pageNo } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const subject = await local.api.call<Json>('progress.subject', {
      ...as(sibling),
      body: { subjectCode: '0580' },
    });
    const entry = subject.body.topics
      .flatMap((t: Json) => t.subTopics)
      .find((s: Json) => s.subTopicId === linear._id);
    expect(entry).toMatchObject({ pagesViewed: 3, percent: 90, status: 'IN_PROGRESS' });
  });
});

describe('learning sessions', () => {
  it('a student starts sessions, adds questions by page, and lists them newest first with load more', async () => {
    const ids: string[] = [];
    for (const subTopic of [linear, simultaneous, linear]) {
      const created = await local.api.call<Json>('sessions.create', {
        ...as(student),
        body: { subTopicId: subTopic._id },
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({
        student: student.userId,
        subTopicId: subTopic._id,
        subTopicName: subTopic.name,
        subjectCode: '0580',
        questions: [],
      });
      ids.push(created.body._id);
    }
    const asked = await local.api.call<Json>('sessions.addQuestion', {
      ...as(student),
      params: { id: ids[0]! },
      body: { pageNo: 2, question: 'Why do we do the same to both sides?' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.questions).toMatchObject([
      { pageNo: 2, question: 'Why do we do the same to both sides?' },
    ]);

    const first = await local.api.call<Json>('sessions.list', {
      ...as(student),
      body: { limit: 2, offset: 0 },
    });
    expect(first.body).toMatchObject({ limit: 2, offset: 0, totalDocs: 3 });
    expect(first.body.docs.map((d: Json) => d._id)).toEqual([ids[2], ids[1]]);
    const more = await local.api.call<Json>('sessions.list', {
      ...as(student),
      body: { limit: 2, offset: 2 },
    });
    expect(more.body.docs.map((d: Json) => d._id)).toEqual([ids[0]]);
    expect(more.body.docs[0].questions).toHaveLength(1);
    const bySubTopic = await local.api.call<Json>('sessions.list', {
      ...as(student),
      body: { subTopicId: linear._id },
    });
    expect(bySubTopic.body).toMatchObject({ totalDocs: 2, limit: 10 });
    const beyond = await local.api.call<Json>('sessions.list', { ...as(student), body: { offset: 10 } });
    expect(beyond.body).toMatchObject({ totalDocs: 3, docs: [] });

    const one = await local.api.call<Json>('sessions.get', { ...as(tutor), params: { id: ids[0]! } });
    expect(one.status).toBe(200);
    expect(one.body.questions).toHaveLength(1);
    const byParent = await local.api.call<Json>('sessions.list', {
      ...as(parent),
      body: { studentId: student.userId },
    });
    expect(byParent.body.totalDocs).toBe(3);

    // Isolation: another student neither reads nor adds to it.
    expect((await local.api.call('sessions.get', { ...as(stranger), params: { id: ids[0]! } })).status).toBe(
      404,
    );
    const foreignAdd = await local.api.call<Json>('sessions.addQuestion', {
      ...as(sibling),
      params: { id: ids[0]! },
      body: { pageNo: 1, question: 'Mine now?' },
    });
    expect(foreignAdd.status).toBe(404);
    const strangerList = await local.api.call('sessions.list', {
      ...as(stranger),
      body: { studentId: student.userId },
    });
    expect(strangerList.status).toBe(404);

    // Validation
    const badPage = await local.api.call<Json>('sessions.addQuestion', {
      ...as(student),
      params: { id: ids[1]! },
      body: { pageNo: 9, question: 'x' },
    });
    expect(badPage.status).toBe(400);
    expect(badPage.body.message).toMatch(/Page 9 does not exist/);
    const empty = await local.api.call<Json>('sessions.addQuestion', {
      ...as(student),
      params: { id: ids[1]! },
      body: { pageNo: 1, question: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Question is required/);
    const badLimit = await local.api.call<Json>('sessions.list', { ...as(student), body: { limit: 1000 } });
    expect(badLimit.status).toBe(400);
  });
});

describe('bookmarks', () => {
  it('a student bookmarks a page; the tutor bookmarks one in their lesson; both read them back', async () => {
    const own = await local.api.call<Json>('bookmarks.create', {
      ...as(student),
      body: { subTopicId: linear._id, pageNo: 3 },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      studentId: student.userId,
      tutorId: null,
      subject: '0580',
      subTopicName: 'Linear equations',
      pageNo: 3,
      lessonId: null,
    });
    expect(own.body).not.toHaveProperty('isMeetingEnded');

    const inLesson = await local.api.call<Json>('bookmarks.create', {
      ...as(tutor),
      body: { studentId: student.userId, subTopicId: simultaneous._id, pageNo: 1, lessonId: 'lesson-demo-1' },
    });
    expect(inLesson.status).toBe(200);
    expect(inLesson.body).toMatchObject({ tutorId: tutor.userId, isMeetingEnded: false });

    const studentView = await local.api.call<Json>('bookmarks.list', { ...as(student) });
    expect(studentView.body.docs.map((b: Json) => b._id)).toEqual([inLesson.body._id, own.body._id]);
    const tutorView = await local.api.call<Json>('bookmarks.list', {
      ...as(tutor),
      query: { tutorId: tutor.userId, studentId: student.userId, subject: '0580' },
    });
    expect(tutorView.body.docs.map((b: Json) => b._id)).toEqual([inLesson.body._id]);
    expect(tutorView.body.docs[0].isMeetingEnded).toBe(false);
    const otherSubject = await local.api.call<Json>('bookmarks.list', {
      ...as(student),
      query: { subject: '0625' },
    });
    expect(otherSubject.body.docs).toEqual([]);
    const parentView = await local.api.call<Json>('bookmarks.list', {
      ...as(parent),
      query: { studentId: student.userId },
    });
    expect(parentView.body.docs).toHaveLength(2);
  });

  it('refuses a tutor who does not teach the student, a lesson of other people and bad pages', async () => {
    const notTaught = await local.api.call<Json>('bookmarks.create', {
      ...as(tutor),
      body: { studentId: stranger.userId, subTopicId: linear._id, pageNo: 1 },
    });
    expect(notTaught.status).toBe(403);
    expect(notTaught.body.message).toBe('This tutor does not teach this student');
    const wrongLesson = await local.api.call<Json>('bookmarks.create', {
      ...as(stranger),
      body: { subTopicId: linear._id, pageNo: 1, lessonId: 'lesson-demo-1' },
    });
    expect(wrongLesson.status).toBe(400);
    expect(wrongLesson.body.message).toBe('This lesson is not between this tutor and this student');
    const forSomeoneElse = await local.api.call<Json>('bookmarks.create', {
      ...as(stranger),
      body: { studentId: student.userId, subTopicId: linear._id, pageNo: 1 },
    });
    expect(forSomeoneElse.status).toBe(403);
    const noStudent = await local.api.call<Json>('bookmarks.create', {
      ...as(tutor),
      body: { subTopicId: linear._id, pageNo: 1 },
    });
    expect(noStudent.status).toBe(400);
    const badPage = await local.api.call<Json>('bookmarks.create', {
      ...as(student),
      body: { subTopicId: linear._id, pageNo: 7 },
    });
    expect(badPage.status).toBe(400);
    const wrongSubject = await local.api.call<Json>('bookmarks.create', {
      ...as(student),
      body: { subTopicId: linear._id, pageNo: 1, subject: '0625' },
    });
    expect(wrongSubject.status).toBe(400);
    expect(wrongSubject.body.message).toBe('This sub-topic belongs to subject 0580, not 0625');
    const strangerReads = await local.api.call<Json>('bookmarks.list', {
      ...as(stranger),
      query: { studentId: student.userId },
    });
    expect(strangerReads.status).toBe(404);
    const otherTutor = await local.api.call<Json>('bookmarks.list', {
      ...as(stranger),
      query: { tutorId: tutor.userId },
    });
    expect(otherTutor.status).toBe(404);
  });
});

describe('onboarding', () => {
  it('stores the answers checked against the catalogue; the parent reads them, others cannot', async () => {
    const saved = await local.api.call<Json>('onboarding.save', {
      ...as(student),
      body: {
        curriculum: 'cambridge-igcse',
        grade: 'grade 10',
        subjects: ['0580', '0625', '0580'],
        goals: ['Prepare for exams'],
        examDate: '2027-05-01',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      _id: student.userId,
      curriculum: 'Cambridge IGCSE',
      grade: 'Grade 10',
      subjects: ['0580', '0625'],
      goals: ['Prepare for exams'],
      notes: '',
    });
    const again = await local.api.call<Json>('onboarding.save', {
      ...as(student),
      body: { curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: ['0580'] },
    });
    expect(again.body.createdAt).toBe(saved.body.createdAt);
    expect(again.body.subjects).toEqual(['0580']);

    const byParent = await local.api.call<Json>('onboarding.get', {
      ...as(parent),
      params: { id: student.userId },
    });
    expect(byParent.status).toBe(200);
    expect(byParent.body).toMatchObject({ subjects: ['0580'], completed: true });
    expect(
      (await local.api.call('onboarding.get', { ...as(admin), params: { id: student.userId } })).status,
    ).toBe(200);
    // Onboarding is private to the family: the tutor does not read it, nor does a stranger.
    expect(
      (await local.api.call('onboarding.get', { ...as(tutor), params: { id: student.userId } })).status,
    ).toBe(404);
    expect(
      (await local.api.call('onboarding.get', { ...as(stranger), params: { id: student.userId } })).status,
    ).toBe(404);
    const none = await local.api.call<Json>('onboarding.get', {
      ...as(stranger),
      params: { id: stranger.userId },
    });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ _id: stranger.userId, userId: stranger.userId, completed: false });
  });

  it('refuses an unknown curriculum, grade or subject, and missing fields', async () => {
    const cases: Array<[Json, RegExp]> = [
      [{ curriculum: 'Nowhere', grade: 'Grade 10', subjects: ['0580'] }, /Unknown curriculum Nowhere/],
      [
        { curriculum: 'Cambridge IGCSE', grade: 'Grade 3', subjects: ['0580'] },
        /Cambridge IGCSE has no grade Grade 3/,
      ],
      [
        { curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: ['4MA1'] },
        /Cambridge IGCSE has no subject 4MA1/,
      ],
      [{ curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: [] }, /Choose at least one subject/],
      [{ curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: ['0580'], goals: ['Fame'] }, /goals/],
      [
        { curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: ['0580'], examDate: 'soon' },
        /examDate/,
      ],
      [{ grade: 'Grade 10', subjects: ['0580'] }, /Curriculum is required/],
    ];
    for (const [body, message] of cases) {
      const answer = await local.api.call<Json>('onboarding.save', { ...as(stranger), body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });
});

describe('tags and the students list', () => {
  it('the demo tenant has its seeded tags, seeded once; northwind has none', async () => {
    // Prepare: seeding again (as every restart of the local stack does)
    const before = await local.api.call<Json>('tags.adminList', { ...as(admin), query: { limit: 100 } });
    await seedTags({ key: 'demo' } as Tenant);

    // Assess
    const after = await local.api.call<Json>('tags.adminList', { ...as(admin), query: { limit: 100 } });
    expect(after.body.totalDocs).toBe(before.body.totalDocs);
    const names = after.body.docs.map((t: Json) => t.name);
    for (const { name } of demoTags) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    const northwindTags = await local.api.call<Json>('tags.adminList', {
      ...as(northwindAdmin),
      tenant: 'northwind',
    });
    expect(northwindTags.body.totalDocs).toBe(0);
  });

  it('admins add tags (unique by name); anyone signed in finds them by name, paged', async () => {
    const seeded = (await local.api.call<Json>('tags.list', { ...as(student) })).body.totalDocs as number;
    for (const name of ['Exam focus', 'Needs support', 'Zoology club']) {
      const created = await local.api.call<Json>('tags.create', { ...as(admin), body: { name } });
      expect(created.status).toBe(201);
    }
    const duplicate = await local.api.call<Json>('tags.create', {
      ...as(admin),
      body: { name: 'exam FOCUS' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('The tag Exam focus already exists');
    const page = await local.api.call<Json>('tags.list', { ...as(student), query: { limit: 2, offset: 0 } });
    expect(page.body).toMatchObject({ totalDocs: seeded + 3, limit: 2 });
    expect(page.body.docs.map((t: Json) => t.name)).toEqual(['Access arrangements', 'Exam focus']);
    const found = await local.api.call<Json>('tags.list', { ...as(student), query: { name: 'SUPP' } });
    expect(found.body.docs.map((t: Json) => t.name)).toEqual(['Needs extra support', 'Needs support']);
    expect((await local.api.call('tags.create', { ...as(student), body: { name: 'Mine' } })).status).toBe(
      403,
    );
    const blank = await local.api.call<Json>('tags.create', { ...as(admin), body: { name: '' } });
    expect(blank.status).toBe(400);
    const removed = await local.api.call<Json>('tags.delete', {
      ...as(admin),
      params: { id: 'zoology-club' },
    });
    expect(removed.status).toBe(200);
    const gone = await local.api.call<Json>('tags.delete', { ...as(admin), params: { id: 'zoology-club' } });
    expect(gone.status).toBe(404);
  });

  it('the back-office lists, searches and sorts tags, and renames one without clashing names', async () => {
    // Prepare
    const created = await local.api.call<Json>('tags.create', {
      ...as(admin),
      body: { name: 'Chess club', description: 'Plays in the school team' },
    });
    expect(created.body._id).toBe('chess-club');

    // Act: search (name), sort (name descending), page
    const searched = await local.api.call<Json>('tags.adminList', {
      ...as(admin),
      query: { searchText: 'CHESS', limit: 10, offset: 0 },
    });
    const sorted = await local.api.call<Json>('tags.adminList', {
      ...as(admin),
      query: { sortKey: 'name', sortValue: 'desc', limit: 2, offset: 0 },
    });

    // Assess
    expect(searched.body).toMatchObject({ totalDocs: 1, docs: [{ name: 'Chess club' }] });
    const names = sorted.body.docs.map((t: Json) => t.name as string);
    expect(names).toHaveLength(2);
    expect(names[0]!.localeCompare(names[1]!)).toBeGreaterThan(0);

    // Act: rename, keeping the id; a clashing name is refused; a student cannot rename
    const renamed = await local.api.call<Json>('tags.update', {
      ...as(admin),
      params: { id: 'chess-club' },
      body: { name: 'Chess and strategy club' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      _id: 'chess-club',
      name: 'Chess and strategy club',
      description: 'Plays in the school team',
    });
    const clash = await local.api.call<Json>('tags.update', {
      ...as(admin),
      params: { id: 'chess-club' },
      body: { name: 'exam year' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('The tag Exam year already exists');
    const sameName = await local.api.call<Json>('tags.update', {
      ...as(admin),
      params: { id: 'chess-club' },
      body: { name: 'Chess and Strategy Club', description: '' },
    });
    expect(sameName.body).toMatchObject({ name: 'Chess and Strategy Club', description: '' });
    // The old name is free again: a new tag takes it with the next free id.
    const again = await local.api.call<Json>('tags.create', { ...as(admin), body: { name: 'Chess club' } });
    expect(again.status).toBe(201);
    expect(again.body._id).toBe('chess-club-2');
    const byStudent = await local.api.call('tags.update', {
      ...as(student),
      params: { id: 'chess-club' },
      body: { description: 'Mine' },
    });
    expect(byStudent.status).toBe(403);
    const missing = await local.api.call('tags.update', {
      ...as(admin),
      params: { id: 'no-such-tag' },
      body: { description: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it("a tutor lists their courses' students; admins list every student; students cannot", async () => {
    const mine = await local.api.call<Json>('students.list', { ...as(tutor) });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ totalDocs: 1, docs: [{ _id: student.userId, firstname: 'Sam' }] });
    const all = await local.api.call<Json>('students.list', { ...as(admin), query: { limit: 2 } });
    expect(all.body.totalDocs).toBeGreaterThanOrEqual(3);
    expect(all.body.docs).toHaveLength(2);
    // A parent is not a student.
    const everyone = await local.api.call<Json>('students.list', { ...as(admin), query: { limit: 100 } });
    expect(everyone.body.docs.map((s: Json) => s._id)).not.toContain('demo-parent');
    const more = await local.api.call<Json>('students.list', {
      ...as(admin),
      query: { limit: 2, offset: 2 },
    });
    expect(more.body.docs[0]._id).not.toBe(all.body.docs[0]._id);
    const searched = await local.api.call<Json>('students.list', {
      ...as(admin),
      query: { searchText: 'leo' },
    });
    expect(searched.body.docs.map((s: Json) => s.email)).toEqual([demo.student3.email]);
    expect(searched.body.docs[0]).not.toHaveProperty('passwordHash');
    const tutorSearch = await local.api.call<Json>('students.list', {
      ...as(tutor),
      query: { searchText: 'leo' },
    });
    expect(tutorSearch.body.totalDocs).toBe(0);
    const asStudent = await local.api.call<Json>('students.list', { ...as(student) });
    expect(asStudent.status).toBe(403);
    expect(asStudent.body.message).toBe('Only tutors and administrators can list students');
  });
});

/**
 * The tenant's usage limits are one record that every test below sets for itself before it relies on
 * them. The accounts' counters only grow this month, in file order: stranger (student3) uses three slide
 * views, then is granted learning-platform access; sibling (student2) uses its quiz attempts in the
 * concurrent test; student (student1) reads at the edge of the limits the enforcement tests set from its
 * own counters. A test that needs an account in a given state sets that state up itself.
 */
describe('usage counters and the free-plan limit', () => {
  it('counts per kind and item, answers a 429 at the limit, and premium access is unlimited', async () => {
    const limits = await local.api.call<Json>('usage.updateSettings', {
      ...as(admin),
      body: { slideViews: 3 },
    });
    expect(limits.body).toEqual({ slideViews: 3, quizAttempts: 5, videoWatches: 10 });

    const view = (itemKey?: string) =>
      local.api.call<Json>('usage.record', { ...as(stranger), body: { kind: 'slideViews', itemKey } });
    const first = await view(`${linear._id}#1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      counted: true,
      usage: { slideViews: 1 },
      limitation: { slideViews: 3 },
    });
    // The same slide again this month is free.
    const repeat = await view(`${linear._id}#1`);
    expect(repeat.body).toMatchObject({ counted: false, usage: { slideViews: 1 } });
    await view(`${linear._id}#2`);
    await view(`${linear._id}#3`);
    const over = await view(`${simultaneous._id}#1`);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^You have used all 3 slide views of your free plan this month\./);
    expect(over.body).toMatchObject({ kind: 'slideViews', limit: 3 });
    // A refused item is not marked as seen, and an item seen before stays free.
    expect((await view(`${linear._id}#2`)).body.counted).toBe(false);

    const details = await local.api.call<Json>('usage.userDetails', { ...as(stranger), body: {} });
    expect(details.body).toMatchObject({
      usage: { user: stranger.userId, slideViews: 3, quizAttempts: 0, videoWatches: 0 },
      limitation: { slideViews: 3, quizAttempts: 5, videoWatches: 10 },
      lpAccess: false,
      premium: false,
    });
    expect(details.body.usage.period).toBe(new Date().toISOString().slice(0, 7));

    // The back-office grants learning-platform access: unlimited from then on.
    const granted = await local.api.call<Json>('usage.setAccess', {
      ...as(admin),
      params: { id: stranger.userId },
      body: { lpAccess: true },
    });
    expect(granted.body).toMatchObject({ lpAccess: true, limitation: null });
    const after = await view(`${simultaneous._id}#1`);
    expect(after.status).toBe(200);
    expect(after.body.usage.slideViews).toBe(4);

    // Admins hold resources.premium.
    const adminDetails = await local.api.call<Json>('usage.userDetails', { ...as(admin), body: {} });
    expect(adminDetails.body).toMatchObject({ premium: true, limitation: null });

    const read = await local.api.call<Json>('usage.get', { ...as(admin), params: { id: stranger.userId } });
    expect(read.body).toMatchObject({ user: stranger.userId, slideViews: 4 });
    expect(
      (await local.api.call('usage.get', { ...as(student), params: { id: stranger.userId } })).status,
    ).toBe(404);
    const byParent = await local.api.call<Json>('usage.userDetails', {
      ...as(parent),
      body: { userId: student.userId },
    });
    expect(byParent.status).toBe(200);
    expect(
      (await local.api.call('usage.get', { ...as(parent), params: { id: student.userId } })).status,
    ).toBe(200);
  });

  it('20 concurrent quiz attempts at the limit: exactly the allowance is counted, never more', async () => {
    await local.api.call('usage.updateSettings', { ...as(admin), body: { quizAttempts: 7 } });
    // Two already used: the edge is five away.
    for (let i = 0; i < 2; i++) {
      await local.api.call('usage.record', { ...as(sibling), body: { kind: 'quizAttempts' } });
    }
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        local.api.call<Json>('usage.record', { ...as(sibling), body: { kind: 'quizAttempts' } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const counts = results.filter((r) => r.status === 200).map((r) => r.body.usage.quizAttempts as number);
    expect(counts.sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
    const read = await local.api.call<Json>('usage.get', { ...as(sibling), params: { id: sibling.userId } });
    expect(read.body.quizAttempts).toBe(7);
  });

  it('validates kinds, limits and access', async () => {
    const badKind = await local.api.call<Json>('usage.record', { ...as(student), body: { kind: 'naps' } });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toMatch(/kind is one of slideViews, quizAttempts, videoWatches/);
    const badLimit = await local.api.call<Json>('usage.updateSettings', {
      ...as(admin),
      body: { slideViews: -1 },
    });
    expect(badLimit.status).toBe(400);
    expect(
      (await local.api.call('usage.updateSettings', { ...as(student), body: { slideViews: 999 } })).status,
    ).toBe(403);
    expect(
      (await local.api.call('usage.record', { ...as(tutor), body: { kind: 'slideViews' } })).status,
    ).toBe(403);
    const unknownUser = await local.api.call<Json>('usage.setAccess', {
      ...as(admin),
      params: { id: 'nobody' },
      body: { lpAccess: true },
    });
    expect(unknownUser.status).toBe(404);
    const settings = await local.api.call<Json>('usage.settings', { ...as(admin) });
    expect(settings.body).toEqual({ slideViews: 3, quizAttempts: 7, videoWatches: 10 });
    // A zero limit refuses at once.
    await local.api.call('usage.updateSettings', { ...as(admin), body: { videoWatches: 0 } });
    const none = await local.api.call<Json>('usage.record', {
      ...as(student),
      body: { kind: 'videoWatches' },
    });
    expect(none.status).toBe(429);
  });
});

describe('the server enforces the free-plan limit on learning (POST /progress)', () => {
  const counters = async (session: Session) =>
    (await local.api.call<Json>('usage.get', { ...as(session), params: { id: session.userId } })).body;
  const entryOf = async (session: Session, subTopicId: string) => {
    const subject = await local.api.call<Json>('progress.subject', {
      ...as(session),
      body: { subjectCode: '0580', subjectLevel: 'IGCSE' },
    });
    return subject.body.topics
      .flatMap((t: Json) => t.subTopics)
      .find((s: Json) => s.subTopicId === subTopicId);
  };

  it('a page read past the limit is a 429: nothing stored, nothing counted; repeats and marking done stay free', async () => {
    // Prepare: the student has one slide view left this month.
    const before = await counters(student);
    await local.api.call('usage.updateSettings', {
      ...as(admin),
      body: { slideViews: before.slideViews + 1 },
    });
    const linearBefore = await entryOf(student, linear._id);

    // Act
    const last = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: typesOfNumber._id, pageNo: 1 },
    });
    const over = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: linear._id, pageNo: 3 },
    });
    const repeat = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: linear._id, pageNo: 1 },
    });
    const done = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: linear._id, completed: true },
    });

    // Assess
    expect(last.status).toBe(200);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      new RegExp(`^You have used all ${before.slideViews + 1} slide views of your free plan this month\\.`),
    );
    expect(over.body).toMatchObject({ kind: 'slideViews', limit: before.slideViews + 1 });
    expect(repeat.status).toBe(200);
    expect(done.status).toBe(200);
    expect(done.body.pagesViewed).toHaveLength(linearBefore.pagesViewed);
    expect(done.body.pagesViewed).not.toContain(3);
    expect((await counters(student)).slideViews).toBe(before.slideViews + 1);
    // The refused page is not marked as counted: once the limit is raised it counts (and is stored).
    await local.api.call('usage.updateSettings', {
      ...as(admin),
      body: { slideViews: before.slideViews + 2 },
    });
    const later = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: linear._id, pageNo: 3 },
    });
    expect(later.status).toBe(200);
    expect(later.body.pagesViewed).toContain(3);
    expect((await counters(student)).slideViews).toBe(before.slideViews + 2);
  });

  it('a quiz score past the limit is a 429 and is not stored', async () => {
    const before = await counters(student);
    await local.api.call('usage.updateSettings', {
      ...as(admin),
      body: { quizAttempts: before.quizAttempts },
    });
    const entry = await entryOf(student, simultaneous._id);
    const over = await local.api.call<Json>('progress.record', {
      ...as(student),
      body: { subTopicId: simultaneous._id, score: 100 },
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/quiz attempts of your free plan this month/);
    expect((await entryOf(student, simultaneous._id)).bestScore).toBe(entry.bestScore);
    expect((await counters(student)).quizAttempts).toBe(before.quizAttempts);
  });

  it('concurrent page reads and scores at the limit never count past it', async () => {
    // Prepare: sibling has two slide views and two quiz attempts left; six distinct pages and six scores
    // arrive at once.
    const before = await counters(sibling);
    await local.api.call('usage.updateSettings', {
      ...as(admin),
      body: { slideViews: before.slideViews + 2, quizAttempts: before.quizAttempts + 2 },
    });
    const topics = await local.api.call<Json>('topics.getTopics', {
      body: { subjectCode: '0580', subjectLevel: 'IGCSE' },
    });
    const unread = topics.body.docs
      .flatMap((t: Json) => t.subTopics)
      .map((s: Json) => s._id)
      .filter((id: string) => id !== linear._id)
      .slice(0, 6);
    expect(unread).toHaveLength(6);

    // Act
    const pages = await Promise.all(
      unread.map((subTopicId: string) =>
        local.api.call<Json>('progress.record', { ...as(sibling), body: { subTopicId, pageNo: 1 } }),
      ),
    );
    const scores = await Promise.all(
      Array.from({ length: 6 }, () =>
        local.api.call<Json>('progress.record', {
          ...as(sibling),
          body: { subTopicId: linear._id, score: 50 },
        }),
      ),
    );

    // Assess
    const statuses = (answers: Json[]) => answers.map((a) => a.status).sort();
    expect(statuses(pages)).toEqual([200, 200, 429, 429, 429, 429]);
    expect(statuses(scores)).toEqual([200, 200, 429, 429, 429, 429]);
    const after = await counters(sibling);
    expect(after.slideViews).toBe(before.slideViews + 2);
    expect(after.quizAttempts).toBe(before.quizAttempts + 2);
    // Only the pages that were counted are in the progress, and exactly two scores were recorded.
    const subject = await local.api.call<Json>('progress.subject', {
      ...as(sibling),
      body: { subjectCode: '0580', subjectLevel: 'IGCSE' },
    });
    const started = subject.body.topics
      .flatMap((t: Json) => t.subTopics)
      .filter((s: Json) => unread.includes(s.subTopicId) && s.pagesViewed > 0);
    expect(started).toHaveLength(2);
    const linearEntry = subject.body.topics
      .flatMap((t: Json) => t.subTopics)
      .find((s: Json) => s.subTopicId === linear._id);
    expect(linearEntry.bestScore).toBe(50);
  });

  it('an account without the limit is never refused, and its use is still counted', async () => {
    // Prepare, in this test alone: the limits are zero; stranger holds learning-platform access (granted
    // here, whatever ran before); both read a sub-topic no other test in this file reads, so a page is
    // never a free repeat (the concurrent test above counts two of its six pages, whichever win).
    const sound = await subTopicAt('/edexcel-igcse/physics/waves/sound');
    await local.api.call('usage.updateSettings', { ...as(admin), body: { slideViews: 0, quizAttempts: 0 } });
    const granted = await local.api.call<Json>('usage.setAccess', {
      ...as(admin),
      params: { id: stranger.userId },
      body: { lpAccess: true },
    });
    expect(granted.body).toMatchObject({ lpAccess: true, limitation: null });
    const before = await counters(stranger);

    // Act
    const page = await local.api.call<Json>('progress.record', {
      ...as(stranger),
      body: { subTopicId: sound._id, pageNo: 1 },
    });
    const score = await local.api.call<Json>('progress.record', {
      ...as(stranger),
      body: { subTopicId: sound._id, score: 90 },
    });
    const refused = await local.api.call<Json>('progress.record', {
      ...as(sibling),
      body: { subTopicId: sound._id, pageNo: 1 },
    });

    // Assess: unlimited access is counted but never refused; a learner on the free plan is refused at zero.
    expect([page.status, score.status]).toEqual([200, 200]);
    expect(await counters(stranger)).toMatchObject({
      slideViews: before.slideViews + 1,
      quizAttempts: before.quizAttempts + 1,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ kind: 'slideViews', limit: 0 });
  });
});

describe('resources, issue reports and analytics', () => {
  it('finds a catalogue resource by key with its sub-topic page, and reports a broken one', async () => {
    const worksheet = linear.resources.find((r: Json) => r.title.startsWith('Practice worksheet'));
    const found = await local.api.call<Json>('learningResources.browse', {
      query: { resourceKey: worksheet._id },
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      resource: { _id: worksheet._id, url: worksheet.url },
      subTopic: { _id: linear._id, name: 'Linear equations' },
      topic: { name: 'Algebra and graphs' },
      subject: { subjectCode: '0580' },
      curriculum: { name: 'Cambridge IGCSE' },
      path: '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations',
    });
    // A resource an admin added (an ordinary id) is found too.
    const added = await local.api.call<Json>('subTopics.addResources', {
      ...as(admin),
      params: { id: typesOfNumber._id },
      body: { resources: [{ title: 'Number line poster', url: 'https://files.example.org/poster.pdf' }] },
    });
    const poster = added.body.resources.find((r: Json) => r.title === 'Number line poster');
    const byKey = await local.api.call<Json>('learningResources.browse', {
      query: { resourceKey: poster._id },
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body.path).toBe('/cambridge-igcse/mathematics/number/types-of-number');
    const missing = await local.api.call<Json>('learningResources.browse', {
      query: { resourceKey: 'nope' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Resource not found');
    expect((await local.api.call('learningResources.browse', { query: {} })).status).toBe(400);
    const foreign = await local.api.call('learningResources.browse', {
      tenant: 'northwind',
      query: { resourceKey: poster._id },
    });
    expect(foreign.status).toBe(404);

    const reported = await local.api.call<Json>('learningResources.report', {
      ...as(student),
      body: { resourceKey: worksheet._id },
    });
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({
      kind: 'BROKEN_RESOURCE',
      status: 'OPEN',
      subject: 'Broken link: Practice worksheet (30 questions)',
      pagePath: '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations',
      resourceKey: worksheet._id,
      reportedBy: { _id: student.userId, email: demo.student.email },
    });
    const unknown = await local.api.call<Json>('learningResources.report', {
      ...as(student),
      body: { resourceKey: 'nope' },
    });
    expect(unknown.status).toBe(404);
  });

  it('stores issue reports for the back-office, who list and resolve them', async () => {
    const created = await local.api.call<Json>('reportIssues.create', {
      ...as(student),
      body: {
        subject: 'Video does not play',
        description: 'The second video is black.',
        pagePath: '/cambridge-igcse',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'ISSUE', status: 'OPEN', pagePath: '/cambridge-igcse' });
    const invalid: Array<[Json, RegExp]> = [
      [{ description: 'x' }, /Subject is required/],
      [{ subject: 'x', description: '' }, /Description is required/],
      [{ subject: 'x', description: 'y', pagePath: 'http://evil' }, /pagePath is a path starting with \//],
    ];
    for (const [body, message] of invalid) {
      const answer = await local.api.call<Json>('reportIssues.create', { ...as(student), body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const list = await local.api.call<Json>('reportIssues.list', { ...as(admin) });
    expect(list.body.totalDocs).toBe(2);
    expect(list.body.docs[0]._id).toBe(created.body._id);
    const broken = await local.api.call<Json>('reportIssues.list', {
      ...as(admin),
      query: { kind: 'BROKEN_RESOURCE' },
    });
    expect(broken.body.docs.map((d: Json) => d.kind)).toEqual(['BROKEN_RESOURCE']);
    const resolved = await local.api.call<Json>('reportIssues.update', {
      ...as(admin),
      params: { id: created.body._id },
      body: { status: 'RESOLVED' },
    });
    expect(resolved.body.status).toBe('RESOLVED');
    const open = await local.api.call<Json>('reportIssues.list', { ...as(admin), query: { status: 'OPEN' } });
    expect(open.body.totalDocs).toBe(1);
    expect((await local.api.call('reportIssues.list', { ...as(student) })).status).toBe(403);
    expect((await local.api.call('reportIssues.list', { ...as(tutor) })).status).toBe(403);
  });

  it('accepts bounded analytics events from signed-in users', async () => {
    const ok = await local.api.call<Json>('analytics.record', {
      ...as(student),
      body: {
        name: 'dashboard.view',
        path: '/dashboard',
        properties: { curriculum: 'Cambridge IGCSE', subjects: 2 },
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ accepted: true });
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    const cases: Array<[Json, RegExp]> = [
      [{ name: 'x', properties: tooMany }, /At most 20 properties/],
      [{ name: 'has spaces' }, /name may hold letters, digits/],
      [{ name: 'x', properties: { long: 'y'.repeat(201) } }, /property values are at most 200 characters/],
      [{ name: 'x', properties: { nested: { a: 1 } } }, /properties/],
      [{}, /name is required/],
    ];
    for (const [body, message] of cases) {
      const answer = await local.api.call<Json>('analytics.record', { ...as(student), body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await local.api.call('analytics.record', { body: { name: 'x' } })).status).toBe(401);
  });

  it('stores each event in its own tenant: each tenant reads back only its own', async () => {
    // Prepare
    const days = new Set([new Date().toISOString().slice(0, 10)]);
    const marker = `isolation-${Date.now()}`;

    // Act
    const inDemo = await local.api.call<Json>('analytics.record', {
      ...as(student),
      body: { name: 'subtopic.view', path: '/cambridge-igcse', properties: { marker } },
    });
    const inNorthwind = await local.api.call<Json>('analytics.record', {
      ...as(northwindAdmin),
      tenant: 'northwind',
      body: { name: 'admin.view', path: '/admin', properties: { marker } },
    });
    days.add(new Date().toISOString().slice(0, 10));

    // Assess: read back through the repository the handler writes with, day by day, per tenant.
    expect([inDemo.status, inNorthwind.status]).toEqual([200, 200]);
    const storedIn = async (tenant: string) =>
      (await Promise.all([...days].map((day) => analyticsEventsOn(tenant, day))))
        .flat()
        .filter((event) => event.properties.marker === marker);
    const demoEvents = await storedIn('demo');
    const northwindEvents = await storedIn('northwind');
    expect(demoEvents).toEqual([
      expect.objectContaining({
        name: 'subtopic.view',
        path: '/cambridge-igcse',
        userId: student.userId,
        properties: { marker },
        at: expect.any(String),
      }),
    ]);
    expect(northwindEvents).toEqual([
      expect.objectContaining({ name: 'admin.view', path: '/admin', userId: northwindAdmin.userId }),
    ]);
  });
});
