import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { chosenDay, markedDays, pickDay } from './support/booking';
import { browserStackPerFile, screenshot, uniqueEmail } from './support/browser';

const browser = browserStackPerFile();

/** A Wednesday at least four days ahead (Singapore calendar), when every demo tutor works. */
function upcomingWednesday(): string {
  let day = DateTime.now().setZone('Asia/Singapore').startOf('day').plus({ days: 4 });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

it('a visitor books a free trial with sign-up, sees the congratulations and the lesson on the course page', async () => {
  // Prepare: a visitor in Singapore on the home page
  const day = upcomingWednesday();
  const page = await browser.newPage({ timezoneId: 'Asia/Singapore' });
  await page.goto(browser.portalUrl('/'));

  // Act: open the dialog and choose, checking the dependent selectors on the way
  await page.getByRole('button', { name: 'Book your FREE Class' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Select curriculum, subject and grade').waitFor();
  expect(await dialog.getByLabel('Subject').isDisabled()).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Book Trial' }).isDisabled()).toBe(true);
  await dialog.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  expect(await dialog.getByLabel('Grade').isDisabled()).toBe(true);
  await dialog.getByLabel('Subject').selectOption('Mathematics');
  await dialog.getByLabel('Grade').selectOption('Grade 10');
  // The first day with free times is chosen at once, and it is one of the days marked.
  const slots = dialog.getByRole('group', { name: 'Available times' }).getByRole('button');
  await slots.first().waitFor();
  expect(await markedDays(dialog)).toContain(await chosenDay(dialog));
  await pickDay(dialog, day);
  await slots.first().waitFor();
  const label = (await slots.nth(2).textContent())!;
  expect(label).toMatch(/^(0\d|1[0-2]):[0-5]\d (AM|PM)$/);
  await slots.nth(2).click();
  expect(await dialog.getByRole('button', { name: 'Book Trial' }).isDisabled()).toBe(false);
  // Changing the curriculum clears subject, grade and the slot.
  await dialog.getByLabel('Curriculum').selectOption('IB Diploma');
  expect(await dialog.getByLabel('Subject').inputValue()).toBe('');
  expect(await dialog.getByRole('button', { name: 'Book Trial' }).isDisabled()).toBe(true);
  await dialog.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await dialog.getByLabel('Subject').selectOption('Mathematics');
  await dialog.getByLabel('Grade').selectOption('Grade 10');
  await slots.first().waitFor();
  // A new combination looks for its first free day again: the Wednesday is chosen anew.
  await pickDay(dialog, day);
  await slots.first().waitFor();
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await dialog.getByLabel(/^First name/).fill('Vera');
  await dialog.getByLabel(/^Last name/).fill('Visitor');
  await dialog.getByLabel(/^Password/).fill('Trial-visitor-1');
  // An e-mail already in use is refused, and the chosen time stays chosen
  await dialog.getByLabel(/^Email/).fill(demo.student.email);
  await dialog.getByRole('button', { name: 'Book Trial' }).click();
  await page.getByText('An account with this email already exists').first().waitFor();
  await expect
    .poll(() => dialog.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed'))
    .toBe('true');
  await dialog.getByLabel(/^Email/).fill(uniqueEmail('vera'));
  await screenshot(page, 'book-trial-dialog');
  await dialog.getByRole('button', { name: 'Book Trial' }).click();

  // Assess: the portal home with the congratulation dialog
  const congratulations = page.getByText(
    'Congratulations! Your trial class is successfully scheduled. Check your homepage and email for details.',
  );
  await congratulations.waitFor();
  expect(new URL(page.url()).searchParams.has('trialClassCreated')).toBe(true);
  await screenshot(page, 'trial-congratulations');
  await page.getByRole('dialog').getByRole('button', { name: 'Dismiss' }).click();
  await congratulations.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).searchParams.has('trialClassCreated')).toBe(false);
  // My trials on the portal home: the trial, scheduled, at the booked time in Singapore
  const trialRow = page.getByTestId('trial-row');
  await trialRow.getByText('Free Trial: Mathematics (Grade 10)').waitFor();
  expect(await trialRow.getByTestId('trial-status').textContent()).toBe('Scheduled');
  expect(await trialRow.textContent()).toContain(
    `${DateTime.fromISO(day).toFormat('yyyy LLL dd')}, ${label}`,
  );

  // Act: open the trial course
  await page.getByRole('link', { name: 'Open course' }).first().click();

  // Assess: the lesson at the booked time, in the viewer's zone, not started yet
  await page.getByRole('heading', { name: 'Free Trial: Mathematics (Grade 10)' }).waitFor();
  const lesson = page.getByTestId('lesson-row');
  await lesson.getByText('Free trial lesson').waitFor();
  expect(await lesson.textContent()).toContain(label);
  expect(await lesson.textContent()).toContain('Class Not Started');
  expect(await lesson.getByRole('button', { name: 'Join lesson' }).isDisabled()).toBe(true);
  // The trial itself, below the lessons: scheduled, no recording until the lesson has taken place
  const panel = page.getByTestId('trial-panel');
  await panel
    .getByText('Recordings appear here after the trial lesson has taken place.', { exact: false })
    .waitFor();
  expect(await panel.getByTestId('trial-status').textContent()).toBe('Scheduled');
  await screenshot(page, 'trial-course-page');

  // Act: the schedule, at the trial's week
  await page.goto(browser.portalUrl(`/portal/schedule?date=${day}`));

  // Assess: the trial lesson in the calendar on its day, at the booked time
  const cell = page.locator(`[role="gridcell"][data-date="${day}"]`);
  const booked = cell.getByTestId('calendar-lesson').filter({ hasText: label });
  await booked.waitFor();
  expect(await booked.textContent()).toContain('Free Trial: Mathematics (Grade 10)');
  await screenshot(page, 'trial-in-schedule');
});
