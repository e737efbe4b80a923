import { beforeAll, describe, expect, it } from 'vitest';
import { busyLessons } from '../../../functions/repositories/lessons';
import { demo } from '../../support/api-client';
import { minutesFromNow, placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor1: Session;
let tutor2: Session;
let sam: Session;
let leo: Session;

const courseBody = (extra: Json = {}) => ({
  title: 'IGCSE Physics',
  curriculum: 'Cambridge IGCSE',
  subject: 'Physics',
  grade: 'Grade 10',
  ...extra,
});

/**
 * A published course with demo-tutor-1 as its PRIMARY tutor, demo-tutor-2 as SUBSTITUTE and Sam as its
 * student (a draft is hidden from its students: draft-courses.test.ts).
 */
async function staffedCourse(): Promise<string> {
  const course = await local.api.call<Json>('courses.adminCreate', {
    ...admin,
    body: courseBody({ status: 'ACTIVE' }),
  });
  expect(course.status).toBe(201);
  const courseId = course.body._id as string;
  for (const [tutor, type] of [
    ['demo-tutor-1', 'PRIMARY'],
    ['demo-tutor-2', 'SUBSTITUTE'],
  ]) {
    const added = await local.api.call('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor, type },
    });
    expect(added.status).toBe(201);
  }
  const student = await local.api.call('courseStudents.create', {
    ...admin,
    body: { course: courseId, student: 'demo-student-1' },
  });
  expect(student.status).toBe(201);
  return courseId;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor1 = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  tutor2 = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  leo = await local.api.signIn(demo.student3.email, demo.student3.password);
});

describe('the usual lesson length of a course', () => {
  it('is one of the lesson durations: 15 to 180 in steps of 15 (3 and 5 outside production)', async () => {
    for (const lessonDuration of [7, 20, 195, 0, 2.5]) {
      const refused = await local.api.call<Json>('courses.adminCreate', {
        ...admin,
        body: courseBody({ lessonDuration }),
      });
      expect(refused.status, `lessonDuration ${lessonDuration}`).toBe(400);
      expect(refused.body.message).toContain('lessonDuration');
    }
    for (const lessonDuration of [3, 5, 15, 45, 180]) {
      const created = await local.api.call<Json>('courses.adminCreate', {
        ...admin,
        body: courseBody({ lessonDuration }),
      });
      expect(created.status, `lessonDuration ${lessonDuration}`).toBe(201);
      expect(created.body.lessonDuration).toBe(lessonDuration);
    }
    const created = await local.api.call<Json>('courses.adminCreate', { ...admin, body: courseBody() });
    expect(created.body.lessonDuration).toBe(60);
    const badUpdate = await local.api.call<Json>('courses.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { lessonDuration: 50 },
    });
    expect(badUpdate.status).toBe(400);
    const goodUpdate = await local.api.call<Json>('courses.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { lessonDuration: 90 },
    });
    expect(goodUpdate.body.lessonDuration).toBe(90);
  });
});

describe('PUT /courses/{id}: a course saved by its primary tutor', () => {
  it('lets the PRIMARY tutor change the title, description and lesson length, and nothing else', async () => {
    const courseId = await staffedCourse();
    const saved = await local.api.call<Json>('courses.update', {
      ...tutor1,
      params: { id: courseId },
      body: {
        title: 'IGCSE Physics (evenings)',
        description: 'Forces, waves and circuits',
        lessonDuration: 45,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      _id: courseId,
      title: 'IGCSE Physics (evenings)',
      description: 'Forces, waves and circuits',
      lessonDuration: 45,
      subject: 'Physics',
      status: 'ACTIVE',
    });
    const read = await local.api.call<Json>('courses.get', { ...sam, params: { id: courseId } });
    expect(read.body).toMatchObject({ title: 'IGCSE Physics (evenings)', lessonDuration: 45 });

    // What the course is and how it is sold stay with the back-office.
    for (const body of [{ status: 'DRAFT' }, { subject: 'Chemistry' }, { paymentType: 'CREDIT' }]) {
      const refused = await local.api.call('courses.update', { ...tutor1, params: { id: courseId }, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const badLength = await local.api.call<Json>('courses.update', {
      ...tutor1,
      params: { id: courseId },
      body: { lessonDuration: 7 },
    });
    expect(badLength.status).toBe(400);
    const noTitle = await local.api.call('courses.update', {
      ...tutor1,
      params: { id: courseId },
      body: { title: '  ' },
    });
    expect(noTitle.status).toBe(400);
  });

  it('refuses its students and other tutors with a 403, outsiders and unknown courses with a 404', async () => {
    const courseId = await staffedCourse();
    const byStudent = await local.api.call<Json>('courses.update', {
      ...sam,
      params: { id: courseId },
      body: { description: 'Mine now' },
    });
    expect(byStudent.status).toBe(403);
    expect(byStudent.body.message).toBe("Only the course's primary tutor can change the course");
    const bySubstitute = await local.api.call('courses.update', {
      ...tutor2,
      params: { id: courseId },
      body: { description: 'Mine now' },
    });
    expect(bySubstitute.status).toBe(403);
    const byOutsider = await local.api.call('courses.update', {
      ...leo,
      params: { id: courseId },
      body: { description: 'Mine now' },
    });
    expect(byOutsider.status).toBe(404);
    const unknown = await local.api.call('courses.update', {
      ...tutor1,
      params: { id: 'no-such-course' },
      body: { description: 'x' },
    });
    expect(unknown.status).toBe(404);

    // A disabled primary tutor is no longer the course's tutor.
    const disabled = await local.api.call('courseTutors.update', {
      ...admin,
      params: { id: `${courseId}.tutor.demo-tutor-1` },
      body: { action: 'DISABLE' },
    });
    expect(disabled.status).toBe(200);
    const byDisabled = await local.api.call('courses.update', {
      ...tutor1,
      params: { id: courseId },
      body: { description: 'Still mine?' },
    });
    expect(byDisabled.status).toBe(404);

    // A course editor may use the user route too.
    const byAdmin = await local.api.call<Json>('courses.update', {
      ...admin,
      params: { id: courseId },
      body: { description: 'Set by the office' },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.description).toBe('Set by the office');
  });
});

describe('deleting a course', () => {
  it("takes its past and cancelled lessons off every calendar and frees the tutor's time", async () => {
    const courseId = await staffedCourse();
    const pastStart = minutesFromNow(-3 * 24 * 60);
    const past = await placeLesson('demo', {
      course: courseId,
      title: 'Past physics lesson',
      start: pastStart,
      minutes: 60,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
      bufferMinutes: 15,
    });
    const cancelled = await placeLesson('demo', {
      course: courseId,
      title: 'Cancelled physics lesson',
      start: minutesFromNow(-2 * 24 * 60),
      minutes: 60,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
      status: 'CANCELLED',
    });
    const range = {
      startDate: minutesFromNow(-5 * 24 * 60),
      endDate: minutesFromNow(24 * 60),
    };
    const lessonIds = async (session: Session) => {
      const { body } = await local.api.call<Json>('schedule.list', {
        ...session,
        params: { userId: session.userId },
        query: range,
      });
      return (body.docs as Json[]).map((e) => e.sectionId);
    };
    expect(await lessonIds(sam)).toEqual(expect.arrayContaining([past._id, cancelled._id]));
    expect(await lessonIds(tutor1)).toEqual(expect.arrayContaining([past._id, cancelled._id]));
    const { body: feed } = await local.api.call<{ url: string }>('schedule.feedUrl', { ...sam });
    expect(await (await fetch(feed.url)).text()).toContain(`UID:${past._id}@learning-platform`);
    const day = pastStart.slice(0, 10);
    const busyBefore = await busyLessons('demo', ['demo-tutor-1'], [day]);
    expect(busyBefore.get('demo-tutor-1')!.map((l) => l.sectionId)).toContain(past._id);

    const deleted = await local.api.call('courses.adminDelete', { ...admin, params: { id: courseId } });
    expect(deleted.status).toBe(200);

    expect(await lessonIds(sam)).not.toEqual(expect.arrayContaining([past._id]));
    for (const session of [sam, tutor1]) {
      const ids = await lessonIds(session);
      expect(ids).not.toContain(past._id);
      expect(ids).not.toContain(cancelled._id);
    }
    const ics = await (await fetch(feed.url)).text();
    expect(ics).not.toContain(past._id);
    expect(ics).not.toContain(cancelled._id);
    const busyAfter = await busyLessons('demo', ['demo-tutor-1'], [day]);
    expect(busyAfter.get('demo-tutor-1')!.map((l) => l.sectionId)).not.toContain(past._id);
    // The time claims went too: the same time can be booked again for the tutor.
    const again = await placeLesson('demo', {
      start: pastStart,
      minutes: 60,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
      bufferMinutes: 15,
    });
    expect(again.start).toBe(pastStart);
    const gone = await local.api.call('courses.adminGet', { ...admin, params: { id: courseId } });
    expect(gone.status).toBe(404);
    const lessonGone = await local.api.call('schedule.get', { ...admin, params: { sectionId: past._id } });
    expect(lessonGone.status).toBe(404);
  });

  it('refuses a course with lessons still to come', async () => {
    const courseId = await staffedCourse();
    await placeLesson('demo', {
      course: courseId,
      start: minutesFromNow(40 * 24 * 60),
      minutes: 60,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
    });
    const refused = await local.api.call<Json>('courses.adminDelete', { ...admin, params: { id: courseId } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This course still has 1 upcoming lesson. Cancel them first.');
  });
});
