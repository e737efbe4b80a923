import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE = 'course-demo-igcse-maths';
const LINEAR = '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations';

it('a notes link opens the sub-topic page that holds it; an unknown or empty one says it is not valid', async () => {
  // Prepare: a resource of Linear equations, as a notes link would carry it
  const api = apiClient(browser.stack().apiUrl);
  const { body } = await api.call<{ subTopic: { resources: Array<{ _id: string }> } }>(
    'curriculums.resolvePath',
    { query: { path: LINEAR } },
  );
  const resourceKey = body.subTopic.resources[0]!._id;
  const page = await browser.newPage();

  // Act
  await page.goto(browser.portalUrl(`/verifyNotesLink?resourceKey=${encodeURIComponent(resourceKey)}`));

  // Assess: the sub-topic page replaced the link in the history (Back does not return to it)
  await page.waitForURL(new RegExp(`/learning-portal${LINEAR}$`));
  await page.getByRole('heading', { level: 1, name: 'Linear equations' }).waitFor();
  expect(await page.evaluate(() => window.history.length)).toBe(2);

  // Act + Assess: an unknown key, then no key at all
  await page.goto(browser.portalUrl('/verifyNotesLink?resourceKey=no-such-notes'));
  await page.getByText('This notes link is invalid or has expired').waitFor();
  await screenshot(page, 'notes-link-invalid');
  await page.goto(browser.portalUrl('/verifyNotesLink'));
  const message = page.getByTestId('notes-link-message');
  await message.getByText('This notes link is invalid or has expired').waitFor();
  await message.getByRole('link', { name: 'Go to the home page' }).click();
  await page.waitForURL(/\/learning-portal\/?$/);
});

it('a tutor in tutor edit mode adds homework to their course', async () => {
  // Prepare: Tom teaches the demo course; without the mode the page has no editing tools
  const page = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`);
  await page.getByRole('heading', { name: 'Lessons and materials' }).waitFor();
  expect(await page.getByRole('button', { name: 'Add homework' }).count()).toBe(0);

  // Act: switch tutor edit mode on in the header, then add homework
  await page.getByText('Edit mode', { exact: true }).click();
  await page.getByRole('button', { name: 'Add homework' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'New homework' }).waitFor();
  await dialog.getByLabel(/^Title/).fill('Simultaneous equations practice');
  await dialog.getByLabel('Instructions').fill('Solve questions 1 to 8 by elimination.');
  await screenshot(page, 'tutor-edit-mode-add-homework');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess: saved with the tutor's call and shown on the course page; the mode survives a reload
  await page.getByText('Homework Added').waitFor();
  await page.getByText('Simultaneous equations practice', { exact: true }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Edit Simultaneous equations practice' }).waitFor();
});

it('a tutor in tutor edit mode uploads a resource to their course', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`, {
    localStorage: { tutorEditMode: 'true' },
  });
  const bytes = Buffer.from('%PDF-1.4 elimination method');

  // Act: a file sent to a presigned URL, then the resource saved with the tutor's call
  await page.getByRole('button', { name: 'Add resource' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Elimination notes');
  await dialog
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'elimination.pdf', mimeType: 'application/pdf', buffer: bytes });
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess: the course links the stored file
  await page.getByText('Resource Added').waitFor();
  const open = page
    .locator('div', { has: page.getByText('Elimination notes', { exact: true }) })
    .getByRole('link', { name: 'Open' })
    .last();
  const stored = await fetch((await open.getAttribute('href'))!);
  expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
  await screenshot(page, 'tutor-edit-mode-course');
});

it('a tutor renames a homework in place, and homework mode shows its submissions and review link', async () => {
  // Prepare: homework set in the course, with one submission from Sam
  const api = apiClient(browser.stack().apiUrl);
  const tom = await api.signIn(demo.tutor.email, demo.tutor.password);
  const sam = await api.signIn(demo.student.email, demo.student.password);
  const { body: homework } = await api.call<{ _id: string }>('homeworks.create', {
    ...tom,
    body: { course: COURSE, title: 'Ratio drill' },
  });
  await api.call('homework.submit', { ...sam, body: { section: homework._id, text: 'My ratios' } });
  const page = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`, {
    localStorage: { tutorEditMode: 'true' },
  });

  // Act: edit the title and description where they are shown
  await page.getByRole('button', { name: 'Edit Ratio drill' }).click();
  const editor = page.getByTestId('in-place-editor');
  await editor.getByLabel(/^Title/).fill('Ratio and proportion drill');
  await editor.getByLabel('Description').fill('Due before Thursday’s lesson');
  await editor.getByRole('button', { name: 'Save' }).click();

  // Assess
  await page.getByText('Homework Updated').waitFor();
  await page.getByText('Ratio and proportion drill', { exact: true }).waitFor();
  await page.getByText('Due before Thursday’s lesson').waitFor();

  // Act: homework mode on
  await page.getByText('Homework mode', { exact: true }).click();

  // Assess: the count and the review page
  const row = page.getByTestId('homework-submissions').filter({ hasText: '1 submission · 1 to review' });
  await row.waitFor();
  await screenshot(page, 'tutor-homework-mode');
  await row.getByRole('link', { name: 'Review submissions' }).click();
  await page.waitForURL(new RegExp(`/portal/courses/${COURSE}/homework/${homework._id}$`));
  await page.getByTestId('submission').filter({ hasText: 'Sam Student' }).waitFor();
});

it('an admin adds a tag on the tags screen and deletes it again', async () => {
  // Prepare: the seeded tags are listed
  const page = await browser.signedInPage(demo.admin, '/admin/tags');
  await page.getByRole('row', { name: /Exam year/ }).waitFor();

  // Act: create
  await page.getByRole('button', { name: 'New tag' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('Robotics club');
  await dialog.getByLabel('Description').fill('Builds robots after school: use for engineering examples.');
  await screenshot(page, 'admin-tag-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess
  await page.getByText('Tag created!').waitFor();
  const row = page.getByRole('row', { name: /Robotics club/ });
  await row.waitFor();
  await screenshot(page, 'admin-tags-list');

  // Act + Assess: delete after confirming
  await row.getByRole('button', { name: 'Delete tag' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Tag deleted!').waitFor();
  await page.getByRole('row', { name: /Robotics club/ }).waitFor({ state: 'detached' });
});
