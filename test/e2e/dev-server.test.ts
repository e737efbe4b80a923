import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

// The other journeys run on the production build; `npm start` serves the SPA from Vite's dev server, so
// this one checks that the dev server's way of loading the app (modules compiled on request, the route
// table as a virtual module, config.json from the local stack) works end to end.
const browser = browserStackPerFile({ devServer: true });

it('npm start’s dev server serves the portal: a visitor sees the home page and a student signs in', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/'));
  await page.getByRole('heading', { name: 'Learn with expert tutors at Demo Academy' }).waitFor();
  expect(await page.locator('script[src*="/@vite/client"]').count()).toBe(1);
  await screenshot(page, 'dev-server-home');

  await page.goto(browser.portalUrl('/login'));
  await page.getByLabel(/^Email/).fill(demo.student3.email);
  await page.getByLabel(/^Password/).fill(demo.student3.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/portal$/);
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
});
