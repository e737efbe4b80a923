import { expect, it } from 'vitest';
import { themeCss } from '../../web/build/theme-css';
import { browserStackPerFile, screenshot } from './support/browser';

// Every journey runs on the production build; this one checks what the build itself must hold.
const browser = browserStackPerFile();

it('links the theme’s global CSS, built from the theme at build time, from index.html', async () => {
  const index = await (await fetch(browser.portalUrl('/'))).text();
  const href = index.match(
    /<link rel="stylesheet" href="(\/learning-portal\/assets\/theme-[\w-]+\.css)">/,
  )?.[1];
  expect(href).toBeDefined();

  const served = await fetch(new URL(href!, browser.portalUrl('/')));
  expect(served.headers.get('content-type')).toContain('text/css');
  const css = await served.text();
  expect(css).toBe(themeCss());
  expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  expect(css).toMatch(/--chakra-colors-teal-500:/);
  // Semantic tokens carry their dark values under the `.dark` class the theme switch sets.
  expect(css).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-bg:/);
});

it('renders the home page styled by that stylesheet, with no second copy of the tokens in the page', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/'));
  await page.getByRole('heading', { name: 'Learn with expert tutors at Demo Academy' }).waitFor();
  await page.getByText('Explore the curriculum', { exact: true }).waitFor();

  const styles = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const inserted = [...document.querySelectorAll('style[data-emotion]')].map((s) => s.textContent ?? '');
    const insertedRules = [...document.styleSheets]
      .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement)
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
    return {
      teal: root.getPropertyValue('--chakra-colors-teal-500').trim(),
      bodyFont: getComputedStyle(document.body).fontFamily,
      heroBackground: getComputedStyle(document.querySelector('h1')!.closest('div')!.parentElement!)
        .backgroundImage,
      tokensInserted: [...inserted, ...insertedRules].some((text) =>
        text.includes('--chakra-colors-teal-500:'),
      ),
    };
  });
  expect(styles.teal).toMatch(/^#/);
  expect(styles.bodyFont).not.toBe('');
  expect(styles.heroBackground).toContain('linear-gradient');
  expect(styles.tokensInserted).toBe(false);

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(darkBackground).not.toBe('rgb(255, 255, 255)');
  await screenshot(page, 'production-home-dark');
});
