import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createUser } from '../../functions/repositories/users';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { dayPartOf } from '../../shared/scheduling/day-parts';
import { apiClient, demo } from '../support/api-client';
import { chooseZone, chosenDay, markedDays, monthCalendar, pickDay, shownMonth } from './support/booking';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const SINGAPORE = 'Asia/Singapore';
const LONDON = 'Europe/London';
const COURSE = 'course-demo-igcse-maths';
const igcseMaths = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
const CALLBACK_MESSAGE = 'Thank you for requesting callback. Our team will reach out to you shortly';

type Slot = { start: string; label: string };
type FreeDays = { days: string[]; lastBookableDay: string };

const api = () => apiClient(browser.stack().apiUrl);

/** The bookable days of the month the calendar shows: from today (or the 1st) to its last day. */
async function shownRange(dialog: Locator, zone: string) {
  const month = DateTime.fromFormat(await shownMonth(dialog), 'LLLL yyyy', { zone: 'UTC' });
  const today = DateTime.now().setZone(zone).toISODate()!;
  const first = month.toISODate()!;
  return { from: first < today ? today : first, to: month.endOf('month').toISODate()! };
}

async function trialFreeDays(range: { from: string; to: string }, zone: string): Promise<string[]> {
  const { body } = await api().call<FreeDays>('trials.freeDays', {
    query: { ...range, ...igcseMaths, deviceTimezone: zone },
  });
  return body.days;
}

async function trialSlotLabels(date: string, zone: string): Promise<string[]> {
  const { body } = await api().call<{ docs: Slot[] }>('trials.slots', {
    query: { date, ...igcseMaths, deviceTimezone: zone },
  });
  return body.docs.map((slot) => slot.label);
}

/** Each part of the day shown, with the times in it, as the dialog groups them. */
async function groupedTimes(times: Locator): Promise<Array<{ part: string; labels: string[] }>> {
  const groups = await times.getByRole('group').all();
  return Promise.all(
    groups.map(async (group) => ({
      part: (await group.getAttribute('data-part')) ?? '',
      labels: await group.getByRole('button').allTextContents(),
    })),
  );
}

/**
 * Every group holds only times of its part of the day, the groups in order give `labels`, and there is one
 * group for each part of the day those times fall in.
 */
function expectGrouped(groups: Array<{ part: string; labels: string[] }>, labels: string[]) {
  expect(groups.flatMap((group) => group.labels)).toEqual(labels);
  const parts = labels.map((label) => dayPartOf(DateTime.fromFormat(label, 'hh:mm a').hour));
  expect(groups.map((group) => group.part)).toEqual([...new Set(parts)]);
  for (const { part, labels: inPart } of groups) {
    for (const label of inPart)
      expect(dayPartOf(DateTime.fromFormat(label, 'hh:mm a').hour), label).toBe(part);
  }
}

/** The first day of the shown month (from today) that is open for booking but has no free time. */
async function firstUnmarkedDay(dialog: Locator): Promise<string | undefined> {
  const days = monthCalendar(dialog).locator(
    'button[data-date]:not([data-free]):not([aria-disabled="true"])',
  );
  return (await days.count()) ? ((await days.first().getAttribute('data-date')) ?? undefined) : undefined;
}

/** Dialogs fade in: a screenshot waits until no animation is running. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function openTrialDialog(page: Page): Promise<Locator> {
  await page.goto(browser.portalUrl('/'));
  await page.getByRole('button', { name: 'Book your FREE Class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book your FREE Class' });
  await dialog
    .getByLabel('Curriculum')
    .locator('option', { hasText: 'Cambridge IGCSE' })
    .waitFor({ state: 'attached' });
  return dialog;
}

it('the trial dialog: free days marked, the first chosen, times by part of the day, keys, next free day, zone change', async () => {
  // Prepare: a visitor in Singapore opens the dialog and chooses IGCSE Mathematics, Grade 10; the server's
  // free days and first day's times are read after the dialog's. The notice a trial needs moves with the
  // clock, so a slot can drop out between the two reads: the dialog is opened again then, once.
  const page = await browser.newPage({ timezoneId: SINGAPORE });
  const opened = async () => {
    const dialog = await openTrialDialog(page);
    await dialog.getByLabel('Curriculum').selectOption(igcseMaths.curriculum);
    await dialog.getByLabel('Subject').selectOption(igcseMaths.subject);
    await dialog.getByLabel('Grade').selectOption(igcseMaths.grade);
    const times = dialog.getByRole('group', { name: 'Available times' });
    await times.getByRole('button').first().waitFor();
    const marked = await markedDays(dialog);
    const first = await chosenDay(dialog);
    const server = {
      days: await trialFreeDays(await shownRange(dialog, SINGAPORE), SINGAPORE),
      labels: await trialSlotLabels(first, SINGAPORE),
    };
    const shownLabels = (await groupedTimes(times)).flatMap((group) => group.labels);
    const agreed = JSON.stringify([marked, shownLabels]) === JSON.stringify([server.days, server.labels]);
    return { dialog, times, marked, first, server, agreed };
  };
  let read = await opened();
  if (!read.agreed) read = await opened();
  const { dialog, times, marked, first, server } = read;

  // Assess: the zone shown is the browser's; the marks are the server's free days of the month shown; the
  // first of them is chosen; its times are the server's, grouped by part of the day in Singapore
  expect(await dialog.getByRole('combobox', { name: 'Time zone' }).inputValue()).toContain(SINGAPORE);
  expect(marked.length).toBeGreaterThan(0);
  expect(marked).toEqual(server.days);
  expect(first).toBe(marked[0]);
  const today = DateTime.now().setZone(SINGAPORE).toISODate()!;
  expect(
    await monthCalendar(dialog).locator(`button[data-date="${today}"]`).getAttribute('aria-label'),
  ).toMatch(/, today, /);
  // (How many parts of the day the first free day shows depends on the hour the test runs: today's
  // afternoon alone is left at noon. A whole weekday's groups are counted after the jump below.)
  expectGrouped(await groupedTimes(times), server.labels);
  expect(
    await dialog.getByText(DateTime.fromISO(first).toFormat('ccc, d LLL'), { exact: true }).count(),
  ).toBe(1);
  await settled(page);
  await screenshot(page, 'booking-trial-dialog');

  // Act: the keyboard starts from whatever day has focus, whether or not it is today or the chosen one
  const dayButtons = monthCalendar(dialog).locator('button[data-date]');
  const dates = await dayButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-date')!));
  const elsewhere = dates.find((date, index) => index > 0 && date !== today && date !== first)!;
  await monthCalendar(dialog).locator(`button[data-date="${elsewhere}"]`).focus();
  await page.keyboard.press('ArrowLeft');
  const before = DateTime.fromISO(elsewhere).minus({ days: 1 }).toISODate()!;
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date')))
    .toBe(before);

  // Act: one step right from the chosen day, then Enter
  await monthCalendar(dialog).locator(`button[data-date="${first}"]`).focus();
  await page.keyboard.press('ArrowRight');
  const next = DateTime.fromISO(first).plus({ days: 1 }).toISODate()!;
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(next);
  await page.keyboard.press('Enter');
  await expect.poll(() => chosenDay(dialog)).toBe(next);
  // (The next day may open the next month, whose marks were not among the first read: ask the server.)
  const nextIsFree = (await trialFreeDays({ from: next, to: next }, SINGAPORE)).includes(next);
  expect(await monthCalendar(dialog).locator(`button[data-date="${next}"]`).getAttribute('aria-label')).toBe(
    `${DateTime.fromISO(next).toFormat('cccc, d LLLL yyyy')}, ${nextIsFree ? 'free times' : 'no free times'}`,
  );

  // Act: a day without free times (a Sunday in Singapore: no demo tutor works then)
  let empty = await firstUnmarkedDay(dialog);
  if (!empty) {
    await monthCalendar(dialog).getByRole('button', { name: 'Next month' }).click();
    empty = await firstUnmarkedDay(dialog);
  }
  expect(empty).toBeTruthy();
  await pickDay(dialog, empty!);

  // Assess: the dialog says so and offers the next free day, which the button chooses
  await dialog
    .getByText(`No slots are available on ${DateTime.fromISO(empty!).toFormat('ccc, d LLL')}.`)
    .waitFor();
  const jump = dialog.getByRole('button', { name: /^Next free day: / });
  await jump.waitFor();
  await screenshot(page, 'booking-trial-next-free-day');
  await jump.click();
  const jumped = await chosenDay(dialog);
  expect(jumped > empty!).toBe(true);
  expect(await jump.count()).toBe(0);
  await times.getByRole('button').first().waitFor();
  expect(await markedDays(dialog)).toContain(jumped);
  // The day after a Sunday is a whole working day: the pooled tutors' hours span more than one part of it
  const jumpedGroups = await groupedTimes(times);
  expect(jumpedGroups.length).toBeGreaterThan(1);
  expectGrouped(jumpedGroups, await trialSlotLabels(jumped, SINGAPORE));

  // Act: the visitor is really in New York
  await chooseZone(dialog, 'new york', 'America/New_York');

  // Assess: the same day's times and the month's marks, now in New York
  const zone = 'America/New_York';
  await expect
    .poll(async () => (await groupedTimes(times)).flatMap((group) => group.labels))
    .toEqual(await trialSlotLabels(jumped, zone));
  expectGrouped(await groupedTimes(times), await trialSlotLabels(jumped, zone));
  await expect
    .poll(() => markedDays(dialog))
    .toEqual(await trialFreeDays(await shownRange(dialog, zone), zone));
  await screenshot(page, 'booking-trial-new-york');

  // And on a phone
  const phone = await browser.newPage({ timezoneId: SINGAPORE, viewport: { width: 390, height: 844 } });
  const small = await openTrialDialog(phone);
  await small.getByLabel('Curriculum').selectOption(igcseMaths.curriculum);
  await small.getByLabel('Subject').selectOption(igcseMaths.subject);
  await small.getByLabel('Grade').selectOption(igcseMaths.grade);
  await small.getByRole('group', { name: 'Available times' }).getByRole('button').first().waitFor();
  await settled(phone);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(phone, 'booking-trial-dialog-phone', { fullPage: false });
  await small.getByRole('group', { name: 'Available times' }).scrollIntoViewIfNeeded();
  await screenshot(phone, 'booking-trial-times-phone', { fullPage: false });
});

it('the trial dialog offers a callback request when no tutor teaches the combination', async () => {
  // Prepare: a visitor asks for IGCSE Chinese, which no demo tutor teaches
  const page = await browser.newPage({ timezoneId: SINGAPORE });
  const dialog = await openTrialDialog(page);
  await dialog.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await dialog.getByLabel('Subject').selectOption('Chinese');
  await dialog.getByLabel('Grade').selectOption('Grade 9');

  // Assess: no calendar, the callback form instead
  const form = dialog.getByTestId('callback-request');
  await form.getByText('No tutor has a free time for Chinese (Grade 9)', { exact: false }).waitFor();
  expect(await monthCalendar(dialog).count()).toBe(0);
  expect(await dialog.getByRole('button', { name: 'Book Trial' }).isDisabled()).toBe(true);
  expect(await dialog.getByLabel(/^Password/).count()).toBe(0);

  // Act: send it empty, then with a name, a phone number and a note
  await form.getByRole('button', { name: 'Request callback' }).click();
  await form.getByText('Name is required').waitFor();
  await form.getByText('Leave an email address or a phone number').waitFor();
  await form.getByLabel(/^Your name/).fill('Chen Wei');
  await form.getByLabel(/^Phone/).fill('+65 8123 4567');
  // What was missing is there now: the messages go.
  expect(await form.getByText('Name is required').count()).toBe(0);
  expect(await form.getByText('Leave an email address or a phone number').count()).toBe(0);
  await form.getByLabel(/^Note/).fill('Weekday evenings, please');
  await settled(page);
  await screenshot(page, 'booking-trial-callback');
  await form.getByRole('button', { name: 'Request callback' }).click();

  // Assess: the spec's message, and the request in the school's list
  await dialog.getByRole('status').filter({ hasText: CALLBACK_MESSAGE }).waitFor();
  await screenshot(page, 'booking-trial-callback-sent');
  const admin = await api().signIn(demo.admin.email, demo.admin.password);
  const list = await api().call<{ docs: Array<Record<string, string>> }>('trials.callbackRequests', {
    ...admin,
  });
  expect(list.body.docs[0]).toMatchObject({
    name: 'Chen Wei',
    phone: '+65 8123 4567',
    note: 'Weekday evenings, please',
    curriculum: 'Cambridge IGCSE',
    subject: 'Chinese',
    grade: 'Grade 9',
    timezone: SINGAPORE,
  });

  // And in the back-office, where the school answers it
  const office = await browser.signedInPage(demo.admin, '/admin/callback-requests', {
    timezoneId: SINGAPORE,
  });
  const row = office.getByRole('row').filter({ hasText: 'Chen Wei' });
  await row.waitFor();
  expect(await row.textContent()).toContain('+65 8123 4567');
  expect(await row.textContent()).toContain('Cambridge IGCSE · Chinese · Grade 9');
  await screenshot(office, 'admin-callback-requests');
});

it('the book-a-lesson dialog: the tutor’s free days, the first chosen, grouped times, next free day, zone change', async () => {
  // Prepare: Sam (London browser) opens Book a lesson on his course
  const page = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`, { timezoneId: LONDON });
  await page.getByRole('button', { name: 'Book a lesson' }).click();
  const dialog = page.getByRole('dialog');
  const times = dialog.getByRole('group', { name: 'Free times' });
  await times.getByRole('button').first().waitFor();

  // Assess: marks as the server answers them for Tom and an hour, the first chosen, its times grouped
  const sam = await api().signIn(demo.student.email, demo.student.password);
  const tutorFreeDays = async (zone: string, duration = 60) =>
    (
      await api().call<FreeDays>('availability.freeDays', {
        ...sam,
        params: { userId: 'demo-tutor-1' },
        query: { ...(await shownRange(dialog, zone)), duration: String(duration), deviceTimezone: zone },
      })
    ).body.days;
  const tutorSlotLabels = async (date: string, zone: string, duration = 60) =>
    (
      await api().call<{ docs: Slot[] }>('availability.slots', {
        ...sam,
        params: { userId: 'demo-tutor-1' },
        query: { date, duration: String(duration), deviceTimezone: zone },
      })
    ).body.docs.map((slot) => slot.label);
  const marked = await markedDays(dialog);
  expect(marked).toEqual(await tutorFreeDays(LONDON));
  const first = await chosenDay(dialog);
  expect(first).toBe(marked[0]);
  expectGrouped(await groupedTimes(times), await tutorSlotLabels(first, LONDON));
  await settled(page);
  await screenshot(page, 'booking-lesson-dialog');

  // Act: a day Tom does not teach, then the next free day
  let empty = await firstUnmarkedDay(dialog);
  if (!empty) {
    await monthCalendar(dialog).getByRole('button', { name: 'Next month' }).click();
    empty = await firstUnmarkedDay(dialog);
  }
  await pickDay(dialog, empty!);
  await dialog
    .getByText(`No slots are available on ${DateTime.fromISO(empty!).toFormat('ccc, d LLL')}.`)
    .waitFor();
  await dialog.getByRole('button', { name: /^Next free day: / }).click();
  const jumped = await chosenDay(dialog);
  expect(jumped > empty!).toBe(true);
  await times.getByRole('button').first().waitFor();

  // Act: Sam is travelling: Singapore
  await chooseZone(dialog, 'singapore', SINGAPORE);

  // Assess: the day's times and the marks in Singapore (Tom's London afternoon is Singapore's evening)
  await expect
    .poll(async () => (await groupedTimes(times)).flatMap((group) => group.labels))
    .toEqual(await tutorSlotLabels(jumped, SINGAPORE));
  expect((await groupedTimes(times)).map((group) => group.part)).toContain('Evening');
  await expect.poll(() => markedDays(dialog)).toEqual(await tutorFreeDays(SINGAPORE));
  await screenshot(page, 'booking-lesson-singapore');

  // And on a phone
  const phone = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`, {
    timezoneId: LONDON,
    viewport: { width: 390, height: 844 },
  });
  await phone.getByRole('button', { name: 'Book a lesson' }).click();
  await phone
    .getByRole('dialog')
    .getByRole('group', { name: 'Free times' })
    .getByRole('button')
    .first()
    .waitFor();
  await settled(phone);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(phone, 'booking-lesson-dialog-phone', { fullPage: false });
  await phone.getByRole('dialog').getByRole('group', { name: 'Free times' }).scrollIntoViewIfNeeded();
  await screenshot(phone, 'booking-lesson-times-phone', { fullPage: false });
});

it('the book-a-lesson dialog offers a callback request when the tutor has no free time', async () => {
  // Prepare: a course of Sam's whose tutor has set no hours at all
  const tutor = await createUser('demo', {
    firstname: 'Nora',
    lastname: 'Hours',
    email: 'nora.hours@demo.test',
    type: 'tutor',
    roleId: systemRoleIds.Tutor,
    passwordHash: 'not-used',
  });
  const admin = await api().signIn(demo.admin.email, demo.admin.password);
  const course = await api().call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'IGCSE Physics with Nora',
      curriculum: 'Cambridge IGCSE',
      subject: 'Physics',
      grade: 'Grade 10',
      type: 'One-to-One',
      status: 'ACTIVE',
    },
  });
  expect(course.status).toBe(201);
  await api().call('courseTutors.create', {
    ...admin,
    body: { course: course.body._id, tutor: tutor._id, type: 'PRIMARY' },
  });
  await api().call('courseStudents.create', {
    ...admin,
    body: { course: course.body._id, student: 'demo-student-1', type: 'CREDIT' },
  });

  // Act: Sam opens Book a lesson there
  const page = await browser.signedInPage(demo.student, `/portal/courses/${course.body._id}`, {
    timezoneId: LONDON,
  });
  await page.getByRole('button', { name: 'Book a lesson' }).click();
  const dialog = page.getByRole('dialog');
  const form = dialog.getByTestId('callback-request');
  await form.getByText('Your tutor has no free time', { exact: false }).waitFor();

  // Assess: his name and e-mail are filled in; a note is enough to send it
  expect(await form.getByLabel(/^Your name/).inputValue()).not.toBe('');
  expect(await form.getByLabel(/^Email/).inputValue()).toBe(demo.student.email);
  await form.getByLabel(/^Note/).fill('Saturday mornings');
  await form.getByRole('button', { name: 'Request callback' }).click();
  await dialog.getByRole('status').filter({ hasText: CALLBACK_MESSAGE }).waitFor();
  await settled(page);
  await screenshot(page, 'booking-lesson-callback-sent');
  const list = await api().call<{ docs: Array<Record<string, string>> }>('trials.callbackRequests', {
    ...admin,
  });
  expect(list.body.docs[0]).toMatchObject({ courseId: course.body._id, note: 'Saturday mornings' });
});
