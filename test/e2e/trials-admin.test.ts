import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { recordEndedLessons } from '../../functions/lesson-history/job';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot, uniqueEmail } from './support/browser';

const browser = browserStackPerFile();
const ZONE = 'Asia/Singapore';
const igcseMaths = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };

type Slot = { start: string; end: string; tutorId: string };
type Booked = { trial: { _id: string; tutorId: string }; courseId: string };
interface Student {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** A Wednesday at least four days ahead (Singapore calendar), when every demo tutor works. */
function upcomingWednesday(weeksAhead: number): string {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 4 });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.plus({ weeks: weeksAhead }).toISODate()!;
}

/** A new student books a free trial with sign-up (POST /trials/sign-up), as the dialog does. */
async function signUpWithTrial(firstname: string, lastname: string, date: string, index: number) {
  const api = apiClient(browser.stack().apiUrl);
  const slots = await api.call<{ docs: Slot[] }>('trials.slots', {
    query: { date, ...igcseMaths, deviceTimezone: ZONE },
  });
  expect(slots.status).toBe(200);
  const slot = slots.body.docs[index]!;
  const student: Student = {
    firstname,
    lastname,
    email: uniqueEmail(firstname.toLowerCase()),
    password: 'Trial-student-1',
  };
  const booked = await api.call<Booked>('trials.signUp', {
    body: {
      ...student,
      ...igcseMaths,
      startDate: slot.start,
      endDate: slot.end,
      tutorId: slot.tutorId,
      deviceTimezone: ZONE,
    },
  });
  expect(booked.status).toBe(201);
  return { student, slot, ...booked.body };
}

/** Dialogs fade in: a screenshot waits until no animation is running. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

let done: Awaited<ReturnType<typeof signUpWithTrial>>;
let waiting: Awaited<ReturnType<typeof signUpWithTrial>>;

beforeAll(async () => {
  // Tara's trial lesson takes place (the lesson-history job completes it); Ben's is still ahead.
  done = await signUpWithTrial('Tara', 'Trialist', upcomingWednesday(0), 0);
  waiting = await signUpWithTrial('Ben', 'Booker', upcomingWednesday(1), 1);
  const report = await recordEndedLessons('demo', new Date(Date.parse(done.slot.end) + 60_000));
  expect(report.failed).toBe(0);
});

it('an admin filters trials, records an outcome and adds a recording; the student watches it', async () => {
  // Prepare: the admin on the back-office
  const page = await browser.signedInPage(demo.admin, '/admin', { timezoneId: ZONE });
  await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Trials' }).click();
  await page.getByRole('heading', { name: 'Trials', level: 1 }).waitFor();
  const filters = page.getByRole('group', { name: 'Filters' });
  const total = page.getByTestId('list-total');
  const rowOf = (student: Student) => page.getByRole('row').filter({ hasText: student.email });

  // Act / Assess: by status
  await filters.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
  await rowOf(done.student).waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="list-total"]')?.textContent === '1–1 of 1',
  );
  expect(await rowOf(waiting.student).count()).toBe(0);
  await filters.getByLabel('Status', { exact: true }).selectOption({ label: 'Scheduled' });
  await rowOf(waiting.student).waitFor();
  expect(await rowOf(done.student).count()).toBe(0);
  await filters.getByLabel('Status', { exact: true }).selectOption({ label: 'All' });

  // by lesson date: up to Tara's lesson day leaves Ben's (a week later) out
  await filters.getByLabel('Lessons to').fill(upcomingWednesday(0));
  await rowOf(done.student).waitFor();
  await rowOf(waiting.student).waitFor({ state: 'detached' });
  await filters.getByLabel('Lessons to').fill('');
  await rowOf(waiting.student).waitFor();

  // by student, found by name with the people picker
  await filters.getByLabel('Search students').fill('Tara Trialist');
  const studentSelect = filters.getByLabel('Student', { exact: true });
  await studentSelect.locator('option', { hasText: done.student.email }).waitFor({ state: 'attached' });
  await studentSelect.selectOption({ label: `Tara Trialist (${done.student.email})` });
  await rowOf(waiting.student).waitFor({ state: 'detached' });
  const row = rowOf(done.student);
  expect(await row.textContent()).toContain('Completed');
  expect(await total.textContent()).toBe('1–1 of 1');
  await screenshot(page, 'admin-trials-filtered');

  // Act: record the outcome; the dialog offers only what the rule allows from Completed
  await row.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update trial' });
  const status = dialog.getByLabel('Status', { exact: true });
  expect(await status.locator('option').allTextContents()).toEqual(['Completed', 'Pending', 'Succeeded']);
  await status.selectOption({ label: 'Pending' });
  const outcome = dialog.getByLabel('Outcome', { exact: true });
  expect(await outcome.locator('option').allTextContents()).toEqual([
    'Choose an outcome',
    'Awaiting confirmation from the parent',
    'Pending payment from the parent',
  ]);
  await outcome.selectOption({ label: 'Awaiting confirmation from the parent' });
  await settled(page);
  await screenshot(page, 'admin-trial-update');
  await dialog.getByRole('button', { name: 'Update' }).click();

  // Assess: the toast, and the row with the spec's labels
  await page.getByText('Trial class Updated!').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Awaiting confirmation from the parent').waitFor();
  expect(await row.textContent()).toContain('Pending');
  // The outcome filter finds it.
  await filters
    .getByLabel('Outcome', { exact: true })
    .selectOption({ label: 'Awaiting confirmation from the parent' });
  await row.waitFor();
  expect(await total.textContent()).toBe('1–1 of 1');

  // Act: add a recording link
  await row.getByRole('button', { name: 'Recordings' }).click();
  const recordings = page.getByRole('dialog', { name: 'Recordings' });
  await recordings.getByText('No recording yet.').waitFor();
  await recordings.getByRole('button', { name: 'Add recording' }).click();
  const add = page.getByRole('dialog', { name: 'Add recording' });
  await add.getByLabel(/^Link/).fill('recordings.example.com/trial/tara');
  await add.getByLabel(/^Title/).fill('Trial lesson');
  expect(await add.getByLabel(/^Recorded at/).inputValue()).toBe(
    DateTime.fromISO(done.slot.start, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm"),
  );
  await settled(page);
  await screenshot(page, 'admin-trial-add-recording');
  await add.getByRole('button', { name: 'Add recording' }).click();

  // Assess: the link is on the trial (made absolute by the server), and the row counts it
  await page.getByText('Recording added').waitFor();
  await add.waitFor({ state: 'detached' });
  const link = recordings.getByRole('link', { name: 'Trial lesson' });
  expect(await link.getAttribute('href')).toBe('https://recordings.example.com/trial/tara');
  await settled(page);
  await screenshot(page, 'admin-trial-recordings');
  await recordings.getByRole('button', { name: 'Close' }).click();
  await recordings.waitFor({ state: 'detached' });
  await screenshot(page, 'admin-trials-updated');

  // Act: Tara comes to book again and logs in from the trial dialog
  const student = await browser.newPage({ timezoneId: ZONE });
  await student.goto(browser.portalUrl('/'));
  await student.getByRole('button', { name: 'Book your FREE Class' }).click();
  await student.getByRole('dialog').getByRole('link', { name: 'Log in' }).click();
  await student.waitForURL(/\/login\?startTrial=true/);
  await logIn(student, done.student);

  // Assess: her trial is already booked: the portal says so instead of opening the dialog
  await student.getByText('You have already booked your free trial class.', { exact: false }).waitFor();
  expect(new URL(student.url()).searchParams.get('trialApplied')).toBe('true');
  const mine = student.getByTestId('trial-row');
  await mine.getByText('Awaiting confirmation from the parent').waitFor();
  expect(await mine.getByTestId('trial-status').textContent()).toBe('Pending');
  const when = DateTime.fromISO(done.slot.start, { zone: ZONE }).toFormat('yyyy LLL dd, hh:mm a');
  expect(await mine.textContent()).toContain(when);
  await screenshot(student, 'portal-my-trials');

  // Act: open the recording
  await mine.getByRole('link', { name: 'Watch recording' }).click();

  // Assess: the trial page, its labels and the link
  await student.waitForURL(new RegExp(`/trial-recording/${done.trial._id}$`));
  await student.getByRole('heading', { name: 'Free Trial: Mathematics (Grade 10)' }).waitFor();
  expect(await student.getByTestId('trial-status').textContent()).toBe('Pending');
  expect(await student.getByTestId('trial-outcome').textContent()).toBe(
    'Awaiting confirmation from the parent',
  );
  const watch = student.getByRole('link', { name: 'Trial lesson' });
  expect(await watch.getAttribute('href')).toBe('https://recordings.example.com/trial/tara');
  // A student reads the recordings; only the tutor or an administrator changes them.
  expect(await student.getByRole('button', { name: 'Add recording' }).count()).toBe(0);
  expect(await student.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
  await screenshot(student, 'trial-recording-page');
});

it('the trial’s tutor adds and removes a recording link on the trial course page', async () => {
  // Prepare: the tutor Tara's trial was booked with
  const n = done.trial.tutorId.replace('demo-tutor-', '');
  const page = await browser.signedInPage(
    { email: `tutor${n}@demo.test`, password: `Demo-tutor-${n}` },
    `/portal/courses/${done.courseId}`,
    { timezoneId: ZONE },
  );
  const panel = page.getByTestId('trial-panel');
  await panel.getByRole('heading', { name: 'Free trial' }).waitFor();

  // Act
  await panel.getByRole('button', { name: 'Add recording' }).click();
  const add = page.getByRole('dialog', { name: 'Add recording' });
  // Nothing valid typed: the form says so and sends nothing.
  await add.getByLabel(/^Link/).fill('not a link');
  await add.getByRole('button', { name: 'Add recording' }).click();
  await add.getByText('Please enter a valid link').waitFor();
  await add.getByLabel(/^Link/).fill('https://drive.example.com/tara-part-2');
  await add.getByLabel(/^Title/).fill('Part 2');
  await add.getByRole('button', { name: 'Add recording' }).click();

  // Assess
  await page.getByText('Recording added').waitFor();
  await panel.getByRole('link', { name: 'Part 2' }).waitFor();
  await screenshot(page, 'trial-course-panel-tutor');

  // Act: remove it again
  await panel.getByRole('button', { name: 'Remove Part 2' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove recording' });
  await confirm.getByRole('button', { name: 'Remove' }).click();

  // Assess
  await page.getByText('Recording removed').waitFor();
  await panel.getByRole('link', { name: 'Part 2' }).waitFor({ state: 'detached' });
  expect(await panel.getByTestId('trial-recording').count()).toBe(1);
});

it('a student without a trial who logs in from the trial dialog gets the dialog again', async () => {
  // Prepare: a visitor on the home page
  const page = await browser.newPage({ timezoneId: ZONE });
  await page.goto(browser.portalUrl('/'));
  await page.getByRole('button', { name: 'Book your FREE Class' }).click();
  const logInLink = page.getByRole('dialog').getByRole('link', { name: 'Log in' });
  await logInLink.waitFor();

  // Act: Log in as Leo (a student with no trial yet)
  await logInLink.click();
  await logIn(page, demo.student3);

  // Assess: the portal home with the dialog open, and no startTrial left in the address
  const dialog = page.getByRole('dialog', { name: 'Book your FREE Class' });
  await dialog.getByText('Select curriculum, subject and grade').waitFor();
  await dialog
    .getByLabel('Curriculum')
    .locator('option', { hasText: 'Cambridge IGCSE' })
    .waitFor({ state: 'attached' });
  // Signed in now: no account form in the dialog.
  expect(await dialog.getByLabel(/^First name/).count()).toBe(0);
  expect(new URL(page.url()).pathname).toMatch(/\/portal$/);
  await page.waitForURL((url) => !url.searchParams.has('startTrial'));
  await settled(page);
  await screenshot(page, 'trial-dialog-after-log-in');
});
