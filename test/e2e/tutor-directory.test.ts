import { expect, it } from 'vitest';
import { putAvailability } from '../../functions/repositories/availability';
import { addProfileEntry } from '../../functions/repositories/profiles';
import { createUser } from '../../functions/repositories/users';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot, uniqueEmail } from './support/browser';

const browser = browserStackPerFile();
type Json = Record<string, any>;

/** A second tutor in Britain, teaching what Tom teaches, so the directory has an order to change. */
async function alanInBritain(): Promise<string> {
  const id = 'directory-alan';
  await createUser('demo', {
    _id: id,
    firstname: 'Alan',
    lastname: 'Archer',
    email: 'alan.archer@demo.test',
    type: 'tutor',
    roleId: systemRoleIds.Tutor,
    passwordHash: 'not-for-signing-in',
    country: 'GB',
  });
  await putAvailability('demo', id, {
    timezone: 'Europe/London',
    status: 'available',
    weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '10:00', to: '16:00' })),
    exceptions: [],
    windows: [],
    subjects: [{ curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' }],
  });
  return id;
}

const cardNames = (page: import('playwright-core').Page) =>
  page.getByTestId('tutor-card').getByRole('heading').allTextContents();

it('a visitor browses the tutor directory, opens a tutor and books a free trial with them', async () => {
  // Prepare: a visitor in London (the directory opens on Britain), two British tutors; Tom's profile
  await alanInBritain();
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const profile = await api.call('adminUsers.update', {
    ...admin,
    params: { id: 'demo-tutor-1' },
    body: {
      tutorDetails: {
        tutorTypes: ['Full-time Tutor'],
        strengths: ['Patient', 'Encouraging'],
        levels: [],
        headline: 'Maths and physics, one step at a time',
        bio: 'Twelve years of teaching IGCSE in London.',
      },
    },
  });
  expect(profile.status).toBe(200);
  const now = new Date().toISOString();
  await addProfileEntry('demo', {
    _id: 'tom-english',
    userId: 'demo-tutor-1',
    kind: 'languages',
    language: 'English',
    proficiency: 'Native',
    createdAt: now,
    updatedAt: now,
  });
  const page = await browser.newPage({ timezoneId: 'Europe/London' });
  await page.goto(browser.portalUrl('/'));

  // Act: from the header to the directory, then narrow it to IGCSE Mathematics, Grade 10
  await page.getByRole('banner').getByRole('link', { name: 'Tutors' }).click();
  await page.getByRole('heading', { name: 'Find a tutor' }).waitFor();
  expect(await page.getByLabel('Country').inputValue()).toBe('GB');
  await page.getByTestId('tutor-card').first().waitFor();
  expect(await cardNames(page)).toEqual(['Alan Archer', 'Tom Turing']);
  await page.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await page.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
  await page.getByLabel('Grade', { exact: true }).selectOption('Grade 10');
  await page.getByTestId('tutor-total').getByText('1–2 of 2 tutors').waitFor();
  expect(new URL(page.url()).searchParams.get('subject')).toBe('Mathematics');
  // A country without tutors lists nobody.
  await page.getByLabel('Country').selectOption('FR');
  await page.getByText('No tutors found').waitFor();
  await page.goBack();
  await page.getByTestId('tutor-total').getByText('1–2 of 2 tutors').waitFor();
  const tom = page.getByTestId('tutor-card').filter({ hasText: 'Tom Turing' });
  await tom.getByText(/Mon, Tue, Wed, Thu, Fri, Sat · 43 h a week/).waitFor();
  await tom.getByText('Maths and physics, one step at a time').waitFor();
  await tom.getByText('Speaks English (Native)').waitFor();
  await screenshot(page, 'tutor-directory');

  // Act: Tom's page, and the free trial with him
  await tom.getByRole('link', { name: 'Tom Turing' }).click();
  await page.getByRole('heading', { name: 'Tom Turing', level: 1 }).waitFor();
  await page.getByRole('cell', { name: 'Mathematics · Cambridge IGCSE', exact: true }).waitFor();
  await page.getByText('Twelve years of teaching IGCSE in London.').waitFor();
  expect(await page.getByRole('cell', { name: /Science/ }).count()).toBe(0);
  await screenshot(page, 'tutor-profile');
  await page.getByRole('button', { name: 'Book a free trial' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('trial-tutor').getByText('With Tom Turing').waitFor();
  expect(await dialog.getByLabel('Curriculum').inputValue()).toBe('Cambridge IGCSE');
  // Only what Tom teaches is offered.
  expect(await dialog.getByLabel('Curriculum').locator('option').allTextContents()).not.toContain(
    'IB Diploma',
  );
  await dialog.getByLabel('Subject').selectOption('Mathematics');
  await dialog.getByLabel('Grade').selectOption('Grade 10');
  const slots = dialog.getByRole('group', { name: 'Available times' }).getByRole('button');
  await slots.first().waitFor();
  await slots.first().click();
  await dialog.getByLabel(/^First name/).fill('Dina');
  await dialog.getByLabel(/^Last name/).fill('Directory');
  await dialog.getByLabel(/^Password/).fill('Directory-visitor-1');
  const email = uniqueEmail('dina');
  await dialog.getByLabel(/^Email/).fill(email);
  await screenshot(page, 'tutor-trial-dialog');
  await dialog.getByRole('button', { name: 'Book Trial' }).click();
  await page
    .getByText('Congratulations! Your trial class is successfully scheduled', { exact: false })
    .waitFor();

  // Assess: the trial is with Tom
  const trials = await api.call<Json>('trials.adminList', { ...admin, query: { limit: 100 } });
  const trial = trials.body.docs.find((t: Json) => t.student.email === email);
  expect(trial).toMatchObject({ tutorId: 'demo-tutor-1', subject: 'Mathematics', grade: 'Grade 10' });
});

it('an admin reorders the tutors and the directory follows', async () => {
  // Prepare: the directory of Britain, by name
  const visitor = await browser.newPage({ timezoneId: 'Europe/London' });
  await visitor.goto(browser.portalUrl('/tutors?country=GB'));
  await visitor.getByTestId('tutor-card').first().waitFor();
  expect(await cardNames(visitor)).toEqual(['Alan Archer', 'Tom Turing']);

  // Act: the admin moves Tom up, saves, and hides Alan
  const page = await browser.signedInPage(demo.admin, '/admin/tutor-sorting');
  await page.getByRole('heading', { name: 'Tutor sorting' }).waitFor();
  await page.getByTestId('sorted-tutor').first().waitFor();
  // By name: Alan, Grace, Mei, Tom. Tom goes up three places, one at a time.
  const rows = page.getByTestId('sorted-tutor');
  for (const place of [3, 2, 1]) {
    await rows.nth(place).getByText('Tom Turing').waitFor();
    await page.getByRole('button', { name: 'Move Tom Turing up' }).click();
  }
  await rows.first().getByText('Tom Turing').waitFor();
  await rows.nth(1).getByText('Alan Archer').waitFor();
  await page.getByRole('button', { name: 'Save order' }).click();
  await page.getByText('Tutor sorting updated successfully!').waitFor();
  await screenshot(page, 'admin-tutor-sorting');

  // Assess: the directory follows
  await visitor.reload();
  await visitor.getByTestId('tutor-card').first().waitFor();
  expect(await cardNames(visitor)).toEqual(['Tom Turing', 'Alan Archer']);

  // Act: hide Alan; Assess: the directory no longer lists him
  await rows.filter({ hasText: 'Alan Archer' }).getByRole('checkbox').uncheck({ force: true });
  await page.getByText('Tutor hidden from the directory').waitFor();
  await visitor.reload();
  await visitor.getByTestId('tutor-total').getByText('1–1 of 1 tutors').waitFor();
  expect(await cardNames(visitor)).toEqual(['Tom Turing']);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-tutor-sorting-phone');
});
