import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE = 'course-demo-igcse-maths';
type Json = Record<string, any>;

/** The list's total, from "1–10 of 23" (blank for an empty list). */
async function listTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('list-total').textContent()) ?? '';
  const match = /of (\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** A start on the 15-minute grid, `minutes` from now. */
function minutesFromNow(minutes: number): string {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + minutes * 60_000) / quarter) * quarter).toISOString();
}

it('lets the admin create a course (landing on its page), find it, edit it and delete it', async () => {
  // Prepare
  const title = `Algebra club ${Date.now().toString(36)}`;
  const page = await browser.signedInPage(demo.admin, '/admin/courses');
  await page.waitForURL(/\/learning-portal\/admin\/courses/);
  await page.getByRole('cell', { name: 'IGCSE Mathematics (Grade 10)' }).first().waitFor();
  await screenshot(page, 'admin-courses-list');

  // Act: create
  await page.getByRole('button', { name: 'New course' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel('Description').fill('Weekly algebra practice in a small group.');
  await dialog.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await dialog.getByLabel('Subject').selectOption('Mathematics');
  await dialog.getByLabel('Grade').selectOption('Grade 10');
  await dialog.getByLabel('Status').selectOption({ label: 'Active' });
  await dialog.getByLabel('Class type').selectOption('Group');
  await dialog.getByLabel('Payment type').selectOption({ label: 'Subscription' });
  await dialog.getByLabel('Lesson duration').selectOption({ label: '45 min' });
  await screenshot(page, 'admin-course-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess: the toast, then the new course's page: for an admin the back-office one (courses-page.tsx)
  await page.getByText('Course Created').waitFor();
  await page.waitForURL(/\/learning-portal\/admin\/courses\/[^/]+$/);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByText('Cambridge IGCSE · Mathematics · Grade 10').waitFor();
  await screenshot(page, 'admin-course-created-page');

  // Act: find it by search (with the class type filter on)
  await page.goto(browser.portalUrl('/admin/courses'));
  await page.getByLabel('Class type').selectOption('Group');
  await page.getByLabel('Search courses').fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.waitFor();
  expect(await row.getByText('Subscription').count()).toBe(1);
  expect(await row.getByText('45 min').count()).toBe(1);

  // Act: edit
  await row.getByRole('button', { name: 'Edit course' }).click();
  const edit = page.getByRole('dialog');
  expect(await edit.getByLabel(/^Title/).inputValue()).toBe(title);
  await edit.getByLabel(/^Title/).fill(`${title} v2`);
  await edit.getByLabel('Status').selectOption({ label: 'Draft' });
  await edit.getByRole('button', { name: 'Save' }).click();

  // Assess
  await page.getByText('Course Updated').waitFor();
  const edited = page.getByRole('row', { name: new RegExp(`${title} v2`) });
  await edited.getByText('Draft').waitFor();
  await screenshot(page, 'admin-course-edited');

  // Act: delete
  await edited.getByRole('button', { name: 'Delete course' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('This cannot be undone').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();

  // Assess: after a delete an admin stays on the back-office courses list, with its filters in the address
  await page.getByText('Course Deleted').waitFor();
  await edited.waitFor({ state: 'detached' });
  expect(page.url()).toMatch(/\/learning-portal\/admin\/courses(\?[^/]*)?$/);
  expect(await page.getByRole('row', { name: new RegExp(title) }).count()).toBe(0);
});

it('refuses to delete a course with upcoming lessons and says why', async () => {
  const page = await browser.signedInPage(demo.admin, '/admin/courses');
  await page.getByLabel('Search courses').fill('IGCSE Mathematics (Grade 10)');
  const row = page.getByRole('row', { name: /IGCSE Mathematics \(Grade 10\)/ });
  await row.waitFor();
  await row.getByRole('button', { name: 'Delete course' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText(/This course still has \d+ upcoming lessons?\. Cancel them first\./).waitFor();
  await row.waitFor();

  // The row action opens the admin course page
  await row.getByRole('link', { name: 'Open course' }).click();
  await page.waitForURL(/\/learning-portal\/admin\/courses\/course-demo-igcse-maths$/);
  await page.getByRole('heading', { name: 'IGCSE Mathematics (Grade 10)' }).waitFor();
});

it('lets the admin reject a pending cancellation, update another and set its tutor payment status', async () => {
  // Prepare, through the API: two lessons within 24 hours; the student asks to cancel both (PENDING)
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const student = await api.signIn(demo.student.email, demo.student.password);
  const stamp = Date.now().toString(36);
  const titles = [`Exam drill A ${stamp}`, `Exam drill B ${stamp}`];
  let from = 6 * 60;
  const lessons: Json[] = [];
  for (const title of titles) {
    for (let minutes = from; minutes <= 9 * 60; minutes += 15) {
      const created = await api.call<Json>('meetings.teamsAdminCreate', {
        ...admin,
        body: { course: COURSE, title, start: minutesFromNow(minutes), duration: 60 },
      });
      if (created.status === 201) {
        lessons.push(created.body);
        from = minutes + 90;
        break;
      }
    }
  }
  expect(lessons).toHaveLength(2);
  for (const lesson of lessons) {
    const asked = await api.call<Json>('meetings.teamsCancel', {
      ...student,
      params: { id: lesson._id },
      body: { reason: 'Sickness' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe('PENDING');
  }

  // Act: open the requests from the back-office menu
  const page = await browser.signedInPage(demo.admin, '/admin/courses');
  await page
    .getByRole('navigation', { name: 'Back-office' })
    .getByRole('link', { name: 'Lesson requests' })
    .click();
  await page.waitForURL(/\/learning-portal\/admin\/meeting-requests/);
  const first = page.getByRole('row', { name: new RegExp(titles[0]!) });
  const second = page.getByRole('row', { name: new RegExp(titles[1]!) });
  await first.waitFor();
  await second.waitFor();
  expect(await first.getByText('Sickness').count()).toBe(1);
  expect(await first.getByText('Sam').count()).toBeGreaterThan(0);
  expect(await first.getByText('Student', { exact: true }).count()).toBe(1);
  // Created and old time in the viewer's zone (YYYY MMM DD over hh:mm A); no new time for a cancellation
  expect(await first.getByText(/^\d{2}:\d{2} [AP]M$/).count()).toBe(2);
  expect((await first.textContent()) ?? '').toMatch(/\d{4} [A-Z][a-z]{2} \d{2}\d{2}:\d{2} [AP]M/);
  const before = await listTotal(page);
  expect(before).toBeGreaterThanOrEqual(2);
  await screenshot(page, 'admin-requests-list');

  // Act: reject the first
  await first.getByRole('button', { name: 'Respond' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Sickness').waitFor();
  await screenshot(page, 'admin-request-dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();

  // Assess: it leaves the pending list and the total falls by one
  await page.getByText('Lesson Request Responded!').waitFor();
  await first.waitFor({ state: 'detached' });
  await expect.poll(() => listTotal(page)).toBe(before - 1);
  await second.waitFor();

  // Act: update the second (an admin note and a penalty); it stays pending
  await second.getByRole('button', { name: 'Respond' }).click();
  const update = page.getByRole('dialog');
  await update.getByLabel('Admin note').fill('Doctor’s note received');
  await update.getByLabel('Penalty (%)').fill('10');
  await update.getByLabel('Penalty reason').fill('Late notice');
  await update.getByRole('button', { name: 'Update' }).click();
  await page.getByText('Lesson Request Updated!').waitFor();
  await update.waitFor({ state: 'detached' });
  await second.getByRole('button', { name: 'Respond' }).click();
  const reopened = page.getByRole('dialog');
  expect(await reopened.getByLabel('Admin note').inputValue()).toBe('Doctor’s note received');
  expect(await reopened.getByLabel('Penalty (%)').inputValue()).toBe('10');
  await reopened.getByRole('button', { name: 'Close' }).click();
  await reopened.waitFor({ state: 'detached' });
  expect(await listTotal(page)).toBe(before - 1);

  // Act: set its tutor payment status in bulk
  await second.getByRole('checkbox', { name: /^Select / }).check({ force: true });
  await page.getByText('1 selected').waitFor();
  await page.getByLabel('Tutor payment status').selectOption({ label: 'Paid' });
  await screenshot(page, 'admin-requests-bulk');
  await page.getByRole('button', { name: 'Set tutor payment status' }).click();

  // Assess
  await page.getByText('Tutor payment status updated!').waitFor();
  await second.getByText('Paid', { exact: true }).waitFor();
  await screenshot(page, 'admin-requests-after');
});
