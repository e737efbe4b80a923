import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

it('keeps the dark theme across a reload (light by default)', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/'));
  await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

  await page.reload();
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await screenshot(page, 'home-dark');
});

it('paints a dark-mode visitor dark from the first content, with no light flash', async () => {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('themeMode', 'dark');
    const w = window as unknown as { __firstContentDark?: boolean };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root?.firstChild) return;
      w.__firstContentDark = document.documentElement.classList.contains('dark');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(browser.portalUrl('/'));
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  expect(
    await page.evaluate(() => (window as unknown as { __firstContentDark?: boolean }).__firstContentDark),
  ).toBe(true);
});

it('renders the public pages without console errors (React warns there in development)', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(browser.portalUrl('/'));
  await page.getByText('Explore the curriculum').waitFor();
  await page.goto(browser.portalUrl('/cambridge-igcse/mathematics'));
  await page.getByText('Algebra and graphs').first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

it('shows the tenant name, the chat button and a content page for unknown paths', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/no-such-page/'));
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  const chat = page.getByRole('link', { name: 'Chat with us' });
  expect(await chat.getAttribute('href')).toContain('text=Hello');
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
    /\/learning-portal\/no-such-page$/,
  );
  await screenshot(page, 'content-page');
});

it('offers Retry when a page fails to load, and loads it on retry', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/'));
  await page.getByRole('link', { name: 'Log in' }).first().waitFor();
  let blocked = true;
  await page.route(/forgot-password-page/, (route) => (blocked ? route.abort() : route.continue()));

  await page.evaluate(() => {
    window.history.pushState({}, '', '/learning-portal/forgot-password');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByText('Failed to load page').waitFor();
  await page.getByText('Something went wrong while loading this page. Please try again.').waitFor();
  await screenshot(page, 'page-load-failed');

  // Offline, Retry keeps the message and its button rather than reloading into the browser's error page.
  // (Chromium fails the import again without a request; the app then asks the site, which fails offline.)
  await page.context().setOffline(true);
  const siteAsked = page.waitForEvent('requestfailed', (request) => request.method() === 'HEAD');
  await page.getByRole('button', { name: 'Retry' }).click();
  await siteAsked;
  await page.getByRole('button', { name: 'Retry' }).waitFor();
  expect(await page.getByText('Failed to load page').isVisible()).toBe(true);
  expect(page.url()).toMatch(/\/learning-portal\/forgot-password$/);

  await page.context().setOffline(false);
  blocked = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
});

it('fits a phone: the signed-in header folds into a menu, and the page is no wider than the screen', async () => {
  // Prepare: a tutor (who also has the mode switches) on a 390 px wide phone
  const page = await browser.signedInPage(demo.tutor, '/portal/courses/course-demo-igcse-maths', {
    viewport: { width: 390, height: 844 },
  });
  await page.getByRole('heading', { level: 1 }).waitFor();

  // Assess: nothing runs off the screen; Sign out sits in the menu
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
  await screenshot(page, 'phone-header-menu');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
});
