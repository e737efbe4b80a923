import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { placeLesson } from '../support/lessons';
import { browserStackPerFile, screenshot } from './support/browser';

/**
 * Issue 19 item 7 in the browser: a lesson booked for Sam reaches the bell of his open page over the socket
 * (no reload), the list leads to the lesson, and the e-mail choices are kept; on a desktop and a phone.
 */
const browser = browserStackPerFile();
const DAY = 86_400_000;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** A lesson of Sam's with Tom, `days` ahead (each journey its own day: no two bookings meet). */
async function bookForSam(title: string, days: number) {
  const start = new Date(Math.ceil((Date.now() + days * DAY) / 900_000) * 900_000);
  return placeLesson('demo', {
    start: start.toISOString(),
    minutes: 60,
    title,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  });
}

it('a booking reaches the open page’s bell, and the list leads to the lesson (desktop)', async () => {
  // Prepare: the seed's own events delivered and read, then Sam's portal open with nothing unread
  await browser.stack().events.settled();
  const api = apiClient(browser.stack().apiUrl);
  await api.call('notifications.markAllRead', await api.signIn(demo.student.email, demo.student.password));
  const page = await browser.signedInPage(demo.student, '/portal');
  await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');

  // Act: a lesson booked for him meanwhile
  const lesson = await bookForSam('Vectors revision', 90);

  // Assess: pushed over the socket, with no reload
  await expect
    .poll(() => bell(page).getAttribute('aria-label'), { timeout: 20_000 })
    .toBe('Notifications, 1 unread');
  await bell(page).click();
  const item = page.getByRole('button', { name: /New lesson: Vectors revision/ });
  await item.waitFor();
  await screenshot(page, 'notifications-bell-desktop', { fullPage: false });
  await item.click();
  await page.waitForURL(`**/waiting-room/${lesson._id}`);
});

it('the bell and the settings on a 390 px phone; an e-mail choice is kept', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.student, '/portal', {
    viewport: { width: 390, height: 844 },
  });
  await bookForSam('Kinematics practice', 93);
  await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/unread$/);

  // Act
  await bell(page).click();
  await page.getByRole('button', { name: /New lesson: Kinematics practice/ }).waitFor();
  await screenshot(page, 'notifications-bell-phone', { fullPage: false });
  await page.getByRole('button', { name: 'All notifications and e-mail settings' }).click();
  await page.waitForURL('**/portal/notifications');
  const reminders = page.getByRole('checkbox', { name: 'Lesson reminders' });
  await reminders.waitFor();
  await page.getByText('Lesson reminders').click();
  await expect.poll(() => reminders.isChecked()).toBe(false);
  await screenshot(page, 'notifications-page-phone');

  // Assess: kept on the server
  await page.reload();
  await expect.poll(() => page.getByRole('checkbox', { name: 'Lesson reminders' }).isChecked()).toBe(false);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
