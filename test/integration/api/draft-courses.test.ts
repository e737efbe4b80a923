import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
import { minutesFromNow, placeLesson, placeLessonWhereFree } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

/*
 * #16 item 1: a DRAFT course is its tutors' and the back-office's to prepare. Its students and their parents
 * neither see it nor act on it (404, as for a course they are not in) until it is ACTIVE.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let parent: Session;
const SAM = 'demo-student-1';
const DAY = 86_400_000;
const range = {
  startDate: new Date(Date.now() - DAY).toISOString(),
  endDate: new Date(Date.now() + 30 * DAY).toISOString(),
};

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
});

/**
 * A draft course (the admin's default) of Tom's with Sam enrolled: a lesson in ten days (from `slot` × 3 hours
 * later, the first free hour), another one `liveIn` minutes from now (ten: open for joining) and a
 * homework.
 */
async function draftCourse(slot: number, liveIn: number) {
  const created = await local.api.call<Json>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'Draft Chemistry',
      curriculum: 'Cambridge IGCSE',
      subject: 'Chemistry',
      grade: 'Grade 10',
    },
  });
  expect(created.body.status).toBe('DRAFT');
  const course = created.body._id as string;
  await local.api.call('courseTutors.create', {
    ...admin,
    body: { course, tutor: 'demo-tutor-1', type: 'PRIMARY' },
  });
  await local.api.call('courseStudents.create', { ...admin, body: { course, student: SAM } });
  // Ten days on, at the first hour from `slot` × 3 where Tom and Sam are both free: the demo's own lessons
  // fall at fixed times of day, so a fixed offset meets one of them at some hours of the day the test runs
  let lesson = { status: 0, body: {} as Json };
  for (let hour = slot * 3; hour < slot * 3 + 48 && lesson.status !== 201; hour++) {
    lesson = await local.api.call<Json>('meetings.teamsAdminCreate', {
      ...admin,
      body: { course, title: 'Moles', start: minutesFromNow(10 * 24 * 60 + hour * 60), duration: 60 },
    });
    if (lesson.status !== 201) expect(lesson.status, JSON.stringify(lesson.body)).toBe(409);
  }
  expect(lesson.status).toBe(201);
  // Ten minutes on is the time asked for (open for joining); days on, the first free hour from then
  const liveLesson = {
    course,
    start: minutesFromNow(liveIn),
    minutes: 30,
    tutorId: 'demo-tutor-1',
    studentIds: [SAM],
  };
  const live =
    liveIn < 60 ? await placeLesson('demo', liveLesson) : await placeLessonWhereFree('demo', liveLesson);
  const homework = await local.api.call<Json>('homeworks.create', {
    ...admin,
    body: { course, title: 'Moles worksheet', homework: { instructions: 'Q1-5', dueAt: null } },
  });
  expect(homework.status).toBe(201);
  return { course, lesson: lesson.body._id as string, live: live._id, homework: homework.body._id as string };
}

const setStatus = async (course: string, status: 'ACTIVE' | 'DRAFT') => {
  const updated = await local.api.call('courses.adminUpdate', {
    ...admin,
    params: { id: course },
    body: { status },
  });
  expect(updated.status).toBe(200);
};

const courseIds = async (who: Session) =>
  ((await local.api.call<Json>('courses.list', { ...who, query: {} })).body.docs as Json[]).map((c) => c._id);
const calendar = async (who: Session, userId = who.userId) => {
  const answer = await local.api.call<Json>('schedule.list', { ...who, params: { userId }, query: range });
  expect(answer.status).toBe(200);
  return (answer.body.docs as Json[]).map((e) => e.sectionId);
};
const feed = async (who: Session) => {
  const { body } = await local.api.call<{ url: string }>('schedule.feedUrl', { ...who });
  return (await fetch(body.url)).text();
};

describe('a draft course', () => {
  it('is hidden from its students and their parents, in every read', async () => {
    const { course, lesson, live, homework } = await draftCourse(0, 2 * 24 * 60);

    // Sam, its enrolled student
    expect(await courseIds(sam)).not.toContain(course);
    expect(await courseIds(sam)).toContain('course-demo-igcse-maths');
    const page = await local.api.call<Json>('courses.get', { ...sam, params: { id: course }, query: {} });
    expect(page.status).toBe(404);
    expect(page.body.message).toBe('Course not found');
    expect(await calendar(sam)).not.toEqual(expect.arrayContaining([lesson]));
    expect(await calendar(sam)).not.toContain(live);
    for (const id of [lesson, live]) {
      const one = await local.api.call<Json>('schedule.get', { ...sam, params: { sectionId: id } });
      expect(one.status, `schedule.get ${id}`).toBe(404);
      expect((await local.api.call('sections.get', { ...sam, params: { id } })).status).toBe(404);
    }
    expect((await local.api.call('sections.get', { ...sam, params: { id: homework } })).status).toBe(404);
    const work = await local.api.call('homework.list', { ...sam, query: { section: homework } });
    expect(work.status).toBe(404);
    const ics = await feed(sam);
    expect(ics).not.toContain(lesson);
    expect(ics).not.toContain(live);

    // The parent, looking at Sam's calendar
    expect(await calendar(parent, SAM)).not.toContain(lesson);
    expect((await local.api.call('schedule.get', { ...parent, params: { sectionId: lesson } })).status).toBe(
      404,
    );
    expect(
      (await local.api.call('courses.get', { ...parent, params: { id: course }, query: {} })).status,
    ).toBe(404);

    // Its tutor and the back-office still see it all
    expect(await courseIds(tutor)).toContain(course);
    const forTutor = await local.api.call<Json>('courses.get', {
      ...tutor,
      params: { id: course },
      query: { subSections: '1' },
    });
    expect(forTutor.status).toBe(200);
    expect((forTutor.body.sections as Json[]).map((s) => s._id)).toEqual(
      expect.arrayContaining([lesson, live]),
    );
    expect(await calendar(tutor)).toEqual(expect.arrayContaining([lesson, live]));
    expect(await calendar(admin, SAM)).toEqual(expect.arrayContaining([lesson, live]));
    expect((await local.api.call('schedule.get', { ...tutor, params: { sectionId: lesson } })).status).toBe(
      200,
    );
    const forAdmin = await local.api.call('courses.adminGet', {
      ...admin,
      params: { id: course },
      query: {},
    });
    expect(forAdmin.status).toBe(200);
  });

  it("refuses its students' and their parents' actions, while its tutor still works on it", async () => {
    const { course, lesson, live, homework } = await draftCourse(1, 10);
    const reason = { reason: 'Sickness' };
    const refusals: Array<[string, Session, Promise<{ status: number; body: any }>]> = [
      [
        'cancel',
        sam,
        local.api.call('meetings.teamsCancel', { ...sam, params: { id: lesson }, body: reason }),
      ],
      [
        'reschedule',
        sam,
        local.api.call('meetings.teamsReschedule', {
          ...sam,
          params: { id: lesson },
          body: { ...reason, start: minutesFromNow(12 * 24 * 60) },
        }),
      ],
      ['join', sam, local.api.call('meetings.notifyJoined', { ...sam, body: { sectionId: live } })],
      [
        'book',
        sam,
        local.api.call('meetings.courseMeetingBook', {
          ...sam,
          body: { course, start: minutesFromNow(14 * 24 * 60), duration: 60 },
        }),
      ],
      [
        'hand in',
        sam,
        local.api.call('homework.submit', { ...sam, body: { section: homework, text: 'Done' } }),
      ],
      [
        'parent cancel',
        parent,
        local.api.call('meetings.teamsCancel', { ...parent, params: { id: lesson }, body: reason }),
      ],
      [
        'parent join',
        parent,
        local.api.call('meetings.notifyJoined', { ...parent, body: { sectionId: live } }),
      ],
      [
        'parent hand in',
        parent,
        local.api.call('homework.submit', { ...parent, body: { section: homework, text: 'Done' } }),
      ],
    ];
    for (const [action, who, call] of refusals) {
      const answer = await call;
      expect([403, 404], `${action}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      expect(answer.body.message, action).toMatch(/not found|only/i);
      if (who === sam) expect(answer.status, action).toBe(404);
    }
    // Nothing changed: the lesson is still on, with no request waiting.
    const stillOn = await local.api.call<Json>('schedule.get', { ...tutor, params: { sectionId: lesson } });
    expect(stillOn.body).toMatchObject({ status: 'ACTIVE' });
    expect(stillOn.body.pendingRequestId).toBeUndefined();

    // Its tutor joins the live lesson and cancels the other
    const tutorJoin = await local.api.call('meetings.notifyJoined', { ...tutor, body: { sectionId: live } });
    expect(tutorJoin.status).toBe(200);
    const cancelled = await local.api.call<Json>('meetings.teamsCancel', {
      ...tutor,
      params: { id: lesson },
      body: reason,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    // The request it made names Sam, but stays out of his requests while the course is a draft
    const requestId = cancelled.body.request._id as string;
    const requestIds = async (who: Session) =>
      ((await local.api.call<Json>('meetingRequests.list', { ...who, query: {} })).body.docs as Json[]).map(
        (r) => r._id,
      );
    expect(await requestIds(tutor)).toContain(requestId);
    expect(await requestIds(sam)).not.toContain(requestId);
    const one = await local.api.call('meetingRequests.get', { ...sam, params: { id: requestId }, query: {} });
    expect(one.status).toBe(404);
    await setStatus(course, 'ACTIVE');
    expect(await requestIds(sam)).toContain(requestId);
  });

  it('opens to its students once ACTIVE, and closes again when put back to draft', async () => {
    const { course, lesson, homework } = await draftCourse(2, 3 * 24 * 60);
    await setStatus(course, 'ACTIVE');

    expect(await courseIds(sam)).toContain(course);
    const page = await local.api.call<Json>('courses.get', {
      ...sam,
      params: { id: course },
      query: { subSections: '1' },
    });
    expect(page.status).toBe(200);
    expect((page.body.sections as Json[]).map((s) => s._id)).toContain(lesson);
    expect(await calendar(sam)).toContain(lesson);
    expect(await calendar(parent, SAM)).toContain(lesson);
    expect(await feed(sam)).toContain(lesson);
    const handedIn = await local.api.call<Json>('homework.submit', {
      ...sam,
      body: { section: homework, text: 'Done' },
    });
    expect(handedIn.status).toBe(201);

    // Back to draft: the work handed in is out of reach too
    await setStatus(course, 'DRAFT');
    const edit = await local.api.call('homework.update', {
      ...sam,
      params: { id: handedIn.body._id },
      body: { text: 'Changed' },
    });
    expect(edit.status).toBe(404);
    const withdraw = await local.api.call('homework.delete', { ...sam, params: { id: handedIn.body._id } });
    expect(withdraw.status).toBe(404);

    // Active again: Sam cancels his lesson
    await setStatus(course, 'ACTIVE');
    const cancelled = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: lesson },
      body: { reason: 'Sickness' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  });
});
