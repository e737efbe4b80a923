import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const ZONE = 'Europe/London';

/** A start on the 15-minute grid, `hours` from now. */
function hoursFromNow(hours: number): string {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + hours * 3_600_000) / quarter) * quarter).toISOString();
}

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
      start: hoursFromNow(8),
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
  await dialog.getByLabel(/^New date/).fill(day.toISODate()!);
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

it("the reschedule dialog leaves the lesson's own time out of the free times", async () => {
  // Prepare: a lesson at 10:00 London on a working day of the tutor
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  let day = targetDay().plus({ days: 1 });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 });
  const start = day.set({ hour: 10 }).toUTC().toISO()!;
  const lesson = await api.call<{ _id: string }>('meetings.teamsAdminCreate', {
    ...admin,
    body: { course: 'course-demo-igcse-maths', title: 'Own-time lesson', start, duration: 60 },
  });
  expect(lesson.status).toBe(201);

  // Act: Sam opens Reschedule on that lesson's day
  const page = await browser.signedInPage(demo.student, '/portal/courses/course-demo-igcse-maths', {
    timezoneId: ZONE,
  });
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Own-time lesson' });
  await row.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^New date/).fill(day.toISODate()!);
  const freeTimes = dialog.getByRole('group', { name: 'Free times' });
  await freeTimes.getByRole('button', { name: '12:00 PM' }).waitFor();

  // Assess
  await expect(freeTimes.getByRole('button', { name: '10:00 AM' }).count()).resolves.toBe(0);
  await screenshot(page, 'reschedule-dialog-without-own-time');
});
