import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile({ seed: 'lived-in' });

it('a demo student signs in to a dashboard and a week that are not empty', async () => {
  // Sam lives in Singapore: the calendar is read in his zone.
  const page = await browser.signedInPage(demo.student, '/dashboard', { timezoneId: 'Asia/Singapore' });

  // Assess: rings for the subjects he chose at onboarding, neither at 0 %, with quiz scores
  await page.getByRole('img', { name: /^Mathematics: [1-9]\d?% complete$/ }).waitFor();
  await page.getByRole('img', { name: /^Physics: [1-9]\d?% complete$/ }).waitFor();
  expect(await page.getByTestId('subject-card').count()).toBe(2);
  expect(await page.getByText('Tell us about your studies').count()).toBe(0);
  await page.getByText(/^Average score \d+% · /).waitFor();
  const sessions = page.getByRole('region', { name: 'Recent study sessions' });
  await sessions
    .getByLabel(/questions? asked$/)
    .first()
    .waitFor();
  const bookmarks = page.getByRole('region', { name: 'Bookmarks' });
  await bookmarks.getByText('Lesson ended').first().waitFor();
  await screenshot(page, 'lived-in-dashboard');

  // Assess: this week's calendar has his lessons, the past ones completed
  await page.goto(browser.portalUrl('/portal/schedule'));
  const lessons = page.getByTestId('calendar-lesson');
  await lessons.first().waitFor();
  expect(await lessons.count()).toBeGreaterThanOrEqual(2);
  const titles = await lessons.allTextContents();
  expect(titles.some((text) => text.includes('IGCSE Physics (Grade 10)'))).toBe(true);
  expect(titles.some((text) => text.includes('IGCSE Mathematics exam practice (group)'))).toBe(true);
  await screenshot(page, 'lived-in-schedule-week');
});

it('an admin’s filtered, sorted page 2 of the lesson history is in its address: a reload and Back keep to it', async () => {
  // Prepare: the lesson history of the term
  const page = await browser.signedInPage(demo.admin, '/admin/lesson-history');
  const total = page.getByTestId('list-total');
  await total.getByText(/^1–10 of \d+$/).waitFor();
  const filters = page.getByRole('group', { name: 'Filters' });
  const lessonType = filters.getByLabel('Lesson type');
  const rows = () => page.locator('tbody tr').allTextContents();

  // Act: one-to-one lessons, oldest first, the second page
  await lessonType.selectOption('1 on 1');
  await page.waitForURL(/\?lessonType=1\+on\+1$/);
  await page.getByRole('button', { name: 'Sort by Date' }).click();
  await page.waitForURL(/\?lessonType=1\+on\+1&sort=start$/);
  // Page 2's answer is held back: until it arrives, the rows and the line under them are page 1's, marked busy
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const secondPage = (url: URL) =>
    url.pathname.endsWith('/lesson-history') && url.searchParams.get('offset') === '10';
  await page.route(secondPage, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\?lessonType=1\+on\+1&sort=start&page=2$/);
  await page.locator('[aria-busy="true"]').waitFor();
  expect(await total.textContent()).toMatch(/^1–10 of \d+$/);
  const answered = page.waitForResponse(
    (response) => secondPage(new URL(response.url())) && response.request().method() === 'GET',
  );
  release();
  await answered;
  await page.unroute(secondPage);
  await total.getByText(/^11–20 of \d+$/).waitFor();
  expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
  const shown = await rows();
  // The lesson type reads in words, never as its stored value
  expect(shown.every((row) => row.includes('One-to-one') && !row.includes('1 on 1'))).toBe(true);
  await screenshot(page, 'admin-list-in-address');

  // Act: reload
  await page.reload();

  // Assess: the same filter, order, page and rows
  await total.getByText(/^11–20 of \d+$/).waitFor();
  expect(await lessonType.inputValue()).toBe('1 on 1');
  await page.waitForFunction((first) => document.querySelector('tbody tr')?.textContent === first, shown[0]);
  expect(await rows()).toEqual(shown);

  // Act + Assess: Back walks through the changes, one at a time
  await page.goBack();
  await page.waitForURL(/\?lessonType=1\+on\+1&sort=start$/);
  await total.getByText(/^1–10 of \d+$/).waitFor();
  await page.goBack();
  await page.waitForURL(/\?lessonType=1\+on\+1$/);
  await page.goBack();
  await page.waitForURL(/\/admin\/lesson-history$/);
  await page.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('select[aria-label="Lesson type"]')?.value === '',
  );

  // An address someone edited by hand opens the list with its defaults, never an error
  await page.goto(browser.portalUrl('/admin/lesson-history?page=-4&sort=password&lessonType=SPAM'));
  await total.getByText(/^1–10 of \d+$/).waitFor();
  expect(await lessonType.inputValue()).toBe('');
});

it('a search typed into an admin list replaces its address, and a filter chosen after it adds a step', async () => {
  // Prepare: the trials of the term
  const page = await browser.signedInPage(demo.admin, '/admin/trials');
  const total = page.getByTestId('list-total');
  await total.getByText(/ of \d+$/).waitFor();
  const steps = () => page.evaluate(() => window.history.length);
  const before = await steps();

  // Act: type a name slowly, past the search's pause after each letter
  await page.getByLabel('Search trials').pressSequentially('zara', { delay: 400 });

  // Assess: the address has the search, and no step per letter
  await page.waitForURL(/\/admin\/trials\?q=zara$/);
  expect(await steps()).toBe(before);

  // Act + Assess: a filter is a step of its own; Back returns to the search alone, with its text
  await page
    .getByRole('group', { name: 'Filters' })
    .getByLabel('Status', { exact: true })
    .selectOption('SCHEDULED');
  await page.waitForURL(/\?q=zara&status=SCHEDULED$/);
  expect(await steps()).toBe(before + 1);
  await page.goBack();
  await page.waitForURL(/\?q=zara$/);
  expect(await page.getByLabel('Search trials').inputValue()).toBe('zara');
});
