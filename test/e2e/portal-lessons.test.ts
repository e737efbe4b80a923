import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { getSection } from '../../functions/repositories/sections';
import { apiClient, demo } from '../support/api-client';
import { chosenDay, markedDays, monthCalendar, pickDay } from './support/booking';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const ZONE = 'Europe/London';
const COURSE = 'course-demo-igcse-maths';

/** A weekday (not Tuesday, when the demo lessons are) at least `ahead` days away, London date. */
function weekdayAhead(ahead: number): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: ahead });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 });
  return day;
}

it('a student books a lesson from the tutor’s free times; a time taken meanwhile shows the server’s 409', async () => {
  // Prepare: Sam (London browser) on his course page
  const page = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`, { timezoneId: ZONE });
  const day = weekdayAhead(3);

  // Act: Book a lesson, pick the day, 45 minutes, 03:00 PM
  await page.getByRole('button', { name: 'Book a lesson' }).click();
  const dialog = page.getByRole('dialog');
  const times = dialog.getByRole('group', { name: 'Free times' });
  // Times in the browser's zone, and the first day with free times already chosen.
  expect(await dialog.getByRole('combobox', { name: 'Time zone' }).inputValue()).toContain(ZONE);
  await times.getByRole('button').first().waitFor();
  expect(await markedDays(dialog)).toContain(await chosenDay(dialog));
  // Not before today: today is marked as today, and yesterday (when in this month) cannot be chosen.
  const today = DateTime.now().setZone(ZONE);
  expect(
    await monthCalendar(dialog)
      .locator(`button[data-date="${today.toISODate()}"]`)
      .getAttribute('aria-current'),
  ).toBe('date');
  const yesterday = monthCalendar(dialog).locator(
    `button[data-date="${today.minus({ days: 1 }).toISODate()}"]`,
  );
  if (await yesterday.count()) expect(await yesterday.getAttribute('aria-disabled')).toBe('true');
  await pickDay(dialog, day.toISODate()!);
  // Tom teaches 09:00-17:00 London, starts every 30 minutes: an hour (the course's usual length) can
  // start at 04:00 PM at the latest, an hour and a half at 03:30 PM.
  expect(await dialog.getByLabel('Duration').inputValue()).toBe('60');
  // Real lesson lengths only: the local stack's 3- and 5-minute try-outs are for staff.
  const lengths = await dialog.getByLabel('Duration').locator('option').allTextContents();
  expect(lengths[0]).toBe('15 min');
  expect(lengths).not.toContain('5 min');
  await times.getByRole('button', { name: '04:00 PM' }).waitFor();
  await dialog.getByLabel('Duration').selectOption({ label: '1 hr 30 min' });
  await times.getByRole('button', { name: '03:30 PM' }).waitFor();
  expect(await times.getByRole('button', { name: '04:00 PM' }).count()).toBe(0);
  await dialog.getByLabel('Duration').selectOption({ label: '45 min' });
  await times.getByRole('button', { name: '04:00 PM' }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Book lesson' }).isDisabled()).toBe(true);
  await times.getByRole('button', { name: '03:00 PM' }).click();
  await screenshot(page, 'book-lesson-dialog');
  await dialog.getByRole('button', { name: 'Book lesson' }).click();

  // Assess: the toast, the dialog closes, the lesson is on the course page at that time
  await page.getByText('Lesson booked successfully!').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const when = day.set({ hour: 15 }).toFormat('yyyy LLL dd, hh:mm a');
  const row = page.getByTestId('lesson-row').filter({ hasText: when });
  await row.waitFor();
  expect(await row.textContent()).toContain('45 min');
  await screenshot(page, 'course-page-booked-lesson');

  // Act: open the dialog again and pick 04:00 PM; before Sam books it an admin gives that time away
  await page.getByRole('button', { name: 'Book a lesson' }).click();
  await times.getByRole('button').first().waitFor();
  await pickDay(dialog, day.toISODate()!);
  await times.getByRole('button', { name: '04:00 PM' }).click();
  await page.getByText('Lesson booked successfully!').waitFor({ state: 'detached' });
  // 03:00 PM is his own lesson now, so it is no longer offered.
  await times.getByRole('button', { name: '04:00 PM' }).waitFor();
  expect(await times.getByRole('button', { name: '03:00 PM' }).count()).toBe(0);
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const taken = await api.call('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: COURSE,
      title: 'Taken meanwhile',
      start: day.set({ hour: 16 }).toUTC().toISO(),
      duration: 60,
    },
  });
  expect(taken.status).toBe(201);
  await dialog.getByRole('button', { name: 'Book lesson' }).click();

  // Assess: the server's message in the dialog, the taken time gone from fresh free times, nothing booked
  const message = "This time is not one of the tutor's free slots. Please choose another one.";
  await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
  await screenshot(page, 'book-lesson-taken');
  // An hour (the dialog's length again) fits before Sam's 03:00 PM lesson and its 15-minute buffer.
  await times.getByRole('button', { name: '01:30 PM' }).waitFor();
  expect(await times.getByRole('button', { name: '04:00 PM' }).count()).toBe(0);
  expect(await dialog.getByRole('button', { name: 'Book lesson' }).isDisabled()).toBe(true);
  await screenshot(page, 'book-lesson-taken');
});

it('a course’s tutor schedules a new Zoom lesson from the course page, in their own zone', async () => {
  // Prepare: Tom, with a browser in New York (his lesson times are typed in the browser's zone)
  const zone = 'America/New_York';
  const page = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`, { timezoneId: zone });
  const day = weekdayAhead(5);

  // Act
  await page.getByRole('button', { name: 'New lesson' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`Times in ${zone}`).waitFor();
  // Nothing filled in: the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await dialog.getByText('Title is required').waitFor();
  await dialog.getByText('Choose a time').waitFor();
  await dialog.getByLabel(/^Title/).fill('Exam technique');
  await dialog.getByLabel(/^Date/).fill(day.toISODate()!);
  await dialog.getByLabel(/^Time/).fill('07:30');
  await dialog.getByLabel('Duration').selectOption({ label: '1 hr 30 min' });
  await dialog.getByLabel('Meeting').selectOption({ label: 'Zoom' });
  await screenshot(page, 'new-lesson-dialog');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();

  // Assess: the toast and the row at 07:30 AM New York; stored as a 90-minute Zoom lesson at 07:30 New York
  await page.getByText('Zoom Meeting Added').waitFor();
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Exam technique' });
  await row.waitFor();
  const start = DateTime.fromISO(`${day.toISODate()}T07:30`, { zone });
  expect(await row.textContent()).toContain(`${start.toFormat('yyyy LLL dd, hh:mm a')} – 09:00 AM`);
  expect(await row.textContent()).toContain('1 hr 30 min');
  await screenshot(page, 'course-page-new-lesson');

  const api = apiClient(browser.stack().apiUrl);
  const tom = await api.signIn(demo.tutor.email, demo.tutor.password);
  const course = await api.call<{ sections: Array<{ _id: string; title: string }> }>('courses.get', {
    ...tom,
    params: { id: COURSE },
    query: { subSections: '1' },
  });
  const created = course.body.sections.find((s) => s.title === 'Exam technique')!;
  expect(await getSection('demo', created._id)).toMatchObject({
    kind: 'ZOOM',
    start: start.toUTC().toISO(),
    duration: 90,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  });

  // A student of the course has no New lesson; a tutor has no Book a lesson.
  expect(await page.getByRole('button', { name: 'Book a lesson' }).count()).toBe(0);
  const sam = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`, { timezoneId: ZONE });
  await sam.getByRole('button', { name: 'Book a lesson' }).waitFor();
  expect(await sam.getByRole('button', { name: 'New lesson' }).count()).toBe(0);
});

it('a group course offers its students no lesson booking, and a student’s cancel waits for an admin', async () => {
  // Prepare: a group course of Tom's with Sam and Maya, and one of its lessons next month
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const course = await api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'IB Physics HL group',
      curriculum: 'IB Diploma',
      subject: 'Physics',
      grade: 'Grade 12',
      type: 'Group',
      status: 'ACTIVE',
    },
  });
  expect(course.status).toBe(201);
  await api.call('courseTutors.create', {
    ...admin,
    body: { course: course.body._id, tutor: 'demo-tutor-1', type: 'PRIMARY' },
  });
  for (const student of ['demo-student-1', 'demo-student-2'])
    await api.call('courseStudents.create', {
      ...admin,
      body: { course: course.body._id, student, type: 'CREDIT' },
    });
  const lesson = await api.call('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: course.body._id,
      title: 'Kinematics',
      start: weekdayAhead(30).set({ hour: 10 }).toUTC().toISO(),
      duration: 60,
    },
  });
  expect(lesson.status).toBe(201);

  // Act: Sam opens the group course and cancels the lesson
  const page = await browser.signedInPage(demo.student, `/portal/courses/${course.body._id}`, {
    timezoneId: ZONE,
  });
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Kinematics' });
  await row.waitFor();
  expect(await page.getByRole('button', { name: 'Book a lesson' }).count()).toBe(0);
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason', { exact: true }).selectOption('Sickness');
  await dialog.getByRole('button', { name: 'Cancel lesson' }).click();

  // Assess: a request for an admin, the lesson still on for the group
  await page.getByText('Cancellation Request Sent').waitFor();
  await row.getByText('Change requested').waitFor();
  expect(await row.getByText('Cancelled', { exact: true }).count()).toBe(0);
  await screenshot(page, 'group-course-cancel-requested');
});
