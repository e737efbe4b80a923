import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

const LINEAR = '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations';
const ALGEBRA = '/cambridge-igcse/mathematics/algebra-and-graphs';
const MATHS = '/cambridge-igcse/mathematics';

/**
 * An admin signed in at `path`, who switches admin edit mode on there (the header switch, persisted: each
 * journey reloads or navigates afterwards and goes on editing).
 */
async function adminInEditMode(path: string): Promise<Page> {
  const page = await browser.signedInPage(demo.admin, path);
  await page.getByText('Edit mode', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Edit mode', checked: true }).waitFor();
  return page;
}

/** Playwright's dragTo scrolls mid-drag on a long page; dispatching the drag events is what a drag does. */
async function drag(page: Page, from: Locator, to: Locator) {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await from.dispatchEvent('dragstart', { dataTransfer });
  await to.dispatchEvent('dragover', { dataTransfer });
  await to.dispatchEvent('drop', { dataTransfer });
}

async function reloadSubTopic(page: Page) {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Linear equations' }).waitFor();
  await page.getByTestId('video-card').first().waitFor();
}

it('an admin in edit mode edits a video link, reorders videos, edits notes and an FAQ, adds and edits a review and a past paper, and each change is kept', async () => {
  const page = await adminInEditMode(LINEAR);
  await page.getByRole('heading', { level: 1, name: 'Linear equations' }).waitFor();
  const videos = page.getByTestId('video-card');
  const videoTitles = async () =>
    (await videos.locator('a[target="_blank"]').allTextContents()).map((title) => title.trim());
  await videos.first().waitFor();
  await screenshot(page, 'edit-mode-sub-topic');

  // Act: edit a video link's title and address
  await page.getByRole('button', { name: 'Edit video Solving linear equations step by step' }).click();
  const videoForm = page.getByRole('form', { name: 'Edit video Solving linear equations step by step' });
  await videoForm.getByLabel('Video title').fill('Solving linear equations in four steps');
  await videoForm.getByLabel('Video link').fill('https://www.youtube.com/watch?v=kkGeOWYOFoA');
  await videoForm.getByRole('button', { name: 'Save video' }).click();
  await page.getByText('Sub topic Updated').first().waitFor();
  await videos.filter({ hasText: 'Solving linear equations in four steps' }).waitFor();

  // Act: drag the second video above the first
  expect(await videoTitles()).toEqual([
    'Solving linear equations in four steps',
    'Equations with unknowns on both sides',
  ]);
  // The order's save is held back until a notes editor is open: its answer must not close that editor.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sortSave = (url: URL) => url.pathname.endsWith('/sortVideoLinks');
  await page.route(sortSave, async (route) => {
    await held;
    await route.continue();
  });
  await drag(page, videos.nth(1), videos.first());
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="video-card"] a[target="_blank"]')?.textContent?.trim() ===
      'Equations with unknowns on both sides',
  );

  // Act: edit a notes block (while the order is still being saved)
  await page
    .getByRole('button', { name: /^Edit notes / })
    .first()
    .click();
  const notesForm = page.getByRole('form', { name: /^Edit notes / });
  await notesForm.waitFor();
  const sorted = page.waitForResponse(
    (response) => sortSave(new URL(response.url())) && response.request().method() === 'PUT',
  );
  release();
  await sorted;
  await page.unroute(sortSave);
  await page.getByText('Sub topic Updated').first().waitFor();
  await notesForm.getByLabel('Notes title').fill('The balance method');
  await notesForm.getByRole('button', { name: 'Save notes' }).click();
  await page.getByRole('heading', { level: 3, name: 'The balance method' }).waitFor();

  // Act: edit an FAQ's answer
  await page.getByRole('button', { name: 'Do I always have to check my answer?' }).click();
  await page.getByRole('button', { name: 'Edit question Do I always have to check my answer?' }).click();
  const faqForm = page.getByRole('form', { name: 'Edit question Do I always have to check my answer?' });
  await faqForm
    .getByLabel('Answer')
    .fill('Yes: put your answer back into the equation; both sides must match.');
  await faqForm.getByRole('button', { name: 'Save question' }).click();
  await page.getByText('Yes: put your answer back into the equation; both sides must match.').waitFor();

  // Act: add a review (name, stars, comment), then edit it
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.getByLabel('Reviewer name').fill('Priya, Grade 10');
  await reviews.getByLabel('Rating').selectOption('4');
  await reviews.getByLabel('Review', { exact: true }).fill('The worked examples made fractions easy.');
  await reviews.getByRole('button', { name: 'Add review' }).click();
  const review = page.getByTestId('review-card').filter({ hasText: 'Priya, Grade 10' });
  await review.getByLabel('4 out of 5 stars').waitFor();
  await review.getByRole('button', { name: 'Edit review by Priya, Grade 10' }).click();
  const reviewForm = page.getByRole('form', { name: 'Edit review by Priya, Grade 10' });
  await reviewForm.getByLabel('Rating').selectOption('5');
  await reviewForm.getByRole('button', { name: 'Save review' }).click();
  await review.getByLabel('5 out of 5 stars').waitFor();

  // Act: add a past paper (a resource kind other than a plain link)
  const resources = page.getByRole('region', { name: 'Resources' });
  await resources.getByLabel('Resource title').fill('June 2023 Paper 2: linear equations');
  await resources
    .getByLabel('Resource link')
    .fill('https://resources.example.org/igcse/0580-june-2023-p2.pdf');
  await resources.getByLabel('Resource kind').selectOption('PAST_PAPER');
  await resources.getByRole('button', { name: 'Add resource' }).click();
  const paper = resources
    .locator('div')
    .filter({ hasText: /^June 2023 Paper 2: linear equationsPast paper/ });
  await paper.first().waitFor();
  await screenshot(page, 'edit-mode-sub-topic-edited');

  // Assess: after a reload every change is still there, in the new order
  await reloadSubTopic(page);
  expect(await videoTitles()).toEqual([
    'Equations with unknowns on both sides',
    'Solving linear equations in four steps',
  ]);
  expect(
    await videos
      .filter({ hasText: 'Solving linear equations in four steps' })
      .locator('iframe')
      .getAttribute('src'),
  ).toBe('https://www.youtube-nocookie.com/embed/kkGeOWYOFoA');
  await page.getByRole('heading', { level: 3, name: 'The balance method' }).waitFor();
  await page.getByRole('button', { name: 'Do I always have to check my answer?' }).click();
  await page.getByText('Yes: put your answer back into the equation; both sides must match.').waitFor();
  await review.getByLabel('5 out of 5 stars').waitFor();
  await paper.first().waitFor();

  // The keyboard's way: Move down puts it back
  await page.getByRole('button', { name: 'Move Equations with unknowns on both sides down' }).click();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="video-card"] a[target="_blank"]')?.textContent?.trim() ===
      'Solving linear equations in four steps',
  );
  await reloadSubTopic(page);
  expect((await videoTitles())[0]).toBe('Solving linear equations in four steps');

  // A visitor sees the edited content, without any editing control
  const visitor = await browser.newPage();
  await visitor.goto(browser.portalUrl(LINEAR));
  await visitor
    .getByTestId('review-card')
    .filter({ hasText: 'The worked examples made fractions easy.' })
    .waitFor();
  expect(await visitor.getByRole('button', { name: /^Edit / }).count()).toBe(0);
  expect(await visitor.getByRole('button', { name: /^Move / }).count()).toBe(0);

  // The new past paper is listed with the subject's topical past papers
  await visitor.goto(
    browser.portalUrl('/topical-past-papers?curriculum=cambridge-igcse&subject=mathematics'),
  );
  await visitor.getByRole('link', { name: 'June 2023 Paper 2: linear equations' }).waitFor();
});

it('an admin renames a topic on the subject page and a sub-topic on the topic page, where sub-topics are also added and removed', async () => {
  const page = await adminInEditMode(MATHS);

  // Act: rename a topic where the subject lists it
  const cards = page.getByTestId('topic-card');
  await cards.first().waitFor();
  await page.getByRole('button', { name: 'Rename Trigonometry', exact: true }).click();
  await page.getByLabel('New name for Trigonometry').fill('Trigonometry and bearings');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByText('Topic updated').waitFor();
  await screenshot(page, 'edit-mode-topic-renamed');
  await page.reload();
  await cards.filter({ hasText: 'Trigonometry and bearings' }).waitFor();
  // The page keeps its address: the slug does not follow the name
  expect(await page.getByRole('link', { name: 'Trigonometry and bearings' }).getAttribute('href')).toMatch(
    /\/cambridge-igcse\/mathematics\/trigonometry$/,
  );

  // Act: on the topic page, add a sub-topic, rename it, then delete it; rename an existing one
  await page.goto(browser.portalUrl(ALGEBRA));
  await page.getByRole('heading', { level: 1, name: 'Algebra and graphs' }).waitFor();
  await page.getByLabel('New sub-topic in Algebra and graphs').fill('Inequalities');
  await page.getByRole('button', { name: 'Add sub-topic' }).click();
  await page.getByText('Sub topic Added').waitFor();
  await page.getByRole('link', { name: 'Inequalities', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Rename Simultaneous equations' }).click();
  await page.getByLabel('New name for Simultaneous equations').fill('Simultaneous linear equations');
  await page.getByLabel('New name for Simultaneous equations').press('Enter');
  await page.getByRole('link', { name: 'Simultaneous linear equations' }).waitFor();
  await screenshot(page, 'edit-mode-topic-page');
  await page.reload();
  await page.getByRole('link', { name: 'Simultaneous linear equations' }).waitFor();
  await page.getByRole('button', { name: 'Delete Inequalities' }).click();
  // A sub-topic goes with all its content: the admin confirms first
  const confirm = page.getByRole('alertdialog');
  await confirm
    .getByText('This deletes Inequalities with all its notes, videos, resources, FAQ and reviews.', {
      exact: false,
    })
    .waitFor();
  await screenshot(page, 'edit-mode-delete-sub-topic');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Sub topic Deleted').waitFor();
  await confirm.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('link', { name: 'Simultaneous linear equations' }).waitFor();
  expect(await page.getByRole('link', { name: 'Inequalities', exact: true }).count()).toBe(0);

  // Act: rename the sub-topic itself from its own page heading
  await page.goto(browser.portalUrl(`${ALGEBRA}/simultaneous-equations`));
  await page.getByRole('button', { name: 'Rename Simultaneous linear equations' }).click();
  await page.getByLabel('New name for Simultaneous linear equations').fill('Simultaneous equations');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('heading', { level: 1, name: 'Simultaneous equations' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Simultaneous equations' }).waitFor();
});

it('a topic order the server refuses goes back to the order it kept', async () => {
  const page = await adminInEditMode('/edexcel-igcse/physics');
  const cards = page.getByTestId('topic-card');
  await cards.first().waitFor();
  const names = () => cards.locator('h2').allTextContents();
  const before = await names();

  // Arrange: the sorting call fails (as when another admin changed the topics meanwhile)
  await page.route(/\/topics\/updateSorting$/, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The topics changed meanwhile; reload and try again' }),
    }),
  );
  await drag(page, cards.last(), cards.first());

  // Assess: the refusal is shown and the rejected order does not stay on screen
  await page.getByText('The topics changed meanwhile; reload and try again').waitFor();
  await page.waitForFunction(
    (first) => document.querySelector('[data-testid="topic-card"] h2')?.textContent === first,
    before[0],
  );
  expect(await names()).toEqual(before);

  // The same for a video order the server refuses
  await page.route(/\/sortVideoLinks$/, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'This sub-topic changed meanwhile; reload and try again' }),
    }),
  );
  await page.goto(browser.portalUrl(LINEAR));
  await page.getByTestId('video-card').nth(1).waitFor();
  const firstVideo = async () =>
    (await page.getByTestId('video-card').first().locator('a[target="_blank"]').textContent())?.trim();
  const first = await firstVideo();
  await page.getByRole('button', { name: `Move ${first} down` }).click();
  await page.getByText('This sub-topic changed meanwhile; reload and try again').waitFor();
  await page.waitForFunction(
    (title) =>
      document.querySelector('[data-testid="video-card"] a[target="_blank"]')?.textContent?.trim() === title,
    first,
  );
  expect(await firstVideo()).toBe(first);
});
