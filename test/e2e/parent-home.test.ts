import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { hashPassword } from '../../functions/lib/passwords';
import { putUserMapper } from '../../functions/repositories/user-mappers';
import { createUser } from '../../functions/repositories/users';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { storageKeys } from '../../web/src/config/storage-keys';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

/**
 * A parent's home (#16 item 13) on the lived-in demo, as `npm start` shows it: Pat, the demo parent, sees Sam's
 * and Maya's next lessons, homework due and recent progress on the portal home, from their own account.
 */
const browser = browserStackPerFile({ seed: 'lived-in' });
const ZONE = 'Asia/Singapore';
type Json = Record<string, any>;

const childCard = (page: Page, name: string) => page.getByTestId('child-card').filter({ hasText: name });

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page, JSON.stringify(widths)).toBeLessThanOrEqual(widths.viewport);
}

it("a parent's home shows each child's next lessons, homework due and progress, as a parent", async () => {
  // Prepare: what the API answers the parent, to check the page against (times in the viewer's zone)
  const api = apiClient(browser.stack().apiUrl);
  const pat = await api.signIn(demo.parent.email, demo.parent.password);
  const { body } = await api.call<Json>('family.overview', { ...pat, query: {} });
  const sam = body.children.find((c: Json) => c.child.firstname === 'Sam');
  const maya = body.children.find((c: Json) => c.child.firstname === 'Maya');
  for (const child of [sam, maya]) {
    expect(child.lessons.length, child.child.firstname).toBeGreaterThan(0);
    expect(child.homework.length, child.child.firstname).toBeGreaterThan(0);
    expect(child.progress.length, child.child.firstname).toBeGreaterThan(0);
  }

  // Act
  const page = await browser.signedInPage(demo.parent, '/portal', { timezoneId: ZONE });

  // Assess: the parent is a parent, offered no free trial for themselves, with a card per child
  await page.getByRole('heading', { name: 'Your children' }).waitFor();
  await page.getByText('Welcome, Pat!').waitFor();
  expect(await page.getByText('Parent', { exact: true }).count()).toBe(1);
  expect(await page.getByRole('button', { name: /FREE Class/i }).count()).toBe(0);
  await page.getByText(`Times in ${ZONE}`).first().waitFor();
  await childCard(page, 'Sam Student').waitFor();
  await childCard(page, 'Maya Student').waitFor();
  expect(await page.getByTestId('child-card').count()).toBe(2);

  for (const [name, child] of [
    ['Sam Student', sam],
    ['Maya Student', maya],
  ] as const) {
    const card = childCard(page, name);
    const first = child.lessons[0];
    const when = DateTime.fromISO(first.start, { zone: ZONE }).toFormat('yyyy LLL dd, hh:mm a');
    const lesson = card.getByTestId('child-lesson').first();
    await lesson.getByText(first.title, { exact: true }).waitFor();
    await lesson.getByText(new RegExp(`^${when} – `)).waitFor();
    await lesson
      .getByText(`${first.courseTitle} · with ${first.tutor.firstname}`, { exact: false })
      .waitFor();
    expect(await card.getByTestId('child-lesson').count()).toBe(child.lessons.length);
    const homework = card.getByTestId('child-homework-item').first();
    await homework.getByText(child.homework[0].title).waitFor();
    const due = DateTime.fromISO(child.homework[0].dueAt, { zone: ZONE }).toFormat('yyyy LLL dd, hh:mm a');
    await homework.getByText(`Due ${due}`).waitFor();
    await card.getByTestId('child-progress-item').first().getByText(child.progress[0].subTopicName).waitFor();
  }
  // A child's trial course is opened in the child's account, as the child's other courses are.
  const samsTrial = page.getByTestId('trial-row').filter({ hasText: 'Student: Sam Student' });
  await samsTrial.getByRole('button', { name: 'Open as Sam' }).waitFor();
  expect(await page.getByRole('link', { name: 'Open course' }).count()).toBe(0);
  await noSidewaysScroll(page);
  await screenshot(page, 'parent-home');

  // Act: Maya's learning opens her dashboard, without switching account
  await childCard(page, 'Maya Student').getByRole('link', { name: 'Maya’s learning' }).click();
  await page.getByRole('heading', { name: "Maya's learning" }).waitFor();
  const me = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}')._id,
    storageKeys.authUser,
  );
  expect(me).toBe('demo-parent');
});

it('on a phone the cards fit the screen; "Open as Maya" opens her homework in her account', async () => {
  const page = await browser.signedInPage(demo.parent, '/portal', {
    timezoneId: ZONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const maya = childCard(page, 'Maya Student');
  await maya.getByTestId('child-homework-item').first().waitFor();
  await noSidewaysScroll(page);
  await screenshot(page, 'parent-home-phone');

  // Act: open the first homework due as Maya (the course's pages are its members')
  const homework = maya.getByTestId('child-homework-item').first();
  const title = (await homework.locator('p').first().textContent()) ?? '';
  await homework.getByRole('button', { name: /^Open as Maya/ }).click();

  // Assess: Maya's homework page, in Maya's session
  await page.waitForURL(/\/portal\/courses\/[^/]+\/homework\/[^/]+$/);
  await page.getByText(title).first().waitFor();
  const me = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}')._id,
    storageKeys.authUser,
  );
  expect(me).toBe('demo-student-2');
});

it('a parent whose child has nothing booked, set or studied reads it in words for a parent', async () => {
  // Prepare: a family of its own, a child with no course yet
  const child = await createUser('demo', {
    firstname: 'Ivy',
    lastname: 'New',
    email: 'ivy.new@example.test',
    type: 'student',
    roleId: systemRoleIds.Student,
    passwordHash: await hashPassword('Ivy-new-1'),
  });
  const parent = await createUser('demo', {
    firstname: 'Olga',
    lastname: 'New',
    email: 'olga.new@example.test',
    type: 'parent',
    roleId: systemRoleIds.Student,
    passwordHash: await hashPassword('Olga-new-1'),
  });
  await putUserMapper('demo', {
    _id: 'mapper-olga-new',
    parentId: parent._id,
    userIds: [parent._id, child._id],
    createdAt: new Date().toISOString(),
  });

  // Act
  const page = await browser.signedInPage(
    { email: 'olga.new@example.test', password: 'Olga-new-1' },
    '/portal',
  );

  // Assess
  const card = childCard(page, 'Ivy New');
  await card.getByText('No lessons booked for Ivy in the next 8 weeks.').waitFor();
  await card.getByText('No homework due for Ivy.').waitFor();
  await card.getByText('Ivy has not studied on the platform yet.').waitFor();
  expect(await page.getByRole('heading', { name: 'My courses' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /FREE Class/i }).count()).toBe(0);
  await screenshot(page, 'parent-home-empty');
});
