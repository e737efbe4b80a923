import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

it('a visitor goes from the home page to a curriculum, a subject and a sub-topic and sees its video and FAQ', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/'));

  // The home search finds a topic across the catalogue
  await page
    .getByRole('combobox', { name: 'Search curricula, subjects, topics and sub-topics' })
    .fill('igcse trigonometry');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Trigonometry/ })
    .first()
    .waitFor();
  await screenshot(page, 'home-catalogue-search');
  // ... and a sub-topic, the page a learner most often wants
  await page.getByRole('combobox').fill('quadratic equations');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Quadratic equations.*Sub-topic/ })
    .first()
    .waitFor();
  await page.getByRole('combobox').fill('');

  // A curriculum card names at most two grades, then how many more (the label rule)
  await page
    .getByTestId('curriculum-card')
    .filter({ hasText: 'Cambridge Lower Secondary' })
    .getByText('Grade 6, Grade 7 ... and 1 more', { exact: true })
    .waitFor();
  // Lower-secondary curricula say so; the others do not
  const lowerSecondary = async (name: string) =>
    page
      .getByTestId('curriculum-card')
      .filter({ hasText: name })
      .getByText('Lower secondary', { exact: true })
      .count();
  expect(await lowerSecondary('Cambridge Lower Secondary')).toBe(1);
  expect(await lowerSecondary('Edexcel Lower Secondary')).toBe(1);
  expect(await lowerSecondary('Cambridge IGCSE')).toBe(0);

  // Curriculum → subject → topic → sub-topic by links
  await page.getByRole('link', { name: 'Cambridge IGCSE', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Cambridge IGCSE' }).waitFor();
  await page.waitForFunction(() => document.title === 'Cambridge IGCSE | Demo Academy');
  await screenshot(page, 'curriculum-page');
  await page.getByRole('link', { name: /^Mathematics 0580/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Mathematics' }).waitFor();
  // The tab names the page, what it belongs to and the tenant; the description is the subject's.
  await page.waitForFunction(() => document.title === 'Mathematics · Cambridge IGCSE | Demo Academy');
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
    /^Cambridge IGCSE Mathematics \(0580\): topic-by-topic notes/,
  );
  await screenshot(page, 'subject-page');
  await page.getByRole('link', { name: 'Linear equations' }).click();
  await page.waitForURL(
    /\/learning-portal\/cambridge-igcse\/mathematics\/algebra-and-graphs\/linear-equations$/,
  );
  await page.getByRole('heading', { level: 1, name: 'Linear equations' }).waitFor();
  await page.waitForFunction(() => document.title === 'Linear equations · Mathematics | Demo Academy');

  // Assess: the video, the FAQ (opening to its answer), notes and resources are shown
  const videos = page.getByTestId('video-card');
  await videos.filter({ hasText: 'Solving linear equations step by step' }).waitFor();
  expect(await videos.locator('iframe').first().getAttribute('src')).toBe(
    'https://www.youtube-nocookie.com/embed/l3XzepN03KQ',
  );
  await page.getByRole('button', { name: 'Do I always have to check my answer?' }).click();
  await page.getByText('substituting your answer back into the original equation').waitFor();
  await page.getByRole('link', { name: 'Practice worksheet (30 questions)' }).waitFor();
  await page.getByRole('link', { name: 'Algebra and graphs', exact: true }).waitFor();
  await screenshot(page, 'sub-topic-page');

  // A path that names nothing says so
  await page.goto(browser.portalUrl('/cambridge-igcse/astrology'));
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.waitForFunction(() => document.title === 'Page not found | Demo Academy');
  // The page says it; no error toast repeats it, once every request the page made has been answered
  await page.waitForLoadState('networkidle');
  expect(await page.locator('[data-scope="toast"][data-part="root"]').count()).toBe(0);
});

it('the catch-all content page resolves any address through the catalogue, and a helpful not-found page is not indexed', async () => {
  const page = await browser.newPage();
  const robots = () =>
    page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null);

  // An address the catalogue routes cannot parse (empty segments) is resolved and lands on its page
  await page.goto(browser.portalUrl('//cambridge-igcse//mathematics/algebra-and-graphs//linear-equations/'));
  await page.waitForURL(
    /\/learning-portal\/cambridge-igcse\/mathematics\/algebra-and-graphs\/linear-equations$/,
  );
  await page.getByRole('heading', { level: 1, name: 'Linear equations' }).waitFor();
  await page.getByTestId('video-card').first().waitFor();
  await page.goto(browser.portalUrl('//edexcel-igcse'));
  await page.waitForURL(/\/learning-portal\/edexcel-igcse$/);
  await page.getByRole('heading', { level: 1, name: 'Edexcel IGCSE' }).waitFor();
  expect(await robots()).toBeNull();

  // A deep address naming nothing: the search and the curricula, marked noindex
  await page.goto(browser.portalUrl('/ib-diploma/mathematics/no-such-topic/nothing-here'));
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  expect(await robots()).toBe('noindex');
  const curricula = page.getByRole('navigation', { name: 'Curricula' });
  await curricula.getByRole('link', { name: 'Cambridge Lower Secondary' }).waitFor();
  await page
    .getByRole('combobox', { name: 'Search curricula, subjects, topics and sub-topics' })
    .fill('ib economics');
  await page
    .getByRole('option', { name: /Economics/ })
    .first()
    .waitFor();
  await screenshot(page, 'content-page-not-found');
  // The same page for what reaches the catch-all and names nothing
  await page.goto(browser.portalUrl('//no-such-curriculum//x'));
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  expect(await robots()).toBe('noindex');

  // Leaving it for a real page drops the noindex
  await curricula.getByRole('link', { name: 'Cambridge IGCSE' }).click();
  await page.getByRole('heading', { level: 1, name: 'Cambridge IGCSE' }).waitFor();
  expect(await robots()).toBeNull();
});

it('a student opens a subject’s past papers from the dashboard and from the subject page', async () => {
  const page = await browser.signedInPage(demo.student, '/dashboard');
  await page
    .getByRole('region', { name: 'Mathematics progress' })
    .getByRole('link', { name: 'Past papers' })
    .click();
  await page.waitForURL(
    /\/learning-portal\/dashboard\/cambridge-igcse\/mathematics\/IGCSE\/0580\/past-papers$/,
  );
  await page.getByRole('heading', { level: 1, name: 'Mathematics past papers' }).waitFor();
  const trigonometry = page.getByRole('region', { name: 'Trigonometry' });
  await trigonometry.getByRole('link', { name: 'Trigonometry: past paper questions' }).waitFor();
  await trigonometry.getByRole('link', { name: 'Trigonometry: mark scheme' }).waitFor();
  await screenshot(page, 'dashboard-past-papers');

  // The subject page links the same page for a signed-in learner
  await page.goto(browser.portalUrl('/cambridge-igcse/mathematics'));
  await page.getByRole('link', { name: 'Past papers', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Mathematics past papers' }).waitFor();
  expect(page.url()).toContain('/dashboard/cambridge-igcse/mathematics/IGCSE/0580/past-papers');
});

it('a visitor opens a subject’s topical past papers from the subject page', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/cambridge-igcse/mathematics'));
  await page.getByRole('link', { name: 'Topical past papers' }).click();
  await page
    .getByRole('region', { name: 'Trigonometry' })
    .getByRole('link', { name: 'Trigonometry: mark scheme' })
    .waitFor();
  expect(page.url()).toContain('/topical-past-papers?curriculum=cambridge-igcse&subject=mathematics');
  await screenshot(page, 'topical-past-papers');
});

it('an admin in edit mode reorders topics by drag and drop and adds a video link', async () => {
  const page = await browser.signedInPage(demo.admin, '/edexcel-igcse/physics');

  // Act: switch edit mode on and drag Statistics above Number
  await page.getByText('Edit mode', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Edit mode', checked: true }).waitFor();
  const cards = page.getByTestId('topic-card');
  await cards.first().waitFor();
  const names = async () => cards.locator('h2').allTextContents();
  const before = await names();
  const last = before.at(-1)!;
  // Playwright's dragTo scrolls mid-drag on a long page; dispatching the drag events is what a drag does
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await cards.filter({ hasText: last }).dispatchEvent('dragstart', { dataTransfer });
  await cards.first().dispatchEvent('dragover', { dataTransfer });
  await cards.first().dispatchEvent('drop', { dataTransfer });
  await page.getByText('Topics updated!').waitFor();
  await screenshot(page, 'edit-mode-topics-reordered');

  // Assess: the new order is kept after a reload
  await page.reload();
  await cards.first().waitFor();
  expect((await names())[0]).toBe(last);
  expect((await names()).slice(1)).toEqual(before.slice(0, -1));

  // Act: add a video link to a sub-topic where it is shown
  await page.goto(browser.portalUrl('/edexcel-igcse/physics/waves/sound'));
  await page.getByLabel('Video title').fill('Sound waves in 5 minutes');
  await page.getByLabel('Video link').fill('https://www.youtube.com/watch?v=qV4lR9EWGlY');
  await page.getByRole('button', { name: 'Add video link' }).click();
  await page.getByText('Sub topic Updated').waitFor();
  await page.getByTestId('video-card').filter({ hasText: 'Sound waves in 5 minutes' }).waitFor();

  // A bad link gets the server's message, not a broken page
  await page.getByLabel('Video title').fill('Broken');
  await page.getByLabel('Video link').fill('not a link');
  await page.getByRole('button', { name: 'Add video link' }).click();
  await page.getByText('Video link must be a valid URL').waitFor();
  await screenshot(page, 'edit-mode-video-added');

  // Assess: a visitor sees it too
  const visitor = await browser.newPage();
  await visitor.goto(browser.portalUrl('/edexcel-igcse/physics/waves/sound'));
  await visitor.getByTestId('video-card').filter({ hasText: 'Sound waves in 5 minutes' }).waitFor();
  expect(await visitor.getByLabel('Video title').count()).toBe(0);
});

it('the home search is a combobox the keyboard drives: arrows choose an option, Enter opens it, Escape clears', async () => {
  // Prepare
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/'));
  const search = page.getByRole('combobox', { name: 'Search curricula, subjects, topics and sub-topics' });
  await search.fill('quadratic equations');
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();

  // Act: down twice, up once: the first option is the active one
  await search.press('ArrowDown');
  await search.press('ArrowDown');
  await search.press('ArrowUp');

  // Assess: the input points at it, and it says it is chosen
  const first = options.first();
  await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
  await expect(search.getAttribute('aria-activedescendant')).resolves.toBe(await first.getAttribute('id'));
  const target = await first.getAttribute('href');

  // Act: Enter opens it
  await search.press('Enter');

  // Assess
  await page.waitForURL((url) => url.pathname === target);

  // Act + Assess: back on the home page, Escape empties the search and closes the list
  await page.goto(browser.portalUrl('/'));
  await search.fill('quadratic');
  await options.first().waitFor();
  await search.press('Escape');
  await expect(search.inputValue()).resolves.toBe('');
  await expect(page.getByRole('listbox').count()).resolves.toBe(0);
});
