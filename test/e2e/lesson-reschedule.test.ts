import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { quarterHourFromNow } from '../support/lessons';
import { chosenDay, markedDays, monthCalendar, pickDay, shownMonth } from './support/booking';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const ZONE = 'Europe/London';

/** A weekday (not Tuesday, when the demo lessons are) at least three days ahead, London date. */
function targetDay(): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 3 });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 });
  return day;
}

it('a student asks to reschedule a lesson, an admin approves, and the calendar shows the new time', async () => {
  // Prepare: a lesson with Tom and Sam in eight hours (inside the 24-hour notice window)
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const lesson = await api.call<{ _id: string }>('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: 'course-demo-igcse-maths',
      title: 'Journey lesson',
      start: quarterHourFromNow(8),
      duration: 60,
    },
  });
  expect(lesson.status).toBe(201);

  // Act: Sam asks to move it from the course page
  const page = await browser.signedInPage(demo.student, '/portal/courses/course-demo-igcse-maths', {
    timezoneId: ZONE,
  });
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Journey lesson' });
  await row.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog');
  const day = targetDay();
  await expect.poll(() => chosenDay(dialog)).not.toBe('');
  await pickDay(dialog, day.toISODate()!);
  const slot = dialog.getByRole('group', { name: 'Free times' }).getByRole('button', { name: '02:00 PM' });
  await slot.click();
  await dialog.getByLabel('Reason', { exact: true }).selectOption('School Activity');
  await screenshot(page, 'reschedule-dialog');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();

  // Assess: a request was sent (inside 24 hours it waits for an admin)
  await page.getByText('Reschedule Request Sent').waitFor();
  await row.getByText('Change requested').waitFor();

  // Assess: "My requests" lists it as pending, with the asked-for time in Sam's zone
  await page.goto(browser.portalUrl('/portal/requests'));
  const requestRow = page.getByTestId('request-row').filter({ hasText: 'Journey lesson' });
  await requestRow.getByText('Pending', { exact: true }).waitFor();
  await requestRow.getByText(`${day.toFormat('yyyy LLL dd')}, 02:00 PM – 03:00 PM`).waitFor();
  await requestRow.getByText('School Activity').waitFor();
  await screenshot(page, 'my-requests-pending');

  // Act: the admin approves it
  const pending = await api.call<{ docs: Array<{ _id: string; sectionId: string }> }>(
    'meetingRequests.adminList',
    {
      ...admin,
      query: { statuses: 'PENDING' },
    },
  );
  const request = pending.body.docs.find((r) => r.sectionId === lesson.body._id)!;
  const approved = await api.call('meetingRequests.respond', {
    ...admin,
    params: { requestId: request._id },
    body: { action: 'APPROVE' },
  });
  expect(approved.status).toBe(200);

  // Assess: the request now reads approved, and its detail names who answered
  await page.reload();
  await requestRow.getByText('Approved', { exact: true }).waitFor();
  await requestRow.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByRole('dialog');
  await detail.getByText('Ada Admin').waitFor();
  await screenshot(page, 'my-requests-detail');
  await detail.getByRole('button', { name: 'Close' }).click();
  await detail.waitFor({ state: 'detached' });

  // Assess: Sam's calendar shows the lesson at the new time on the new day
  await page.goto(browser.portalUrl(`/portal/schedule?date=${day.toISODate()}`));
  const cell = page.locator(`[role="gridcell"][data-date="${day.toISODate()}"]`);
  const moved = cell.getByTestId('calendar-lesson').filter({ hasText: '02:00 PM' });
  await moved.waitFor();
  expect(await moved.textContent()).toContain('IGCSE Mathematics (Grade 10)');
  await screenshot(page, 'schedule-week-after-reschedule');
  await moved.click();
  await page.getByRole('dialog').getByText('Journey lesson').waitFor();

  // And the month view shows it too.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Month' }).click();
  await cell.getByTestId('calendar-lesson').filter({ hasText: '02:00 PM' }).waitFor();
  await screenshot(page, 'schedule-month');
});

/** The first working day of Tom's (not a Tuesday, when the demo lessons are) in next month, London date. */
function dayNextMonth(): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf('month').plus({ months: 1 });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 });
  return day;
}

it("the reschedule dialog opens the booking calendar on the lesson's month, without the lesson's own time", async () => {
  // Prepare: a lesson at 10:00 London on a working day of the tutor in next month
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const day = dayNextMonth();
  const start = day.set({ hour: 10 }).toUTC().toISO()!;
  const lesson = await api.call<{ _id: string }>('meetings.teamsAdminCreate', {
    ...admin,
    body: { course: 'course-demo-igcse-maths', title: 'Own-time lesson', start, duration: 60 },
  });
  expect(lesson.status).toBe(201);

  // Act: Sam opens Reschedule on that lesson
  const page = await browser.signedInPage(demo.student, '/portal/courses/course-demo-igcse-maths', {
    timezoneId: ZONE,
  });
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Own-time lesson' });
  await row.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog');

  // Assess: the month grid of the lesson's month (not this month), its days with free times marked, the
  // lesson's own day chosen, its times grouped, and 10:00 (the lesson's own time) not among them
  await monthCalendar(dialog).getByRole('grid').waitFor();
  await expect.poll(() => chosenDay(dialog)).toBe(day.toISODate());
  expect(await shownMonth(dialog)).toBe(day.toFormat('LLLL yyyy'));
  const marked = await markedDays(dialog);
  expect(marked).toContain(day.toISODate());
  expect(marked.every((date) => date.startsWith(day.toFormat('yyyy-MM')))).toBe(true);
  const freeTimes = dialog.getByRole('group', { name: 'Free times' });
  await freeTimes.getByRole('group', { name: /^Morning/ }).waitFor();
  await freeTimes.getByRole('button', { name: '12:00 PM' }).waitFor();
  await expect(freeTimes.getByRole('button', { name: '10:00 AM' }).count()).resolves.toBe(0);
  await screenshot(page, 'reschedule-dialog-calendar');

  // Act: move it to 12:00 the same day through the calendar
  await freeTimes.getByRole('button', { name: '12:00 PM' }).click();
  await dialog.getByLabel('Reason', { exact: true }).selectOption('School Activity');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();

  // Assess: done at once (days ahead, a one-to-one lesson), and the course shows the new time
  await page.getByText('Lesson Rescheduled').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText(/12:00 PM/).waitFor();
  const moved = await api.call<{ start: string }>('sections.adminGet', {
    ...admin,
    params: { id: lesson.body._id },
  });
  expect(moved.body.start).toBe(day.set({ hour: 12 }).toUTC().toISO());
});

it('the reschedule dialog reads on a phone: the month grid, then the grouped times', async () => {
  // Prepare: a lesson at 11:00 London on a working day next month
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const day = dayNextMonth().plus({ days: 1 });
  const lesson = await api.call<{ _id: string }>('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: 'course-demo-igcse-maths',
      title: 'Phone move lesson',
      start: day.set({ hour: 11 }).toUTC().toISO()!,
      duration: 60,
    },
  });
  expect(lesson.status).toBe(201);

  // Act
  const page = await browser.signedInPage(demo.student, '/portal/courses/course-demo-igcse-maths', {
    timezoneId: ZONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await page
    .getByTestId('lesson-row')
    .filter({ hasText: 'Phone move lesson' })
    .getByRole('button', { name: 'Reschedule' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => chosenDay(dialog)).not.toBe('');

  // Assess: nothing wider than the phone; the grid and the times both there
  expect(await markedDays(dialog)).not.toEqual([]);
  await dialog.getByRole('group', { name: 'Free times' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'reschedule-dialog-calendar-phone', { fullPage: false });
  await dialog.getByTestId('day-times').scrollIntoViewIfNeeded();
  await screenshot(page, 'reschedule-dialog-times-phone', { fullPage: false });
});
