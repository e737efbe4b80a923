import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { chosenDay, markedDays, shownMonth } from './support/booking';
import { browserStackPerFile, closeToast, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE_TITLE = 'IGCSE Mathematics (Grade 10)';

/** The titles of the top-level rows of the section editor, in the order shown. */
async function topLevelTitles(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="section-tree"] > div > [data-testid="section-row"]')
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector('[data-testid="section-title"]')?.textContent ?? ''),
    );
}

const row = (page: Page, title: string): Locator =>
  page.getByTestId('section-row').filter({ has: page.getByText(title, { exact: true }) });

/** A date far enough ahead that nothing else in this stack is booked then, as YYYY-MM-DD. */
function farDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

it('lets an admin build the demo course: folder, link, homework, lesson, order, audience, delete, people, schedule', async () => {
  // Prepare: from the courses list to the course page
  const page = await browser.signedInPage(demo.admin, '/admin/courses');
  await page.getByLabel('Search courses').fill(COURSE_TITLE);
  await page
    .getByRole('row', { name: new RegExp(COURSE_TITLE.replace(/[()]/g, '\\$&')) })
    .getByRole('link', { name: 'Open course' })
    .click();
  await page.waitForURL(/\/admin\/courses\/course-demo-igcse-maths$/);
  await page.getByRole('heading', { name: COURSE_TITLE }).waitFor();
  await page.getByText('Cambridge IGCSE · Mathematics · Grade 10').waitFor();
  await row(page, 'Lesson 1').waitFor();
  await screenshot(page, 'admin-course-page');

  // Act: a folder
  await page.getByRole('button', { name: 'Add folder' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Unit 1: Algebra');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Section Added').waitFor();
  await row(page, 'Unit 1: Algebra').waitFor();

  // Act: a link resource (the link path needs no upload)
  await page.getByRole('button', { name: 'Add resource' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Algebra notes');
  await dialog.getByText('Link', { exact: true }).click();
  await dialog.getByLabel(/^Link URL/).fill('not a link');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Enter a valid link').waitFor();
  await dialog.getByLabel(/^Link URL/).fill('example.com/algebra-notes');
  await screenshot(page, 'admin-course-resource-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await closeToast(page, 'Resource Added');
  const notes = row(page, 'Algebra notes');
  await notes.getByRole('link', { name: 'https://example.com/algebra-notes' }).waitFor();

  // Act: a file resource (presigned upload, then the section points at the stored file)
  const bytes = Buffer.from('%PDF-1.4 formula sheet for unit 1');
  await page.getByRole('button', { name: 'Add resource' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Formula sheet');
  await dialog
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'formulas?.pdf', mimeType: 'application/pdf', buffer: bytes });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Resource Added').waitFor();
  const fileLink = row(page, 'Formula sheet').getByRole('link', { name: /^formulas.*\.pdf$/ });
  await fileLink.waitFor();
  const stored = await fetch((await fileLink.getAttribute('href'))!);
  expect(stored.status).toBe(200);
  expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);

  // Act: homework with a due date
  await page.getByRole('button', { name: 'Add homework' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Algebra worksheet');
  await dialog.getByLabel('Instructions').fill('Solve questions 1 to 10.');
  await dialog.getByLabel('Due date').fill(farDate(14));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Homework Added').waitFor();
  await row(page, 'Algebra worksheet').getByRole('link', { name: 'Submissions' }).waitFor();

  // Act: reorder (the homework goes above the file, the folder below the notes)
  let titles = await topLevelTitles(page);
  expect(titles.slice(-4)).toEqual([
    'Unit 1: Algebra',
    'Algebra notes',
    'Formula sheet',
    'Algebra worksheet',
  ]);
  await page.getByRole('button', { name: 'Move Algebra worksheet up' }).click();
  await expect
    .poll(async () => (await topLevelTitles(page)).slice(-4))
    .toEqual(['Unit 1: Algebra', 'Algebra notes', 'Algebra worksheet', 'Formula sheet']);
  await page.getByRole('button', { name: 'Move Unit 1: Algebra down' }).click();
  await expect
    .poll(async () => (await topLevelTitles(page)).slice(-4))
    .toEqual(['Algebra notes', 'Unit 1: Algebra', 'Algebra worksheet', 'Formula sheet']);
  // The order is the server's: it stays after a reload.
  await page.reload();
  await row(page, 'Algebra notes').waitFor();
  titles = await topLevelTitles(page);
  expect(titles.slice(-4)).toEqual([
    'Algebra notes',
    'Unit 1: Algebra',
    'Algebra worksheet',
    'Formula sheet',
  ]);

  // Act: audience, for tutors only
  await notes.getByRole('button', { name: /Audience of Algebra notes: students/ }).click();
  await page.getByText('Section Updated').first().waitFor();
  await notes.getByRole('button', { name: /Audience of Algebra notes: tutors only/ }).waitFor();

  // Act: a lesson inside the folder (date and time in the admin's zone, a tutor of the course)
  const lessonDate = farDate(200);
  await page.getByRole('button', { name: 'Add to Unit 1: Algebra' }).click();
  await page.getByRole('menuitem', { name: 'Lesson' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Algebra kick-off');
  await dialog.getByLabel(/^Date/).fill(lessonDate);
  await dialog.getByLabel(/^Time/).fill('10:00');
  await dialog.getByLabel('Duration').selectOption({ label: '45 min' });
  expect(await dialog.getByLabel(/^Tutor/).inputValue()).toBe('demo-tutor-1');
  await dialog.getByText('Times are in Asia/Singapore').waitFor();
  await screenshot(page, 'admin-course-lesson-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Teams Meeting Added').waitFor();
  const kickOff = row(page, 'Algebra kick-off');
  await kickOff.getByText('Class Not Started').waitFor();
  await kickOff.getByText('10:00 AM').waitFor();

  // Act: the same time again is taken: the server's 409 shows in the dialog
  await page.getByRole('button', { name: 'Add lesson' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Clashing lesson');
  await dialog.getByLabel(/^Date/).fill(lessonDate);
  await dialog.getByLabel(/^Time/).fill('10:15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog
    .getByRole('alert')
    .getByText('Sorry, this time is no longer free. Please choose another one.')
    .waitFor();
  await screenshot(page, 'admin-course-lesson-conflict');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Act: deleting the folder is refused while it holds the upcoming lesson
  await row(page, 'Unit 1: Algebra').getByRole('button', { name: 'Delete Unit 1: Algebra' }).click();
  let confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await confirm
    .getByRole('alert')
    .getByText('This section holds 1 upcoming lesson. Cancel them first.')
    .waitFor();
  await screenshot(page, 'admin-course-delete-refused');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Act: delete the resource
  await notes.getByRole('button', { name: 'Delete Algebra notes' }).click();
  confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Resource Deleted').waitFor();
  await notes.waitFor({ state: 'detached' });
  await screenshot(page, 'admin-course-content');

  // Act: tutors: add Grace as a substitute, then disable her
  await page.getByRole('tab', { name: 'Tutors' }).click();
  await page.getByRole('cell', { name: 'Tom Turing' }).waitFor();
  await page.getByRole('button', { name: 'New tutor' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search tutors').fill('grace');
  await dialog.getByLabel(/^Tutor$/).selectOption({ label: 'Grace Hopper (tutor2@demo.test)' });
  await dialog.getByLabel('Tutor type').selectOption({ label: 'Substitute' });
  await screenshot(page, 'admin-course-add-tutor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Tutor Added').waitFor();
  const grace = page.getByRole('row', { name: /Grace Hopper/ });
  await grace.getByText('Substitute').waitFor();
  await grace.getByRole('button', { name: 'Disable' }).click();
  await page.getByText('Tutor Updated').waitFor();
  await grace.getByText('Disabled').waitFor();
  // Tom still teaches upcoming lessons: verify-delete says so and removal is not offered.
  await page
    .getByRole('row', { name: /Tom Turing/ })
    .getByRole('button', { name: 'Remove' })
    .click();
  confirm = page.getByRole('alertdialog');
  await confirm
    .getByTestId('verify-delete')
    .getByText(/upcoming lessons? of this course/)
    .waitFor();
  expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
  await screenshot(page, 'admin-course-tutors-remove');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // Grace has no lessons: she can be removed.
  await grace.getByRole('button', { name: 'Remove' }).click();
  confirm = page.getByRole('alertdialog');
  await confirm.getByText('This tutor can be removed').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Tutor Deleted').waitFor();
  await grace.waitFor({ state: 'detached' });

  // Act: students: enrol Leo
  await page.getByRole('tab', { name: 'Students' }).click();
  await page.getByRole('cell', { name: 'Sam Student' }).waitFor();
  await page.getByRole('button', { name: 'New student' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search students').fill('leo');
  await dialog.getByLabel(/^Student$/).selectOption({ label: 'Leo Learner (student3@demo.test)' });
  await dialog.getByLabel('Enrolment type').selectOption({ label: 'Credit' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Student Added').waitFor();
  const leo = page.getByRole('row', { name: /Leo Learner/ });
  await leo.getByText('Credit').waitFor();
  await leo.getByText('Enrolled').waitFor();
  await screenshot(page, 'admin-course-students');
  await leo.getByRole('button', { name: 'Edit student' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Enrolment', { exact: true }).selectOption({ label: 'Unenrolled' });
  await dialog.getByText("Unenrolling takes the student out of this course's upcoming lessons.").waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Student Updated').waitFor();
  await leo.getByText('Unenrolled').waitFor();
  await leo.getByRole('button', { name: 'Delete student' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Student Deleted').waitFor();
  await leo.waitFor({ state: 'detached' });

  // Assess: the schedule tab lists the course's lessons with the timing chip
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await page.getByRole('cell', { name: /^Lesson 1/ }).waitFor();
  expect(await page.getByTestId('class-timing').first().textContent()).toBe('Class Not Started');
  await screenshot(page, 'admin-course-schedule');
});

it('shows the admin schedule with its count and filters it by tutor', async () => {
  const page = await browser.signedInPage(demo.admin, '/admin/schedule');
  await page.getByRole('link', { name: 'Schedule' }).waitFor();
  await page.getByRole('heading', { name: 'Schedule' }).waitFor();
  await page.getByRole('cell', { name: /^Lesson 1/ }).waitFor();
  // The badge is the countOnly answer for now .. the start of the 7th day ahead (the admin's zone).
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const weekEnd = DateTime.now().setZone('Asia/Singapore').plus({ days: 7 }).startOf('day').toUTC().toISO()!;
  const expected = await api.call<{ totalDocs: number; docs: unknown[] }>('schedule.adminMeetings', {
    ...admin,
    query: { startDate: new Date().toISOString(), endDate: weekEnd, limit: 100 },
  });
  await expect
    .poll(async () => Number(await page.getByTestId('upcoming-count').textContent()))
    .toBe(expected.body.docs.length);
  const totalAll = Number(/of (\d+)/.exec((await page.getByTestId('list-total').textContent()) ?? '')?.[1]);
  expect(totalAll).toBeGreaterThanOrEqual(4);
  await screenshot(page, 'admin-schedule');

  // Act: Tom's lessons only
  await page.getByLabel('Tutor').selectOption({ label: 'Tom Turing' });
  await page.getByRole('cell', { name: /^Lesson 1/ }).waitFor();
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: COURSE_TITLE }) });
  expect(await rows.count()).toBeGreaterThanOrEqual(4);
  for (const text of await page.locator('tbody tr td:nth-child(4)').allTextContents()) {
    expect(text).toBe('Tom Turing');
  }
  await screenshot(page, 'admin-schedule-by-tutor');

  // Act: a tutor with no lessons
  await page.getByLabel('Tutor').selectOption({ label: 'Mei Lin' });
  await page.getByText('No lessons found').waitFor();
  // One empty state: the table says it, the total under it stays blank
  expect(await page.getByTestId('list-total').textContent()).toBe('');
  expect(await page.getByText('No results').count()).toBe(0);

  // Assess: a row's course link opens the admin course page
  await page.getByLabel('Tutor').selectOption({ label: 'Tom Turing' });
  await page.getByRole('link', { name: COURSE_TITLE }).first().click();
  await page.waitForURL(/\/admin\/courses\/course-demo-igcse-maths$/);
});

it('edits a course from its header and, on delete, goes back to the list', async () => {
  // Prepare: a course of its own
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const title = `Header course ${Date.now().toString(36)}`;
  const created = await api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: { title, curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' },
  });
  const page = await browser.signedInPage(demo.admin, `/admin/courses/${created.body._id}`);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByText('No content yet').waitFor();

  // Act: edit
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  expect(await dialog.getByLabel(/^Title/).inputValue()).toBe(title);
  await dialog.getByLabel(/^Title/).fill(`${title} v2`);
  await dialog.getByLabel('Lesson duration').selectOption({ label: '1 hr 30 min' });
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess
  await page.getByText('Course Updated').waitFor();
  await page.getByRole('heading', { name: `${title} v2` }).waitFor();
  await page.getByText('1 hr 30 min').waitFor();
  await screenshot(page, 'admin-course-header-edited');

  // Act: delete
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();

  // Assess: the toast and the list
  await page.getByText('Course Deleted').waitFor();
  await page.waitForURL(/\/admin\/courses$/);
  const gone = await api.call('courses.adminGet', { ...admin, params: { id: created.body._id } });
  expect(gone.status).toBe(404);
});

it('filters the courses list by subject, grade, student and tutor', async () => {
  // Prepare: an IB chemistry course with Leo as its student and Grace as its tutor
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const title = `Chemistry circle ${Date.now().toString(36)}`;
  const created = await api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: { title, curriculum: 'IB Diploma', subject: 'Chemistry', grade: 'Grade 11' },
  });
  expect(created.status).toBe(201);
  const course = created.body._id;
  await api.call('courseStudents.create', { ...admin, body: { course, student: 'demo-student-3' } });
  await api.call('courseTutors.create', { ...admin, body: { course, tutor: 'demo-tutor-2' } });
  const page = await browser.signedInPage(demo.admin, '/admin/courses');
  const filters = page.getByRole('group', { name: 'Filters' });
  const chemistry = page.getByRole('row', { name: new RegExp(title) });
  const maths = page.getByRole('row', { name: /IGCSE Mathematics \(Grade 10\)/ });
  await maths.waitFor();

  // Act: subject, then grade
  await filters.getByLabel('Subject', { exact: true }).selectOption('Chemistry');
  await chemistry.waitFor();
  await maths.waitFor({ state: 'detached' });
  await filters.getByLabel('Grade', { exact: true }).selectOption('Grade 12');
  await page.getByText('No courses found').waitFor();
  await filters.getByLabel('Grade', { exact: true }).selectOption('Grade 11');
  await chemistry.waitFor();
  await filters.getByLabel('Subject', { exact: true }).selectOption('');
  await filters.getByLabel('Grade', { exact: true }).selectOption('');
  await maths.waitFor();

  // Act: a student, found by name
  await filters.getByLabel('Search students').fill('leo');
  await filters
    .getByLabel('Student', { exact: true })
    .selectOption({ label: 'Leo Learner (student3@demo.test)' });
  await maths.waitFor({ state: 'detached' });
  await chemistry.waitFor();
  await screenshot(page, 'admin-courses-filtered-by-student');

  // Act: a tutor instead
  await filters.getByLabel('Student', { exact: true }).selectOption('');
  await filters.getByLabel('Search tutors').fill('tom');
  await filters.getByLabel('Tutor', { exact: true }).selectOption({ label: 'Tom Turing (tutor1@demo.test)' });
  await maths.waitFor();
  await chemistry.waitFor({ state: 'detached' });
  await filters.getByLabel('Search tutors').fill('grace');
  await filters
    .getByLabel('Tutor', { exact: true })
    .selectOption({ label: 'Grace Hopper (tutor2@demo.test)' });
  await chemistry.waitFor();
  await maths.waitFor({ state: 'detached' });
  await screenshot(page, 'admin-courses-filtered-by-tutor');
});

it('reschedules and cancels lessons from the course page and the schedule, showing a clash', async () => {
  // Prepare: two lessons of Tom's on a far day, 10:00 and 14:00 in the admin's zone (Singapore)
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const stamp = Date.now().toString(36);
  const day = DateTime.now().setZone('Asia/Singapore').plus({ days: 230 }).startOf('day');
  const lesson = async (title: string, hour: number) => {
    const created = await api.call<{ _id: string }>('meetings.teamsAdminCreate', {
      ...admin,
      body: {
        course: 'course-demo-igcse-maths',
        title,
        start: day.set({ hour }).toUTC().toISO(),
        duration: 60,
      },
    });
    expect(created.status).toBe(201);
    return created.body._id;
  };
  const titleA = `Change A ${stamp}`;
  const titleB = `Change B ${stamp}`;
  const lessonA = await lesson(titleA, 10);
  await lesson(titleB, 14);
  const page = await browser.signedInPage(demo.admin, '/admin/courses/course-demo-igcse-maths');
  const rowA = row(page, titleA);
  await rowA.waitFor();

  // Act: move A onto B's time: the server's 409 shows in the dialog
  await rowA.getByRole('button', { name: `Reschedule ${titleA}` }).click();
  let dialog = page.getByRole('dialog');
  // (beyond the booking horizon: no free times to offer, so the admin types one)
  await dialog.getByRole('button', { name: 'Enter another time' }).click();
  expect(await dialog.getByLabel(/^New date/).inputValue()).toBe(day.toISODate());
  expect(await dialog.getByLabel(/^New time/).inputValue()).toBe('10:00');
  await dialog.getByLabel('Reason', { exact: true }).selectOption('Due to a lesson Overlap');
  await dialog.getByLabel(/^New time/).fill('14:00');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await dialog
    .getByRole('alert')
    .getByText('Sorry, this time is no longer free. Please choose another one.')
    .waitFor();
  await screenshot(page, 'admin-lesson-reschedule-clash');

  // Act: a free time instead
  await dialog.getByLabel(/^New time/).fill('16:00');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();

  // Assess
  await page.getByText('Lesson Rescheduled').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await rowA.getByText(/04:00 PM/).waitFor();

  // Act: cancel A (a reason is required)
  await rowA.getByRole('button', { name: `Cancel ${titleA}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel lesson' }).click();
  await dialog.getByText('Choose a reason').waitFor();
  await dialog.getByLabel('Reason', { exact: true }).selectOption('Sickness');
  await screenshot(page, 'admin-lesson-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancel lesson' }).click();

  // Assess: cancelled, no longer changeable; recorded as applied admin changes
  await page.getByText('Lesson Cancelled').waitFor();
  await rowA.getByText('Cancelled', { exact: true }).waitFor();
  expect(await rowA.getByRole('button', { name: `Reschedule ${titleA}` }).count()).toBe(0);
  await screenshot(page, 'admin-course-content-after-changes');
  const applied = await api.call<{
    docs: Array<{ sectionId: string; type: string; requestedByRole: string }>;
  }>('meetingRequests.adminList', { ...admin, query: { statuses: 'APPROVED', limit: 100 } });
  const changes = applied.body.docs.filter((r) => r.sectionId === lessonA);
  expect(changes.map((r) => r.type).sort()).toEqual(['CANCEL', 'RESCHEDULE']);
  expect(changes.every((r) => r.requestedByRole === 'ADMIN')).toBe(true);

  // Act: reschedule B to the next morning from the admin schedule
  await page.goto(browser.portalUrl('/admin/schedule'));
  await page.getByLabel('From', { exact: true }).fill(day.toISODate()!);
  const scheduleRow = page.getByRole('row', { name: new RegExp(titleB) });
  await scheduleRow.getByRole('button', { name: `Reschedule ${titleB}` }).click();
  dialog = page.getByRole('dialog');
  const nextDay = day.plus({ days: 1 });
  await dialog.getByRole('button', { name: 'Enter another time' }).click();
  await dialog.getByLabel(/^New date/).fill(nextDay.toISODate()!);
  await dialog.getByLabel(/^New time/).fill('09:00');
  await dialog.getByLabel('Reason', { exact: true }).selectOption('Time Zone change');
  await screenshot(page, 'admin-schedule-reschedule-dialog');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();

  // Assess: the row shows the new day and time
  await page.getByText('Lesson Rescheduled').waitFor();
  await scheduleRow.getByText(nextDay.toFormat('yyyy LLL dd')).waitFor();
  await scheduleRow.getByText(/^09:00 AM/).waitFor();

  // Act: cancel B from the schedule
  await scheduleRow.getByRole('button', { name: `Cancel ${titleB}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason', { exact: true }).selectOption('Technical issue');
  await dialog.getByRole('button', { name: 'Cancel lesson' }).click();
  await page.getByText('Lesson Cancelled').waitFor();
  await scheduleRow.getByRole('button', { name: `Cancel ${titleB}` }).waitFor({ state: 'detached' });
  await screenshot(page, 'admin-schedule-after-changes');
});

it("moves a lesson through the tutor's free times in the booking calendar, never offering its own time", async () => {
  // Prepare: a lesson of Tom's at 10:00 London (18:00 in the admin's Singapore) on a working day next month
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  let day = DateTime.now().setZone('Europe/London').startOf('month').plus({ months: 1, days: 7 });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 });
  const title = `Calendar move ${Date.now().toString(36)}`;
  const created = await api.call<{ _id: string }>('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: 'course-demo-igcse-maths',
      title,
      start: day.set({ hour: 10 }).toUTC().toISO(),
      duration: 60,
    },
  });
  expect(created.status).toBe(201);
  const page = await browser.signedInPage(demo.admin, '/admin/courses/course-demo-igcse-maths');

  // Act
  await row(page, title)
    .getByRole('button', { name: `Reschedule ${title}` })
    .click();
  const dialog = page.getByRole('dialog');

  // Assess: the lesson's month with Tom's free days marked, its day chosen, its own time not offered
  const date = day.toISODate() ?? '';
  await expect.poll(() => chosenDay(dialog)).toBe(date);
  expect(await shownMonth(dialog)).toBe(day.toFormat('LLLL yyyy'));
  expect(await markedDays(dialog)).toContain(date);
  const freeTimes = dialog.getByRole('group', { name: 'Free times' });
  await freeTimes.getByRole('button', { name: '08:00 PM' }).waitFor();
  expect(await freeTimes.getByRole('button', { name: '06:00 PM' }).count()).toBe(0);
  await screenshot(page, 'admin-reschedule-calendar');

  // Act: 12:00 London (20:00 Singapore) is chosen, then taken by another lesson before saving
  await freeTimes.getByRole('button', { name: '08:00 PM' }).click();
  await dialog.getByLabel('Reason', { exact: true }).selectOption('School Activity');
  const taken = await api.call('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: 'course-demo-igcse-maths',
      title: `Taken meanwhile ${title}`,
      start: day.set({ hour: 12 }).toUTC().toISO(),
      duration: 60,
    },
  });
  expect(taken.status).toBe(201);
  await dialog.getByRole('button', { name: 'Reschedule' }).click();

  // Assess: refused in the dialog, and the times read again without it
  await dialog
    .getByRole('alert')
    .getByText('Sorry, this time is no longer free. Please choose another one.')
    .waitFor();
  await freeTimes.getByRole('button', { name: '08:00 PM' }).waitFor({ state: 'detached' });

  // Act: 13:30 London, 21:30 Singapore
  await freeTimes.getByRole('button', { name: '09:30 PM' }).click();
  await dialog.getByRole('button', { name: 'Reschedule' }).click();

  // Assess
  await page.getByText('Lesson Rescheduled').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row(page, title)
    .getByText(/09:30 PM/)
    .waitFor();
  const moved = await api.call<{ start: string }>('sections.adminGet', {
    ...admin,
    params: { id: created.body._id },
  });
  expect(moved.body.start).toBe(day.set({ hour: 13, minute: 30 }).toUTC().toISO());
});
