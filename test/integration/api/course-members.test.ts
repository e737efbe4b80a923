import { beforeAll, describe, expect, it } from 'vitest';
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
