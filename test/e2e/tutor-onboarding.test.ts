import { expect, it } from 'vitest';
import { hashPassword } from '../../functions/lib/passwords';
import { updatePassword } from '../../functions/repositories/users';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, closeToast, screenshot, uniqueEmail } from './support/browser';

const browser = browserStackPerFile();

/**
 * Issue 17 item 6, whole: an admin creates a tutor with a qualification and a language, gives them a
 * tutor role on a course, and the tutor, signed in, is offered only what the role allows there; the server
 * refuses the rest.
 */
it('an admin creates a tutor with qualifications and languages, gives them a tutor role on a course, and the tutor may do only what it allows', async () => {
  // Prepare: a course with a section, and a tutor role that views the course and adds resources only
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const course = await api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'Chemistry foundations',
      curriculum: 'Cambridge IGCSE',
      subject: 'Chemistry',
      grade: 'Grade 9',
      type: 'Group',
    },
  });
  expect(course.status).toBe(201);
  const section = await api.call('sections.adminCreate', {
    ...admin,
    body: { course: course.body._id, kind: 'SECTION', title: 'Atoms and moles' },
  });
  expect(section.status).toBe(201);
  const role = await api.call('tutor-roles.create', {
    ...admin,
    body: { name: 'Resources only', permissions: { courseView: true, resourceCreate: true } },
  });
  expect(role.status).toBe(201);
  const email = uniqueEmail('ada');
  const page = await browser.signedInPage(demo.admin, '/admin/users');

  // Act: the admin creates the tutor, with a language
  await page.getByRole('button', { name: 'Create user' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type').selectOption('tutor');
  await expect.poll(() => dialog.getByLabel('Role').locator('option:checked').textContent()).toBe('Tutor');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel(/^First name/).fill('Ada');
  await dialog.getByLabel(/^Last name/).fill('Lovelace');
  await dialog.getByLabel('Country').selectOption('GB');
  await dialog.getByRole('checkbox', { name: 'Full-time Tutor' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Add language' }).click();
  await dialog.getByLabel('Language 1', { exact: true }).fill('French');
  await dialog.getByLabel('Proficiency 1').selectOption('Advanced');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('User account created!').waitFor();
  await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
  const tutorId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');

  // Act: and a qualification
  await page.getByRole('tab', { name: 'Qualifications' }).click();
  await page.getByRole('region', { name: 'Languages' }).getByText('French').waitFor();
  await page.getByRole('button', { name: 'Add qualification' }).click();
  const entry = page.getByRole('dialog');
  await entry.getByLabel(/^Qualification/).fill('MSc Chemistry');
  await entry.getByLabel(/^Institution/).fill('Imperial College London');
  await entry.getByLabel(/^Year/).fill('2012');
  await entry.getByRole('button', { name: 'Save' }).click();
  await closeToast(page, 'Qualification added');
  await page.getByRole('region', { name: 'Qualifications' }).getByText('MSc Chemistry').waitFor();
  await screenshot(page, 'onboarding-tutor-qualifications');

  // Act: Ada joins the course with the "Resources only" role
  await page.goto(browser.portalUrl(`/admin/courses/${course.body._id}`));
  await page.getByRole('tab', { name: 'Tutors' }).click();
  await page.getByRole('button', { name: 'New tutor' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search tutors').fill('ada');
  await dialog.getByLabel(/^Tutor$/).selectOption({ label: `Ada Lovelace (${email})` });
  await dialog.getByLabel('Tutor role').selectOption({ label: 'Resources only' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Tutor Added').waitFor();
  await page
    .getByRole('row', { name: /Ada Lovelace/ })
    .getByText('Resources only')
    .waitFor();
  await screenshot(page, 'onboarding-course-tutor');

  // Act: Ada signs in (her password set as a set-password link would) and opens the course in edit mode
  await updatePassword('demo', tutorId, await hashPassword('Ada-tutor-1'));
  const ada = { email, password: 'Ada-tutor-1' };
  const tutor = await browser.signedInPage(ada, `/portal/courses/${course.body._id}`, {
    localStorage: { tutorEditMode: 'true' },
  });

  // Assess: a resource may be added; no homework, no lesson, no in-place edit of the section
  await tutor.getByText('Atoms and moles').first().waitFor();
  await tutor.getByRole('button', { name: 'Add resource' }).first().waitFor();
  expect(await tutor.getByRole('button', { name: /^Add homework/ }).count()).toBe(0);
  expect(await tutor.getByRole('button', { name: 'New lesson' }).count()).toBe(0);
  expect(await tutor.getByRole('button', { name: 'Edit Atoms and moles' }).count()).toBe(0);
  await screenshot(tutor, 'onboarding-tutor-course');

  // Assess: and the server refuses what the screen hides, naming the role
  const session = await api.signIn(ada.email, ada.password);
  const refused = await api.call('sections.create', {
    ...session,
    body: { course: course.body._id, kind: 'SECTION', title: 'Mine' },
  });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe('Your tutor role on this course (Resources only) does not allow this');
  const allowed = await api.call('resources.create', {
    ...session,
    body: {
      course: course.body._id,
      title: 'Periodic table',
      resource: { url: 'https://example.com/table' },
    },
  });
  expect(allowed.status).toBe(201);
});
