import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const ZONE = 'Europe/London';
const PHONE = { width: 390, height: 844 };
type Session = { token: string; userId: string };

/** A course of Tom's with Sam enrolled, as an admin sets one up (status as given; a new course is a draft). */
async function courseWithSam(title: string, status?: 'ACTIVE') {
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const created = await api.call<{ _id: string; status: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title,
      curriculum: 'Cambridge IGCSE',
      subject: 'Biology',
      grade: 'Grade 10',
      ...(status ? { status } : {}),
    },
  });
  expect(created.status).toBe(201);
  const course = created.body._id;
  await api.call('courseTutors.create', {
    ...admin,
    body: { course, tutor: 'demo-tutor-1', type: 'PRIMARY' },
  });
  await api.call('courseStudents.create', { ...admin, body: { course, student: 'demo-student-1' } });
  return { api, admin, course, status: created.body.status };
}

async function addLesson(
  api: ReturnType<typeof apiClient>,
  admin: Session,
  course: string,
  title: string,
  start: DateTime,
) {
  const lesson = await api.call<{ _id: string }>('meetings.teamsAdminCreate', {
    ...admin,
    body: { course, title, start: start.toUTC().toISO(), duration: 60 },
  });
  expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
  return lesson.body._id;
}

it('hides a draft course and its lesson from its student, and shows them once the course is active', async () => {
  // Prepare: a draft course with Sam enrolled and a lesson next week
  const title = `Draft Biology ${Date.now().toString(36)}`;
  const { api, admin, course, status } = await courseWithSam(title);
  expect(status).toBe('DRAFT');
  const start = DateTime.now()
    .setZone(ZONE)
    .plus({ days: 6 })
    .set({ hour: 6, minute: 15, second: 0, millisecond: 0 });
  const lesson = await addLesson(api, admin, course, 'Cell structure', start);

  // Act: Sam opens My courses, then the draft's own address
  const page = await browser.signedInPage(demo.student, '/portal/courses', { timezoneId: ZONE });
  await page.getByText('IGCSE Mathematics (Grade 10)').first().waitFor();

  // Assess: no card, no page, no lesson to cancel; the server refuses the cancel too
  expect(await page.getByTestId('course-card').filter({ hasText: title }).count()).toBe(0);
  await screenshot(page, 'draft-hidden-my-courses');
  await page.goto(browser.portalUrl(`/portal/courses/${course}`));
  await page.getByText('This course could not be loaded.').waitFor();
  expect(await page.getByTestId('lesson-row').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  await screenshot(page, 'draft-hidden-course-page');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'draft-hidden-course-page-phone');
  const sam = await api.signIn(demo.student.email, demo.student.password);
  const cancel = await api.call<{ message: string }>('meetings.teamsCancel', {
    ...sam,
    params: { id: lesson },
    body: { reason: 'Sickness' },
  });
  expect(cancel.status).toBe(404);

  // Its tutor sees it, marked as a draft
  const tutor = await browser.signedInPage(demo.tutor, `/portal/courses/${course}`, { timezoneId: ZONE });
  await tutor.getByRole('heading', { name: title }).waitFor();
  await tutor.getByText('Draft', { exact: true }).waitFor();
  await tutor.getByTestId('lesson-row').filter({ hasText: 'Cell structure' }).waitFor();

  // Act: the admin publishes it
  const published = await api.call('courses.adminUpdate', {
    ...admin,
    params: { id: course },
    body: { status: 'ACTIVE' },
  });
  expect(published.status).toBe(200);

  // Assess: Sam now has the card, the page and the lesson with its Cancel button
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(browser.portalUrl('/portal/courses'));
  const card = page.getByTestId('course-card').filter({ hasText: title });
  await card.waitFor();
  await card.getByRole('link', { name: 'Open course' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Cell structure' });
  await row.getByRole('button', { name: 'Cancel' }).waitFor();
  await screenshot(page, 'draft-published-course-page');
});

it('lists a course’s lessons by date and numbers them by date: one added for tomorrow comes first', async () => {
  // Prepare: an active course with a lesson a month away
  const title = `Ordered Biology ${Date.now().toString(36)}`;
  const { api, admin, course } = await courseWithSam(title, 'ACTIVE');
  const monthAway = DateTime.now()
    .setZone(ZONE)
    .plus({ days: 30 })
    .set({ hour: 6, minute: 45, second: 0, millisecond: 0 });
  await addLesson(api, admin, course, 'Lesson 1: Revision', monthAway);

  // Act: Tom adds a lesson for tomorrow from the course page
  const tutor = await browser.signedInPage(demo.tutor, `/portal/courses/${course}`, { timezoneId: ZONE });
  const titles = (page: typeof tutor) => page.getByTestId('lesson-title').allTextContents();
  await tutor.getByTestId('lesson-row').first().waitFor();
  expect(await titles(tutor)).toEqual(['Lesson 1: Revision']);
  await tutor.getByRole('button', { name: 'New lesson' }).click();
  const dialog = tutor.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Microscopes');
  const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 });
  await dialog.getByLabel(/^Date/).fill(tomorrow.toISODate() ?? '');
  await dialog.getByLabel(/^Time/).fill('05:30');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await tutor.getByText('Teams Meeting Added').waitFor();

  // Assess: tomorrow's lesson is first and is Lesson 1; the month-away one became Lesson 2
  await tutor.getByTestId('lesson-title').filter({ hasText: 'Microscopes' }).waitFor();
  expect(await titles(tutor)).toEqual(['Lesson 1: Microscopes', 'Lesson 2: Revision']);
  await screenshot(tutor, 'lessons-in-date-order-tutor');

  // Sam sees the same order and numbers, on a phone too
  const sam = await browser.signedInPage(demo.student, `/portal/courses/${course}`, { timezoneId: ZONE });
  await sam.getByTestId('lesson-title').nth(1).waitFor();
  expect(await titles(sam)).toEqual(['Lesson 1: Microscopes', 'Lesson 2: Revision']);
  await screenshot(sam, 'lessons-in-date-order-student');
  await sam.setViewportSize(PHONE);
  await screenshot(sam, 'lessons-in-date-order-student-phone');

  // And the back-office's content tab lists them by date, numbered alike
  const office = await browser.signedInPage(demo.admin, `/admin/courses/${course}`, { timezoneId: ZONE });
  const rows = office.getByTestId('section-row');
  await rows.nth(1).waitFor();
  expect(await office.getByTestId('section-title').allTextContents()).toEqual([
    'Microscopes',
    'Lesson 1: Revision',
  ]);
  expect(await office.getByTestId('lesson-number').allTextContents()).toEqual(['Lesson 1', 'Lesson 2']);
  // Lessons do not move past each other: their dates order them
  expect(await office.getByRole('button', { name: 'Move Microscopes down' }).isDisabled()).toBe(true);
  expect(await office.getByRole('button', { name: 'Move Lesson 1: Revision up' }).isDisabled()).toBe(true);
  await screenshot(office, 'lessons-in-date-order-admin');
  await office.setViewportSize(PHONE);
  await screenshot(office, 'lessons-in-date-order-admin-phone');
});
