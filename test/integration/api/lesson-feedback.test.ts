import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
import { minutesFromNow, placeLessonWhereFree } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tom: Session;
let sam: Session;
let maya: Session;
let leo: Session;
let parent: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
  leo = await local.api.signIn('student3@demo.test', 'Demo-student-3');
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
});

/** A lesson of Tom's with Sam and Maya that ended `hoursAgo` hours ago (negative: still to come). */
let slot = 0;
async function lessonOfTom(hoursAgo: number): Promise<string> {
  // Each lesson on its own hour, so the tutor's time claims never meet.
  slot += 3;
  // ...and at the first free hour from there: the demo's own lessons of Tom's are weekly
  const lesson = await placeLessonWhereFree('demo', {
    course: 'course-demo-igcse-maths',
    start: minutesFromNow(-(hoursAgo + slot) * 60 * 24),
    minutes: 60,
    tutorId: tom.userId,
    studentIds: [sam.userId, maya.userId],
  });
  return lesson._id;
}

describe('tutor feedback: a student rates the tutor after a lesson they took part in', () => {
  it('is given once per lesson, moves the tutor rating, and is changed by its author only', async () => {
    const section = await lessonOfTom(2);
    const rewards = await local.api.call<Json>('tutorFeedbacks.rewards', { ...sam });
    expect(rewards.body.docs).toContain('Clear explanations');

    const given = await local.api.call<Json>('tutorFeedbacks.create', {
      ...sam,
      body: {
        section,
        rating: 5,
        comment: 'Finally understood vectors',
        rewards: ['Clear explanations', 'Patient'],
      },
    });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({
      kind: 'tutor',
      section,
      tutorId: tom.userId,
      studentId: sam.userId,
      rating: 5,
    });
    const before = (
      await local.api.call<Json>('tutorFeedbacks.rating', { ...sam, params: { tutorId: tom.userId } })
    ).body;

    const again = await local.api.call<Json>('tutorFeedbacks.create', {
      ...sam,
      body: { section, rating: 1 },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already given feedback on this lesson');

    const byMaya = await local.api.call<Json>('tutorFeedbacks.create', {
      ...maya,
      body: { section, rating: 3 },
    });
    expect(byMaya.status).toBe(201);
    const rating = await local.api.call<Json>('tutorFeedbacks.rating', {
      ...sam,
      params: { tutorId: tom.userId },
    });
    expect(rating.body.count).toBe(before.count + 1);

    // Only its author changes it; the rating follows
    const byOther = await local.api.call('tutorFeedbacks.update', {
      ...maya,
      params: { id: given.body._id },
      body: { rating: 1 },
    });
    expect(byOther.status).toBe(404);
    const changed = await local.api.call<Json>('tutorFeedbacks.update', {
      ...sam,
      params: { id: given.body._id },
      body: { rating: 4, rewards: ['Engaging'] },
    });
    expect(changed.body).toMatchObject({
      rating: 4,
      rewards: ['Engaging'],
      comment: 'Finally understood vectors',
    });
    const after = await local.api.call<Json>('tutorFeedbacks.rating', {
      ...sam,
      params: { tutorId: tom.userId },
    });
    expect(after.body.count).toBe(rating.body.count);
    expect(after.body.average * after.body.count).toBeCloseTo(rating.body.average * rating.body.count - 1, 0);
  });

  it('refuses a lesson still to come, one the student was not in, and rewards not on the list', async () => {
    const upcoming = await lessonOfTom(-30);
    const early = await local.api.call<Json>('tutorFeedbacks.create', {
      ...sam,
      body: { section: upcoming, rating: 5 },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Feedback opens once the lesson has ended');

    const section = await lessonOfTom(2);
    const notHis = await local.api.call<Json>('tutorFeedbacks.create', {
      ...leo,
      body: { section, rating: 5 },
    });
    expect(notHis.status).toBe(404);
    const byTutor = await local.api.call<Json>('tutorFeedbacks.create', {
      ...tom,
      body: { section, rating: 5 },
    });
    expect(byTutor.status).toBe(404);
    const made = await local.api.call<Json>('tutorFeedbacks.create', {
      ...sam,
      body: { section, rating: 5, rewards: ['Bribed me'] },
    });
    expect(made.status).toBe(400);
    const zero = await local.api.call<Json>('tutorFeedbacks.create', {
      ...sam,
      body: { section, rating: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('Choose a rating from 1 to 5');
  });

  it('holds "once" under concurrency: ten racing creates, one feedback, counted once', async () => {
    const section = await lessonOfTom(2);
    const before = (
      await local.api.call<Json>('tutorFeedbacks.rating', { ...sam, params: { tutorId: tom.userId } })
    ).body;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        local.api.call('tutorFeedbacks.create', { ...sam, body: { section, rating: 5 } }),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(9);
    const after = (
      await local.api.call<Json>('tutorFeedbacks.rating', { ...sam, params: { tutorId: tom.userId } })
    ).body;
    expect(after.count).toBe(before.count + 1);
  });
});

describe('student feedback: the tutor on one of the lesson’s students', () => {
  it('is given by the lesson’s tutor about a student who was in it, once', async () => {
    const section = await lessonOfTom(2);
    const given = await local.api.call<Json>('studentFeedbacks.create', {
      ...tom,
      body: { section, studentId: sam.userId, rating: 4, rewards: ['Homework done'] },
    });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ kind: 'student', authorId: tom.userId, studentId: sam.userId });
    const twice = await local.api.call<Json>('studentFeedbacks.create', {
      ...tom,
      body: { section, studentId: sam.userId, rating: 2 },
    });
    expect(twice.status).toBe(409);
    const outsider = await local.api.call<Json>('studentFeedbacks.create', {
      ...tom,
      body: { section, studentId: leo.userId, rating: 2 },
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toBe('That student did not take part in this lesson');
    const byStudent = await local.api.call<Json>('studentFeedbacks.create', {
      ...sam,
      body: { section, studentId: maya.userId, rating: 1 },
    });
    expect(byStudent.status).toBe(404);
  });
});

describe('who reads and deletes feedback', () => {
  it('shows each person their own, a parent their children’s, the back-office all; the back-office deletes', async () => {
    const section = await lessonOfTom(2);
    const mine = await local.api.call<Json>('tutorFeedbacks.create', {
      ...maya,
      body: { section, rating: 4 },
    });
    const ofLesson = { query: { section } };

    const asMaya = await local.api.call<Json>('tutorFeedbacks.list', { ...maya, ...ofLesson });
    expect(asMaya.body.docs.map((f: Json) => f._id)).toEqual([mine.body._id]);
    const asLeo = await local.api.call<Json>('tutorFeedbacks.list', { ...leo, ...ofLesson });
    expect(asLeo.body.totalDocs).toBe(0);
    const leoAskingForMaya = await local.api.call<Json>('tutorFeedbacks.list', {
      ...leo,
      query: { section, studentId: maya.userId },
    });
    expect(leoAskingForMaya.body.totalDocs).toBe(0);
    const asParent = await local.api.call<Json>('tutorFeedbacks.list', {
      ...parent,
      query: { section, studentId: maya.userId },
    });
    expect(asParent.body.docs.map((f: Json) => f._id)).toEqual([mine.body._id]);
    const asTutor = await local.api.call<Json>('tutorFeedbacks.list', { ...tom, ...ofLesson });
    expect(asTutor.body.docs.map((f: Json) => f._id)).toEqual([mine.body._id]);
    const asAdmin = await local.api.call<Json>('tutorFeedbacks.list', { ...admin, ...ofLesson });
    expect(asAdmin.body.totalDocs).toBe(1);

    expect(
      (await local.api.call('tutorFeedbacks.adminDelete', { ...maya, params: { id: mine.body._id } })).status,
    ).toBe(403);
    const before = (
      await local.api.call<Json>('tutorFeedbacks.rating', { ...admin, params: { tutorId: tom.userId } })
    ).body;
    const removed = await local.api.call('tutorFeedbacks.adminDelete', {
      ...admin,
      params: { id: mine.body._id },
    });
    expect(removed.status).toBe(200);
    const after = (
      await local.api.call<Json>('tutorFeedbacks.rating', { ...admin, params: { tutorId: tom.userId } })
    ).body;
    expect(after.count).toBe(before.count - 1);
    expect(
      (await local.api.call<Json>('tutorFeedbacks.list', { ...admin, ...ofLesson })).body.totalDocs,
    ).toBe(0);
  });
});
