import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const grace = { email: 'tutor2@demo.test', password: 'Demo-tutor-2' };

it('an admin creates a tutor role, gives it to a tutor on a course, and the tutor is offered only what it allows', async () => {
  // Prepare: a course without Grace
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const course = await api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'Physics revision',
      curriculum: 'Cambridge IGCSE',
      subject: 'Physics',
      grade: 'Grade 10',
      type: 'Group',
    },
  });
  const page = await browser.signedInPage(demo.admin, '/admin/tutor-roles');

  // Act: the Editor role is there; a "Resource keeper" may view the course and add resources only
  await page
    .getByRole('row', { name: /Editor/ })
    .getByText('Default')
    .waitFor();
  await page.getByRole('button', { name: 'New tutor role' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('Resource keeper');
  // The switch's label, not its visually hidden input: under load the dialog's opening animation can leave
  // the input's 1px box outside the viewport when the click lands.
  await dialog.getByText('Add resources', { exact: true }).click();
  await expect.poll(() => dialog.getByRole('checkbox', { name: 'Add resources' }).isChecked()).toBe(true);
  await screenshot(page, 'admin-tutor-role-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Tutor role created').waitFor();
  const keeper = page.getByRole('row', { name: /Resource keeper/ });
  await keeper.getByText('View the course, Add resources').waitFor();
  await screenshot(page, 'admin-tutor-roles');

  // Act: Grace joins the course as a Resource keeper
  await page.goto(browser.portalUrl(`/admin/courses/${course.body._id}`));
  await page.getByRole('tab', { name: 'Tutors' }).click();
  await page.getByRole('button', { name: 'New tutor' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search tutors').fill('grace');
  await dialog.getByLabel(/^Tutor$/).selectOption({ label: 'Grace Hopper (tutor2@demo.test)' });
  await dialog.getByLabel('Tutor role').selectOption({ label: 'Resource keeper' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Tutor Added').waitFor();
  await page
    .getByRole('row', { name: /Grace Hopper/ })
    .getByText('Resource keeper')
    .waitFor();
  await screenshot(page, 'admin-course-tutor-role');

  // The role is held: it cannot be deleted
  await page.goto(browser.portalUrl('/admin/tutor-roles'));
  await page
    .getByRole('row', { name: /Resource keeper/ })
    .getByRole('button', { name: /Delete/ })
    .click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('This tutor role is still used by 1 course tutor').waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Assess: Grace, in tutor edit mode, may add a resource but no homework, no lesson, no in-place edit
  const tutor = await browser.signedInPage(grace, `/portal/courses/${course.body._id}`, {
    localStorage: { tutorEditMode: 'true' },
  });
  await tutor.getByRole('button', { name: 'Add resource' }).waitFor();
  expect(await tutor.getByRole('button', { name: 'Add homework' }).count()).toBe(0);
  expect(await tutor.getByRole('button', { name: 'New lesson' }).count()).toBe(0);
  await screenshot(tutor, 'tutor-course-with-tutor-role');
  await tutor.setViewportSize({ width: 390, height: 844 });
  await screenshot(tutor, 'tutor-course-with-tutor-role-phone');
});
