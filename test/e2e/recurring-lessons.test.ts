import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

/**
 * Recurring lessons (issue 16 item 12): the tutor's "New lesson" dialog books a weekly series with its
 * dates previewed, shows a refused series' clashing dates, and cancels the rest of a series.
 */
const browser = browserStackPerFile();
const ZONE = 'Europe/London';
const COURSE = 'course-demo-igcse-maths';

/** A Wednesday (the demo's own lessons are on Tuesdays) at least `weeks` ahead, London time. */
function wednesday(weeks: number): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ weeks });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day;
}

it('a tutor books a weekly series, sees the clashing dates of a refused one, and cancels the rest', async () => {
  // Prepare: a lesson on the third Wednesday at 10:00, in the way of a four-week series
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const first = wednesday(6).set({ hour: 10 });
  const third = first.plus({ weeks: 2 });
  const blocker = await api.call('meetings.teamsAdminCreate', {
    ...admin,
    body: { course: COURSE, title: 'In the way', start: third.toUTC().toISO(), duration: 60 },
  });
  expect(blocker.status).toBe(201);

  // Act: Tom asks for four weekly lessons
  const page = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`, { timezoneId: ZONE });
  await page.getByRole('button', { name: 'New lesson' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Weekly algebra');
  await dialog.getByLabel('Date').fill(first.toISODate() ?? '');
  await dialog.getByLabel('Time').fill('10:00');
  await dialog.getByLabel('Repeats').selectOption('WEEKLY');
  await dialog.getByLabel('Number of lessons').fill('4');

  // Assess: the four dates are previewed in Tom's zone
  const preview = dialog.getByTestId('repeats-preview');
  await preview.getByText(`4 lessons (${ZONE})`).waitFor();
  await preview.scrollIntoViewIfNeeded();
  for (const week of [0, 1, 2, 3]) {
    await preview.getByText(first.plus({ weeks: week }).toFormat('ccc d LLL yyyy HH:mm')).waitFor();
  }
  await screenshot(page, 'recurring-new-lesson-preview');

  // Act + assess: the series is refused, its clashing date listed, nothing booked
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  const clash = dialog.getByRole('alert').filter({ hasText: 'The series was not booked' });
  await clash.getByText(third.toFormat('ccc d LLL yyyy HH:mm')).waitFor();
  await clash.scrollIntoViewIfNeeded();
  await screenshot(page, 'recurring-new-lesson-clash');

  // Act: two lessons instead, which end before the clash
  await dialog.getByLabel('Number of lessons').fill('2');
  await dialog.getByRole('button', { name: 'Add lesson' }).click();
  await page.getByText('Teams Meeting Added').first().waitFor();
  const rows = page.getByTestId('lesson-row').filter({ hasText: 'Weekly algebra' });
  await expect.poll(() => rows.count()).toBe(2);

  // Act: cancel the first and the following lessons
  await rows.first().getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('dialog');
  await cancel.getByLabel('Apply to').selectOption('FOLLOWING');
  await cancel.getByLabel('Reason', { exact: true }).selectOption('School Activity');
  await screenshot(page, 'recurring-cancel-following');
  await cancel.getByRole('button', { name: 'Cancel lesson' }).click();
  await page.getByText('Lesson Cancelled').first().waitFor();

  // Assess: both lessons of the series are cancelled
  const tree = await api.call<{ docs: Array<Record<string, any>> }>('sections.adminList', {
    ...admin,
    query: { course: COURSE },
  });
  const series = tree.body.docs.filter((s) => s.title === 'Weekly algebra');
  expect(series.map((s) => s.status)).toEqual(['CANCELLED', 'CANCELLED']);
  expect(new Set(series.map((s) => s.seriesId)).size).toBe(1);
});

it('on a phone the Repeats control and its preview fit the screen', async () => {
  const page = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`, {
    timezoneId: ZONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await page.getByRole('button', { name: 'New lesson' }).click();
  const dialog = page.getByRole('dialog');
  const first = wednesday(20);
  await dialog.getByLabel('Date').fill(first.toISODate() ?? '');
  await dialog.getByLabel('Time').fill('16:30');
  await dialog.getByLabel('Repeats').selectOption('FORTNIGHTLY');
  await dialog.getByLabel('Ends').selectOption('UNTIL');
  await dialog.getByLabel('Last date').fill(first.plus({ weeks: 8 }).toISODate() ?? '');
  await dialog.getByTestId('repeats-preview').getByText(`5 lessons (${ZONE})`).waitFor();
  await dialog.getByTestId('repeats-preview').scrollIntoViewIfNeeded();
  await screenshot(page, 'recurring-new-lesson-phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

it("an admin books a series in the tutor's zone across the clock change and moves the rest of it", async () => {
  // Prepare: the Wednesday two weeks before the London clocks change, 10:00 in London (the admin works in
  // Singapore time, where the same lessons move from 18:00 to 17:00)
  let day = wednesday(8).set({ hour: 10 });
  while (day.plus({ weeks: 1 }).offset === day.offset) day = day.plus({ weeks: 1 });
  const first = day.minus({ weeks: 1 });
  const title = `Series ${Date.now().toString(36)}`;
  const page = await browser.signedInPage(demo.admin, `/admin/courses/${COURSE}`);
  await page.getByRole('button', { name: 'Add lesson' }).click();
  const dialog = page.getByRole('dialog');
  const singapore = first.setZone('Asia/Singapore');
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Date/).fill(singapore.toISODate() ?? '');
  await dialog.getByLabel(/^Time/).fill(singapore.toFormat('HH:mm'));
  await dialog.getByLabel('Repeats').selectOption('WEEKLY');
  await dialog.getByLabel('Number of lessons').fill('3');

  // Assess: the preview is in Tom's zone, at 10:00 on both sides of the change
  const preview = dialog.getByTestId('repeats-preview');
  await preview.getByText(`3 lessons (${ZONE})`).waitFor();
  for (const week of [0, 1, 2]) {
    await preview.getByText(first.plus({ weeks: week }).toFormat('ccc d LLL yyyy HH:mm')).waitFor();
  }
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, 'recurring-admin-lesson-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Teams Meeting Added').first().waitFor();

  // Act: move the second lesson and the following ones an hour later
  const rows = page.getByTestId('section-row').filter({ hasText: title });
  await expect.poll(() => rows.count()).toBe(3);
  await rows
    .nth(1)
    .getByRole('button', { name: `Reschedule ${title}` })
    .click();
  const move = page.getByRole('dialog');
  await move.getByLabel('Apply to').selectOption('FOLLOWING');
  await move.getByRole('button', { name: 'Enter another time' }).click();
  const second = first.plus({ weeks: 1 }).setZone('Asia/Singapore');
  await move.getByLabel(/^New time/).fill(second.plus({ hours: 1 }).toFormat('HH:mm'));
  await move.getByLabel('Reason', { exact: true }).selectOption('School Activity');
  await screenshot(page, 'recurring-admin-move-following');
  await move.getByRole('button', { name: 'Reschedule' }).click();
  await page.getByText('Lesson Rescheduled').first().waitFor();

  // Assess: the second and third lessons are at 11:00 London, the first stays at 10:00
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const tree = await api.call<{ docs: Array<Record<string, any>> }>('sections.adminList', {
    ...admin,
    query: { course: COURSE },
  });
  const series = tree.body.docs
    .filter((s) => s.title === title)
    .map((s) => DateTime.fromISO(s.start, { zone: ZONE }).toFormat('ccc HH:mm'))
    .sort();
  expect(series).toEqual(['Wed 10:00', 'Wed 11:00', 'Wed 11:00']);
});

it('a tutor’s change of the following lessons within the notice window waits for an admin, who sees it as such and approves it', async () => {
  // Prepare: a weekly series whose first lesson is a few hours ahead (within the 24-hour notice), and
  // Tom's cancellation of it and the following ones, which waits for an admin as one request
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const tom = await api.signIn(demo.tutor.email, demo.tutor.password);
  const title = `Soon ${Date.now().toString(36)}`;
  let created: { status: number; body: Record<string, any> } | undefined;
  for (let hours = 3; hours < 20 && created?.status !== 201; hours += 2) {
    const start = DateTime.now().plus({ hours }).startOf('hour');
    created = await api.call<Record<string, any>>('meetings.teamsAdminCreate', {
      ...admin,
      body: {
        course: COURSE,
        title,
        start: start.toUTC().toISO(),
        duration: 60,
        recurrence: { frequency: 'WEEKLY', count: 3 },
      },
    });
  }
  expect(created?.status).toBe(201);
  const asked = await api.call<Record<string, any>>('meetings.teamsCancel', {
    ...tom,
    params: { id: String(created?.body._id) },
    body: { reason: 'Sickness', scope: 'FOLLOWING' },
  });
  expect(asked.body).toMatchObject({ status: 'PENDING', request: { scope: 'FOLLOWING' } });

  // Assess: Tom's own requests say so too
  const tomsPage = await browser.signedInPage(demo.tutor, '/portal/requests');
  const tomsRow = tomsPage.getByTestId('request-row').filter({ hasText: title });
  await tomsRow.getByText('This and following lessons').waitFor();

  // Act: the admin opens the lesson requests
  const page = await browser.signedInPage(demo.admin, '/admin/meeting-requests');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.waitFor();

  // Assess: the row and its dialog say the request takes the following lessons too
  await row.getByText('This and following lessons').waitFor();
  await screenshot(page, 'admin-requests-following');
  await row.getByRole('button', { name: 'Respond' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Applies to').waitFor();
  await dialog.getByText('This and following lessons').waitFor();
  await screenshot(page, 'admin-request-following-dialog');

  // Act: approve it
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('Lesson Request Responded!').waitFor();

  // Assess: every lesson of the series is cancelled
  const tree = await api.call<{ docs: Array<Record<string, any>> }>('sections.adminList', {
    ...admin,
    query: { course: COURSE },
  });
  expect(tree.body.docs.filter((s) => s.title === title).map((s) => s.status)).toEqual([
    'CANCELLED',
    'CANCELLED',
    'CANCELLED',
  ]);
});

it('on a phone the lesson requests list and dialog name a change of the following lessons', async () => {
  const page = await browser.signedInPage(demo.admin, '/admin/meeting-requests?statuses=APPROVED', {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const row = page.getByRole('row').filter({ hasText: 'This and following lessons' }).first();
  await row.waitFor();
  await screenshot(page, 'admin-requests-following-phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await row.getByRole('button', { name: 'View' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('This and following lessons').waitFor();
  await screenshot(page, 'admin-request-following-dialog-phone', { fullPage: false });
});
