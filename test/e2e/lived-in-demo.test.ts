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
