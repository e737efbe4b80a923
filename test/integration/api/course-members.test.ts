import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingTutor, mayBookInCourse } from '../../../shared/scheduling/course-booking';
import type { Course } from '../../../shared/schemas/course';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor2: Session;
let tutor3: Session;
let sam: Session;
let maya: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor2 = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
  tutor3 = await local.api.signIn('tutor3@demo.test', 'Demo-tutor-3');
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
});

describe('course tutors and students', () => {
  it('adds, lists, guards and removes tutors and students, keeping lessons consistent', async () => {
    const course = await local.api.call<Json>('courses.adminCreate', {
      ...admin,
      body: {
        title: 'IGCSE Chemistry group',
        curriculum: 'Cambridge IGCSE',
        subject: 'Chemistry',
        grade: 'Grade 9',
        type: 'Group',
      },
    });
    const courseId = course.body._id as string;
    const tutor = await local.api.call<Json>('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2', type: 'PRIMARY' },
    });
    expect(tutor.status).toBe(201);
    expect(tutor.body).toMatchObject({ role: 'tutor', type: 'PRIMARY', status: 'ENABLE' });
    const again = await local.api.call<Json>('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-tutor-2' },
    });
    expect(again.status).toBe(409);
    const notATutor = await local.api.call('courseTutors.create', {
      ...admin,
      body: { course: courseId, tutor: 'demo-student-1' },
    });
    expect(notATutor.status).toBe(400);
    const student = await local.api.call<Json>('courseStudents.create', {
      ...admin,
      body: { course: courseId, student: 'demo-student-3', type: 'CREDIT' },
    });
    expect(student.body).toMatchObject({ enrolment: 'ENROLLED', enrolmentType: 'CREDIT' });
    const students = await local.api.call<Json>('courseStudents.list', {
      ...admin,
      query: { course: courseId },
    });
    expect(students.body.totalDocs).toBe(1);

    // A lesson with them: the tutor cannot leave, the student can be unenrolled (and leaves the lesson).
    const start = new Date(Math.ceil((Date.now() + 20 * 86_400_000) / 900_000) * 900_000).toISOString();
    const lesson = await local.api.call<Json>('meetings.teamsAdminCreate', {
      ...admin,
      body: { course: courseId, title: 'Moles', start, duration: 60 },
    });
    expect(lesson.body).toMatchObject({ tutorId: 'demo-tutor-2', studentIds: ['demo-student-3'] });
    const check = await local.api.call<Json>('courseTutors.verifyDelete', {
      ...admin,
      params: { id: tutor.body._id },
    });
    expect(check.body).toMatchObject({
      canDelete: false,
      references: [{ entity: 'upcoming lesson', count: 1 }],
    });
    const disable = await local.api.call<Json>('courseTutors.update', {
      ...admin,
      params: { id: tutor.body._id },
      body: { action: 'DISABLE' },
    });
    expect(disable.status).toBe(409);

    const unenrolled = await local.api.call<Json>('courseStudents.update', {
      ...admin,
      params: { id: student.body._id },
      body: { status: 'UNENROLLED' },
    });
    expect(unenrolled.body.enrolment).toBe('UNENROLLED');
    const detail = await local.api.call<Json>('schedule.get', {
      ...admin,
      params: { sectionId: lesson.body._id },
    });
    expect(detail.body.studentIds).toEqual([]);
    const split = await local.api.call<Json>('courseStudents.ofUser', {
      ...admin,
      params: { userId: 'demo-student-3' },
    });
    expect(split.body.completedCourses.map((c: Json) => c._id)).toContain(courseId);
    expect(split.body.activeCourses.map((c: Json) => c._id)).not.toContain(courseId);

    const mine = await local.api.call<Json>('courseTutors.ofTutor', {
      ...tutor2,
      params: { tutorId: tutor2.userId },
    });
    expect(mine.body.docs.map((c: Json) => c._id)).toContain(courseId);
    const others = await local.api.call('courseTutors.ofTutor', {
      ...tutor2,
      params: { tutorId: 'demo-tutor-1' },
    });
    expect(others.status).toBe(403);

    // Cancel the lesson, then the tutor may go.
    await local.api.call('meetings.teamsAdminCancel', {
      ...admin,
      params: { id: lesson.body._id },
      body: { reason: 'Duration Change' },
    });
    const removed = await local.api.call('courseTutors.delete', {
      ...admin,
      params: { id: tutor.body._id },
      query: { course: courseId, mode: 'DELETE' },
    });
    expect(removed.status).toBe(200);
    const tutors = await local.api.call<Json>('courseTutors.list', { ...admin, query: { course: courseId } });
    expect(tutors.body.totalDocs).toBe(0);
    const gone = await local.api.call('courseStudents.delete', {
      ...admin,
      params: { id: student.body._id },
    });
    expect(gone.status).toBe(200);
  });
});

describe('the portal course page (GET /courses/{id})', () => {
  it('lists enabled tutors and enrolled students, and books with the tutor it lists; the back-office read keeps everyone', async () => {
    // Prepare: a group course with three tutors and three students; the PRIMARY tutor is then disabled
    // and one student unenrolled.
    const created = await local.api.call<Json>('courses.adminCreate', {
      ...admin,
      body: {
        title: 'IGCSE Physics group',
        curriculum: 'Cambridge IGCSE',
        subject: 'Physics',
        grade: 'Grade 10',
        // Published: a draft's students do not see it.
        status: 'ACTIVE',
      },
    });
    const course = created.body._id as string;
    const tutorIds: Record<string, string> = {};
    for (const [tutor, type] of [
      ['demo-tutor-1', 'TRIAL'],
      ['demo-tutor-2', 'PRIMARY'],
      ['demo-tutor-3', 'SUBSTITUTE'],
    ]) {
      const added = await local.api.call<Json>('courseTutors.create', {
        ...admin,
        body: { course, tutor, type },
      });
      tutorIds[tutor!] = added.body._id;
    }
    const studentIds: Record<string, string> = {};
    for (const student of ['demo-student-1', 'demo-student-2', 'demo-student-3']) {
      const added = await local.api.call<Json>('courseStudents.create', {
        ...admin,
        body: { course, student, type: 'CREDIT' },
      });
      studentIds[student] = added.body._id;
    }
    const disabled = await local.api.call<Json>('courseTutors.update', {
      ...admin,
      params: { id: tutorIds['demo-tutor-2']! },
      body: { action: 'DISABLE' },
    });
    expect(disabled.body.status).toBe('DISABLE');
    await local.api.call('courseStudents.update', {
      ...admin,
      params: { id: studentIds['demo-student-2']! },
      body: { status: 'UNENROLLED' },
    });

    // Act
    const page = await local.api.call<Json>('courses.get', { ...sam, params: { id: course } });
    const back = await local.api.call<Json>('courses.adminGet', { ...admin, params: { id: course } });

    // Assess: the portal lists the course as it runs.
    const people = (members: Json[]) => members.map((m) => m.user._id).sort();
    expect(page.status).toBe(200);
    expect(people(page.body.tutors)).toEqual(['demo-tutor-1', 'demo-tutor-3']);
    expect(people(page.body.students)).toEqual(['demo-student-1', 'demo-student-3']);
    for (const member of [...page.body.tutors, ...page.body.students]) expect(member.status).toBe('ENABLE');
    const asAdmin = await local.api.call<Json>('courses.get', { ...admin, params: { id: course } });
    expect(people(asAdmin.body.tutors)).toEqual(['demo-tutor-1', 'demo-tutor-3']);
    // The back-office keeps every member with their status.
    expect(people(back.body.tutors)).toEqual(['demo-tutor-1', 'demo-tutor-2', 'demo-tutor-3']);
    expect(people(back.body.students)).toEqual(['demo-student-1', 'demo-student-2', 'demo-student-3']);

    // What the page derives from the list is what the server does: Sam books with the tutor it names
    // (the disabled PRIMARY is gone, so the first enabled tutor); the unenrolled Maya may not book.
    const tutor = bookingTutor<Json & Parameters<typeof bookingTutor>[0][number]>(page.body.tutors);
    expect(tutor?.user._id).toBe(bookingTutor(back.body.tutors)?.user._id);
    expect(tutor?.user._id).toBe('demo-tutor-1');
    expect(
      mayBookInCourse(page.body as Course, [...page.body.tutors, ...page.body.students], sam.userId),
    ).toBe(true);
    let day = DateTime.now().setZone('Europe/London').startOf('day').plus({ days: 9 });
    while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 });
    const slots = await local.api.call<Json>('availability.slots', {
      ...sam,
      params: { userId: tutor!.user._id },
      query: { date: day.toISODate()!, deviceTimezone: 'Europe/London' },
    });
    const booked = await local.api.call<Json>('meetings.courseMeetingBook', {
      ...sam,
      body: { course, start: slots.body.docs[3].start, duration: 60 },
    });
    expect(booked.status).toBe(201);
    expect(booked.body.tutorId).toBe(tutor!.user._id);

    const mayasPage = await local.api.call<Json>('courses.get', { ...maya, params: { id: course } });
    expect(mayasPage.status).toBe(200);
    expect(
      mayBookInCourse(
        mayasPage.body as Course,
        [...mayasPage.body.tutors, ...mayasPage.body.students],
        maya.userId,
      ),
    ).toBe(false);
    const mayaBooks = await local.api.call('meetings.courseMeetingBook', {
      ...maya,
      body: { course, start: slots.body.docs[5].start, duration: 60 },
    });
    expect(mayaBooks.status).toBe(404);

    // A disabled tutor no longer reads the course; an enabled one finds themself among its tutors.
    expect((await local.api.call('courses.get', { ...tutor2, params: { id: course } })).status).toBe(404);
    const tutorsPage = await local.api.call<Json>('courses.get', { ...tutor3, params: { id: course } });
    expect(tutorsPage.body.tutors.map((m: Json) => m.user._id)).toContain(tutor3.userId);

    // People are shown by name to students; their tutors and the back-office see the addresses.
    for (const member of [...page.body.tutors, ...page.body.students]) {
      expect(member.user.email).toBeUndefined();
      expect(member.user.firstname).toEqual(expect.any(String));
    }
    expect(tutorsPage.body.students.every((m: Json) => m.user.email?.includes('@'))).toBe(true);
    expect(back.body.students.every((m: Json) => m.user.email?.includes('@'))).toBe(true);
  });
});
