import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_BOOKING_REFUSED,
  mayBookInCourse,
  TRIAL_BOOKING_REFUSED,
} from '../../../shared/scheduling/course-booking';
import type { Course } from '../../../shared/schemas/course';
import { demo } from '../../support/api-client';
import { londonWeekday, quarterHourFromNow } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

/*
 * Group and free-trial courses: their students do not book lessons themselves (the tutor or the
 * back-office schedules a group's lessons; a trial course holds the one free lesson), and a student's
 * cancel or reschedule of a group lesson always waits for an admin, as it changes the lesson for the
 * whole group. Tutors and admins keep their powers; a one-to-one course works as before.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let maya: Session;
let leo: Session;
let groupCourse: string;

async function freeSlots(session: Session, tutorId: string, date: string, sectionId?: string) {
  const { status, body } = await local.api.call<{ docs: Array<{ start: string }> }>('availability.slots', {
    ...session,
    params: { userId: tutorId },
    query: { date, deviceTimezone: 'Europe/London', ...(sectionId ? { sectionId } : {}) },
  });
  expect(status).toBe(200);
  return body.docs.map((slot) => slot.start);
}

async function courseLessons(courseId: string): Promise<Json[]> {
  const { body } = await local.api.call<Json>('courses.adminGet', {
    ...admin,
    params: { id: courseId },
    query: { subSections: '1' },
  });
  return (body.sections ?? []).filter((s: Json) => s.kind === 'TEAMS' || s.kind === 'ZOOM');
}

async function lesson(session: Session, sectionId: string): Promise<Json> {
  const { status, body } = await local.api.call<Json>('schedule.get', { ...session, params: { sectionId } });
  expect(status).toBe(200);
  return body;
}

async function adminLesson(courseId: string, start: string): Promise<Json> {
  const created = await local.api.call<Json>('meetings.teamsAdminCreate', {
    ...admin,
    body: { course: courseId, title: 'Group lesson', start, duration: 60 },
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
  leo = await local.api.signIn(demo.student3.email, demo.student3.password);

  const created = await local.api.call<Json>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'IB Physics HL',
      curriculum: 'IB Diploma',
      subject: 'Physics',
      grade: 'Grade 12',
      type: 'Group',
      status: 'ACTIVE',
    },
  });
  expect(created.status).toBe(201);
  groupCourse = created.body._id;
  const added = await local.api.call('courseTutors.create', {
    ...admin,
    body: { course: groupCourse, tutor: 'demo-tutor-1', type: 'PRIMARY' },
  });
  expect(added.status).toBe(201);
  for (const student of ['demo-student-1', 'demo-student-2']) {
    const enrolled = await local.api.call('courseStudents.create', {
      ...admin,
      body: { course: groupCourse, student, type: 'CREDIT' },
    });
    expect(enrolled.status).toBe(201);
  }
});

describe('student bookings', () => {
  it("refuses a student's booking in a group course with its reason and writes nothing; its tutor and admins still schedule", async () => {
    // Prepare: a free slot of the group's tutor.
    const date = londonWeekday(9);
    const [slot] = await freeSlots(sam, 'demo-tutor-1', date);
    expect(slot).toBeDefined();

    // Act
    const booked = await local.api.call<Json>('meetings.courseMeetingBook', {
      ...sam,
      body: { course: groupCourse, start: slot, duration: 60 },
    });

    // Assess: a 403 naming why; no lesson, the slot still free.
    expect(booked.status).toBe(403);
    expect(booked.body.message).toBe(GROUP_BOOKING_REFUSED);
    expect(await courseLessons(groupCourse)).toEqual([]);
    expect(await freeSlots(sam, 'demo-tutor-1', date)).toContain(slot);
    // Someone outside the course still gets the 404 of a course they cannot read.
    const outsider = await local.api.call('meetings.courseMeetingBook', {
      ...leo,
      body: { course: groupCourse, start: slot, duration: 60 },
    });
    expect(outsider.status).toBe(404);
    // The page hides "Book a lesson" by the same rule, from the course it reads.
    const page = await local.api.call<Json>('courses.get', { ...sam, params: { id: groupCourse } });
    expect(page.body.type).toBe('Group');
    const members = [...page.body.tutors, ...page.body.students];
    expect(mayBookInCourse(page.body as Course, members, sam.userId)).toBe(false);

    // The tutor schedules a lesson for the whole group.
    const byTutor = await local.api.call<Json>('meetings.teamsCreate', {
      ...tutor,
      body: { course: groupCourse, title: 'Kinematics', start: slot, duration: 60 },
    });
    expect(byTutor.status).toBe(201);
    expect([...byTutor.body.studentIds].sort()).toEqual(['demo-student-1', 'demo-student-2']);
    expect(await courseLessons(groupCourse)).toHaveLength(1);
  });

  it('refuses a second lesson in a free-trial course; the trial lesson moves (still one lesson) and cancels as before', async () => {
    // Prepare: Leo books his free trial.
    let day = DateTime.now().setZone('Asia/Singapore').startOf('day').plus({ days: 4 });
    while (day.weekday !== 3) day = day.plus({ days: 1 });
    const { body: slots } = await local.api.call<{ docs: Array<Json> }>('trials.slots', {
      query: {
        date: day.toISODate()!,
        curriculum: 'Cambridge IGCSE',
        subject: 'Mathematics',
        grade: 'Grade 10',
        deviceTimezone: 'Asia/Singapore',
      },
    });
    const trialSlot = slots.docs[0]!;
    const trial = await local.api.call<Json>('trials.book', {
      ...leo,
      body: {
        curriculum: 'Cambridge IGCSE',
        subject: 'Mathematics',
        grade: 'Grade 10',
        startDate: trialSlot.start,
        endDate: trialSlot.end,
        tutorId: trialSlot.tutorId,
      },
    });
    expect(trial.status).toBe(201);
    const { courseId, trial: booked } = trial.body;
    const trialTutor = booked.tutorId as string;
    const date = londonWeekday(16);
    const [other] = await freeSlots(leo, trialTutor, date);
    expect(other).toBeDefined();

    // Act: book another lesson in the trial course.
    const second = await local.api.call<Json>('meetings.courseMeetingBook', {
      ...leo,
      body: { course: courseId, start: other, duration: 60 },
    });

    // Assess: refused, nothing written.
    expect(second.status).toBe(403);
    expect(second.body.message).toBe(TRIAL_BOOKING_REFUSED);
    expect((await courseLessons(courseId)).map((s) => s._id)).toEqual([booked.sectionId]);
    expect(await freeSlots(leo, trialTutor, date)).toContain(other);
    const page = await local.api.call<Json>('courses.get', { ...leo, params: { id: courseId } });
    expect(page.body.isTrial).toBe(true);
    const members = [...page.body.tutors, ...page.body.students];
    expect(mayBookInCourse(page.body as Course, members, leo.userId)).toBe(false);

    // A reschedule moves the one trial lesson (the trial follows it): no extra lesson.
    const [target] = await freeSlots(leo, trialTutor, londonWeekday(17), booked.sectionId);
    const moved = await local.api.call<Json>('meetings.teamsReschedule', {
      ...leo,
      params: { id: booked.sectionId },
      body: { reason: 'School Activity', start: target },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      status: 'APPROVED',
      lesson: { _id: booked.sectionId, start: target },
    });
    const lessons = await courseLessons(courseId);
    expect(lessons).toHaveLength(1);
    expect(lessons[0]).toMatchObject({ _id: booked.sectionId, start: target, status: 'ACTIVE' });
    const trials = await local.api.call<Json>('trials.list', { ...leo });
    expect(trials.body.docs.find((t: Json) => t._id === booked._id)).toMatchObject({
      startDate: target,
      status: 'SCHEDULED',
    });

    // Cancelling works as today: at once, and the trial is cancelled with it.
    const cancelled = await local.api.call<Json>('meetings.teamsCancel', {
      ...leo,
      params: { id: booked.sectionId },
      body: { reason: 'Sickness' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'APPROVED', lesson: { status: 'CANCELLED' } });
    const after = await local.api.call<Json>('trials.list', { ...leo });
    expect(after.body.docs.find((t: Json) => t._id === booked._id)).toMatchObject({ status: 'CANCELED' });
  });
});

describe('changes to group lessons', () => {
  it("turns a student's cancel far ahead into a PENDING request; the lesson stays for the group until an admin approves", async () => {
    // Prepare: a lesson of the group, 30 days ahead.
    const groupLesson = await adminLesson(groupCourse, quarterHourFromNow(30 * 24));
    expect([...groupLesson.studentIds].sort()).toEqual(['demo-student-1', 'demo-student-2']);

    // Act
    const asked = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: groupLesson._id },
      body: { reason: 'Sickness' },
    });

    // Assess: a request (the portal's toast: "Cancellation Request Sent"); the lesson is still on.
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'PENDING',
      request: { type: 'CANCEL', status: 'PENDING', requestedByRole: 'STUDENT' },
      lesson: { status: 'ACTIVE' },
    });
    expect(await lesson(maya, groupLesson._id)).toMatchObject({ status: 'ACTIVE' });
    // Maya cannot send a second change while Sam's waits.
    const second = await local.api.call('meetings.teamsCancel', {
      ...maya,
      params: { id: groupLesson._id },
      body: { reason: 'Sickness' },
    });
    expect(second.status).toBe(409);

    const approved = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'APPROVE' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'APPROVED' });
    expect(await lesson(maya, groupLesson._id)).toMatchObject({ status: 'CANCELLED' });
  });

  it("turns a student's reschedule far ahead into a request too; the tutor's and an admin's changes apply at once", async () => {
    const groupLesson = await adminLesson(groupCourse, quarterHourFromNow(40 * 24));
    const [target] = await freeSlots(maya, 'demo-tutor-1', londonWeekday(23), groupLesson._id);

    const asked = await local.api.call<Json>('meetings.teamsReschedule', {
      ...maya,
      params: { id: groupLesson._id },
      body: { reason: 'School Activity', start: target },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'PENDING',
      request: { type: 'RESCHEDULE', newStart: target },
    });
    expect(await lesson(sam, groupLesson._id)).toMatchObject({ start: groupLesson.start, status: 'ACTIVE' });
    const rejected = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'REJECT' },
    });
    expect(rejected.body.request.status).toBe('REJECTED');

    const byTutor = await local.api.call<Json>('meetings.teamsReschedule', {
      ...tutor,
      params: { id: groupLesson._id },
      body: { reason: 'Due to a lesson Overlap', start: target },
    });
    expect(byTutor.status).toBe(200);
    expect(byTutor.body).toMatchObject({ status: 'APPROVED', lesson: { start: target } });
    const byAdmin = await local.api.call<Json>('meetings.teamsAdminCancel', {
      ...admin,
      params: { id: groupLesson._id },
      body: { reason: 'Technical issue' },
    });
    expect(byAdmin.body).toMatchObject({ status: 'APPROVED', lesson: { status: 'CANCELLED' } });
  });

  it("applies a student's far-ahead change at once in a one-to-one course, unless the lesson has classmates", async () => {
    // Sam's own one-to-one lesson: cancelled at once.
    const own = await adminLesson('course-demo-igcse-maths', quarterHourFromNow(50 * 24));
    expect(own.studentIds).toEqual(['demo-student-1']);
    const cancelled = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: own._id },
      body: { reason: 'Sickness' },
    });
    expect(cancelled.body).toMatchObject({ status: 'APPROVED', lesson: { status: 'CANCELLED' } });

    // A one-to-one course with two students, and a lesson scheduled for both: a request.
    const created = await local.api.call<Json>('courses.adminCreate', {
      ...admin,
      body: {
        title: 'IGCSE Chemistry',
        curriculum: 'Cambridge IGCSE',
        subject: 'Chemistry',
        grade: 'Grade 10',
        // Published: a draft's students do not change its lessons.
        status: 'ACTIVE',
      },
    });
    const courseId = created.body._id as string;
    expect(created.body.type).toBe('One-to-One');
    await local.api.call('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2', type: 'PRIMARY' },
    });
    for (const student of ['demo-student-1', 'demo-student-2']) {
      await local.api.call('courseStudents.create', { ...admin, body: { course: courseId, student } });
    }
    const shared = await adminLesson(courseId, quarterHourFromNow(51 * 24));
    expect(shared.studentIds).toHaveLength(2);
    const asked = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: shared._id },
      body: { reason: 'Sickness' },
    });
    expect(asked.body).toMatchObject({ status: 'PENDING', lesson: { status: 'ACTIVE' } });
  });
});
