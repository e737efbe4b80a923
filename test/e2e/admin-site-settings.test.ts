import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { readSitemapXml } from '../support/sitemap-xml';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

it('sets a page’s title and description from a meta tag the admin creates', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.admin, '/admin/meta-tags');
  await page.getByRole('heading', { name: 'Meta tags' }).waitFor();

  // Act: create the meta tag of /learning-portal/about-us
  await page.getByRole('button', { name: 'New meta tag' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Path/).fill('/learning-portal/About Us');
  await dialog.getByLabel(/^Title/).fill('About Demo Academy');
  await dialog.getByLabel(/^Description/).fill('Who teaches at Demo Academy, and how.');
  await screenshot(page, 'admin-meta-tag-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess: listed with the cleaned path
  await page.getByText('MetaTag created!').waitFor();
  await page.getByRole('row', { name: /\/learning-portal\/about-us/ }).waitFor();
  await screenshot(page, 'admin-meta-tags-list');
  // Without a meta tag, a page's title is its own name and the tenant's.
  expect(await page.title()).toBe('Meta tags | Demo Academy');
  const defaultDescription = await page.locator('meta[name="description"]').getAttribute('content');

  // Act: visit the page
  await page.goto(browser.portalUrl('/about-us'));

  // Assess: the tab title and description come from the meta tag
  await page.waitForFunction(() => document.title === 'About Demo Academy');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
    'Who teaches at Demo Academy, and how.',
  );
  await screenshot(page, 'meta-tag-applied');

  // And a page without a meta tag shows its own title and the default description again, on an in-app
  // navigation too.
  await page.evaluate(() => {
    // (Not the login page: a signed-in person opening it goes on to the portal.)
    window.history.pushState({}, '', '/learning-portal/forgot-password');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForFunction(() => document.title === 'Forgot your password? | Demo Academy');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(defaultDescription);
});

it('redirects the browser from a path the admin redirects', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.admin, '/admin/redirections');
  await page.getByRole('heading', { name: 'Redirections' }).waitFor();

  // Act
  await page.getByRole('button', { name: 'New redirection' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^From path/).fill('/learning-portal/old-courses');
  await dialog.getByLabel(/^To/).fill('/learning-portal/portal/courses');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Redirection created!').waitFor();
  await page.getByRole('row', { name: /\/learning-portal\/old-courses/ }).waitFor();
  await screenshot(page, 'admin-redirections-list');

  // A loop is refused with a clear message.
  await page.getByRole('button', { name: 'New redirection' }).click();
  await dialog.getByLabel(/^From path/).fill('/learning-portal/portal/courses');
  await dialog.getByLabel(/^To/).fill('/learning-portal/old-courses');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(/This redirection would make a loop/).waitFor();
  await screenshot(page, 'admin-redirection-loop-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Act: a visitor opens the old address
  const response = await page.goto(browser.portalUrl('/old-courses'));

  // Assess: the browser lands on the target
  await page.waitForURL(/\/learning-portal\/portal\/courses$/);
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/learning-portal\/old-courses$/);
  await screenshot(page, 'redirection-landed');
});

it('starts a sitemap generation and lists it Completed', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.admin, '/admin/sitemap');
  await page.getByRole('heading', { name: 'Sitemap generations' }).waitFor();

  const completed = page.getByRole('row', { name: /Completed/ });
  const completedBefore = await completed.count();

  // Act
  await page.getByRole('button', { name: 'Generate sitemap' }).click();

  // Assess: this generation completes (an earlier one's row is not enough: the files may still be written)
  await page.getByText('Sitemap generate started!').waitFor();
  await expect.poll(() => completed.count(), { timeout: 20_000 }).toBeGreaterThan(completedBefore);
  await page.getByText(/Latest: http:\/\/localhost:\d+\/sitemap\.xml/).waitFor();
  await screenshot(page, 'admin-sitemap');

  // The sitemap is served at the site's root.
  const sitemap = await page.goto(`${browser.stack().webUrl}/sitemap.xml`);
  expect(sitemap?.status()).toBe(200);
  const xml = await sitemap!.text();
  // Valid under the sitemaps.org schema (libxml2), listing the seeded public pages
  const locs = (await readSitemapXml(xml, 'urlset')).map((entry) => new URL(entry.loc).pathname);
  expect(locs).toEqual(
    expect.arrayContaining([
      '/learning-portal/cambridge-igcse',
      '/learning-portal/cambridge-igcse/mathematics',
      '/learning-portal/topical-past-papers',
    ]),
  );

  // robots.txt names it
  const robots = await page.goto(`${browser.stack().webUrl}/robots.txt`);
  expect(await robots!.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
});
