import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

const LINEAR = '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations';
const TYPES_OF_NUMBER = '/cambridge-igcse/mathematics/number/types-of-number';

it('a free-plan learner plays a video once the server has counted it; past the limit the server says no', async () => {
  // Prepare: one video and two slide views a month
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  await api.call('usage.updateSettings', { token: admin.token, body: { videoWatches: 1, slideViews: 1 } });
  const sam = await api.signIn(demo.student.email, demo.student.password);

  // Act: open a sub-topic with two videos; its first page uses the one slide view
  const page = await browser.signedInPage(demo.student, LINEAR);
  const videos = page.getByTestId('video-card');
  const first = videos.filter({ hasText: 'Solving linear equations step by step' });
  const second = videos.filter({ hasText: 'Equations with unknowns on both sides' });
  await first.getByRole('button', { name: 'Play video: Solving linear equations step by step' }).waitFor();
  await first.getByText('Your free plan includes 1 video a month; you have watched 0.').waitFor();

  // Assess: no player is loaded before play
  expect(await videos.locator('iframe').count()).toBe(0);
  await screenshot(page, 'video-play-gate');

  // Act: play the first video
  await first.getByRole('button', { name: /^Play video/ }).click();

  // Assess: the player loads and starts; the server counted it
  await first.locator('iframe').waitFor();
  expect(await first.locator('iframe').getAttribute('src')).toBe(
    'https://www.youtube-nocookie.com/embed/l3XzepN03KQ?autoplay=1',
  );
  const usage = await api.call<Record<string, number>>('usage.get', {
    token: sam.token,
    userId: sam.userId,
    params: { id: sam.userId },
  });
  expect(usage.body).toMatchObject({ videoWatches: 1, slideViews: 1 });

  // Act: the second video is past the limit
  await second.getByRole('button', { name: /^Play video/ }).click();

  // Assess: the server's refusal is shown in place of the player
  await second.getByText(/^You have used all 1 video of your free plan this month\./).waitFor();
  expect(await second.locator('iframe').count()).toBe(0);
  await screenshot(page, 'video-limit-reached');

  // Act: a new sub-topic's first page is past the slide-view limit
  await page.goto(browser.portalUrl(TYPES_OF_NUMBER));

  // Assess: the page stays readable (public content), the server refused to record it, marking done works
  const strip = page.getByTestId('sub-topic-learning');
  await strip.getByText(/^You have used all 1 slide view of your free plan this month\./).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Types of number' }).waitFor();
  expect(await strip.getByText('Not started').count()).toBe(1);
  await strip.getByRole('button', { name: 'Mark as done' }).click();
  await strip.getByText('Done', { exact: true }).waitFor();
  await screenshot(page, 'sub-topic-slide-limit-reached');
});

it('a visitor and an unlimited account get the player at once', async () => {
  const visitor = await browser.newPage();
  await visitor.goto(browser.portalUrl(LINEAR));
  const card = visitor.getByTestId('video-card').filter({ hasText: 'Solving linear equations step by step' });
  await card.locator('iframe').waitFor();
  expect(await card.locator('iframe').getAttribute('src')).toBe(
    'https://www.youtube-nocookie.com/embed/l3XzepN03KQ',
  );
  expect(await visitor.getByTestId('video-play-gate').count()).toBe(0);

  // The admin holds resources.premium: unlimited
  const admin = await browser.signedInPage(demo.admin, LINEAR);
  await admin.getByTestId('video-card').first().locator('iframe').waitFor();
  expect(await admin.getByTestId('video-play-gate').count()).toBe(0);
});
