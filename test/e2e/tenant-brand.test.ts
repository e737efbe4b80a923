import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { brandSolidShade } from '../../web/src/theme/brand';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

/** The second tenant's site: the same SPA at 127.0.0.1, the northwind tenant's domain. */
const northwindUrl = (path = '/') => browser.portalUrl(path).replace('//localhost:', '//127.0.0.1:');

const header = (page: Page) => page.getByRole('banner');
const signUpButton = (page: Page) => header(page).getByRole('link', { name: 'Sign up' });

/** A colour token as the page computes it (`rgb(...)`), e.g. `blue.600`. */
function tokenColor(page: Page, token: string): Promise<string> {
  return page.evaluate(
    (name) => {
      const probe = document.createElement('div');
      probe.style.backgroundColor = `var(--chakra-colors-${name})`;
      document.body.append(probe);
      const color = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return color;
    },
    token.replace('.', '-'),
  );
}

/** The button's colour once its colour transition (if a change started one) has finished. */
const backgroundOf = (page: Page) =>
  signUpButton(page).evaluate(async (node) => {
    await Promise.all(node.getAnimations().map((animation) => animation.finished));
    return getComputedStyle(node).backgroundColor;
  });
const colorOfName = (page: Page) =>
  header(page)
    .getByText(/^(Demo Academy|Northwind Tutors)$/)
    .evaluate((node) => getComputedStyle(node).color);

/** Holds every tenants/app request until `release`, as a slow API would. */
async function holdTenantAnswer(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route('**/tenants/app', async (route) => {
    asked += 1;
    await held;
    await route.continue().catch(() => undefined);
  });
  return { release, asked: () => asked };
}

it('keeps the tenant’s name in the header and the banner after Sign out, without a reload', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.student, '/portal');
  await header(page).getByRole('button', { name: 'Sign out' }).waitFor();
  await page.evaluate(() => {
    Reflect.set(window, 'sameDocument', true);
  });

  // Act
  await header(page).getByRole('button', { name: 'Sign out' }).click();

  // Assess
  await header(page).getByRole('link', { name: 'Log in' }).waitFor();
  expect(await header(page).getByRole('link', { name: 'Demo Academy' }).isVisible()).toBe(true);
  await page.getByRole('heading', { level: 1, name: 'Learn with expert tutors at Demo Academy' }).waitFor();
  expect(await page.evaluate(() => Reflect.get(window, 'sameDocument'))).toBe(true);
  expect(await page.textContent('body')).not.toMatch(/Learning Portal|our academy/);
});

it('shows the second tenant in its own colour, blue and not teal, in light and in dark mode', async () => {
  // Act
  const page = await browser.newPage();
  await page.goto(northwindUrl('/'));
  await header(page).getByRole('link', { name: 'Northwind Tutors' }).waitFor();
  await page.getByText('Explore the curriculum').waitFor();

  // Assess: light
  const blueSolid = await tokenColor(page, `blue.${brandSolidShade.blue}`);
  expect(await backgroundOf(page)).toBe(blueSolid);
  expect(blueSolid).not.toBe(await tokenColor(page, `teal.${brandSolidShade.teal}`));
  expect(await colorOfName(page)).toBe(await tokenColor(page, 'blue.700'));
  expect(await page.title()).toBe('Northwind Tutors');
  await screenshot(page, 'brand-northwind-home-light');

  // Assess: dark, where the brand's text takes the palette's light shade
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  expect(await backgroundOf(page)).toBe(blueSolid);
  expect(await colorOfName(page)).toBe(await tokenColor(page, 'blue.300'));
  await screenshot(page, 'brand-northwind-home-dark');
});

it('shows the demo tenant in teal, light and dark', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/'));
  await header(page).getByRole('link', { name: 'Demo Academy' }).waitFor();
  await page.getByText('Explore the curriculum').waitFor();
  expect(await backgroundOf(page)).toBe(await tokenColor(page, `teal.${brandSolidShade.teal}`));
  await screenshot(page, 'brand-demo-home-light');

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  expect(await colorOfName(page)).toBe(await tokenColor(page, 'teal.300'));
  await screenshot(page, 'brand-demo-home-dark');
});

it('paints a returning visitor’s brand before the tenant’s answer arrives', async () => {
  // Prepare: a first visit, which keeps the brand
  const page = await browser.newPage();
  await page.goto(northwindUrl('/'));
  await header(page).getByRole('link', { name: 'Northwind Tutors' }).waitFor();
  const blueSolid = await tokenColor(page, `blue.${brandSolidShade.blue}`);
  const tenant = await holdTenantAnswer(page);

  // Act
  await page.reload();

  // Assess: the name, the title and the colour while the answer is still held
  await header(page).getByRole('link', { name: 'Northwind Tutors' }).waitFor();
  await page
    .getByRole('heading', { level: 1, name: 'Learn with expert tutors at Northwind Tutors' })
    .waitFor();
  expect(tenant.asked()).toBeGreaterThan(0);
  expect(await backgroundOf(page)).toBe(blueSolid);
  expect(await page.title()).toBe('Northwind Tutors');
  tenant.release();
});

it('shows a neutral placeholder on a first-ever visit until the tenant’s answer arrives, never another brand', async () => {
  // Prepare
  const page = await browser.newPage();
  const tenant = await holdTenantAnswer(page);

  // Act
  await page.goto(northwindUrl('/'));

  // Assess: no name, no teal, while the answer is held
  await signUpButton(page).waitFor();
  expect(tenant.asked()).toBeGreaterThan(0);
  expect(await header(page).getByTestId('tenant-name-loading').isVisible()).toBe(true);
  expect(await page.textContent('body')).not.toMatch(/Learning Portal|our academy|Demo Academy/);
  expect(await backgroundOf(page)).toBe(await tokenColor(page, 'gray.700'));
  await screenshot(page, 'brand-first-visit-waiting');

  // Act / Assess: the answer arrives
  tenant.release();
  await header(page).getByRole('link', { name: 'Northwind Tutors' }).waitFor();
  expect(await backgroundOf(page)).toBe(await tokenColor(page, `blue.${brandSolidShade.blue}`));
});

it('shows the tenant’s logo, named by the tenant’s name, when it has one', async () => {
  // Prepare: the demo tenant's answer with a logo (the seed gives none)
  const page = await browser.newPage();
  const logoUrl = 'https://cdn.demo.example/logo.svg';
  await page.route('**/tenants/app', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), logoUrl } });
  });
  await page.route(logoUrl, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0c5d56"/></svg>',
    }),
  );

  // Act
  await page.goto(browser.portalUrl('/'));

  // Assess
  const logo = header(page).getByRole('img', { name: 'Demo Academy' });
  await logo.waitFor();
  expect(await logo.getAttribute('src')).toBe(logoUrl);
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  expect(await header(page).getByRole('link', { name: 'Demo Academy' }).count()).toBe(1);
});
