import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

/** Dialogs fade in: a screenshot waits until no animation is running. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

it('lets the admin build a template with an outline, create a course from it and land on the course page', async () => {
  // Prepare
  const stamp = Date.now().toString(36);
  const templateTitle = `Chemistry starter ${stamp}`;
  const courseTitle = `Chemistry 2031 ${stamp}`;
  const page = await browser.signedInPage(demo.admin, '/admin/course-templates');
  await page.waitForURL(/\/learning-portal\/admin\/course-templates/);
  await page.getByRole('cell', { name: 'IGCSE Mathematics (one-to-one)' }).waitFor();
  await page.getByRole('link', { name: 'Course templates' }).waitFor();
  await screenshot(page, 'admin-course-templates-list');

  // Act: a new template with a section holding a resource and homework
  await page.getByRole('button', { name: 'New course template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill(templateTitle);
  await dialog.getByLabel('Description').fill('Small-group chemistry for the first term.');
  await dialog.getByRole('combobox', { name: 'Curriculum' }).selectOption('Cambridge IGCSE');
  await dialog.getByRole('combobox', { name: 'Subject' }).selectOption('Chemistry');
  await dialog.getByRole('combobox', { name: 'Grade' }).selectOption('Grade 9');
  await dialog.getByRole('combobox', { name: 'Class type' }).selectOption('Group');
  await dialog.getByRole('button', { name: 'Add section to the outline' }).click();
  await dialog.getByLabel('Section title').fill('Atomic structure');
  await dialog.getByRole('button', { name: 'Add resource inside Atomic structure' }).click();
  await dialog.getByLabel('Resource title').fill('Periodic table');
  // Saving without the link names what is missing, beside the input.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('A file or link is required').waitFor();
  await dialog.getByLabel('Resource link').fill('https://example.com/periodic-table.pdf');
  await dialog.getByRole('button', { name: 'Add homework inside Atomic structure' }).click();
  await dialog.getByLabel('Homework title').fill('Electron shells worksheet');
  await dialog.getByLabel('Homework instructions').fill('Draw the shells of the first 20 elements.');
  await dialog.getByRole('button', { name: 'Move Electron shells worksheet up' }).click();
  await settled(page);
  await screenshot(page, 'admin-course-template-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess: saved, listed with its outline size
  await page.getByText('Course Template Saved!').waitFor();
  const row = page.getByRole('row', { name: new RegExp(templateTitle) });
  await row.waitFor();
  expect(await row.getByRole('cell', { name: '3 sections' }).count()).toBe(1);

  // The outline dialog reads the outline back in its order.
  await row.getByRole('button', { name: 'Edit outline' }).click();
  const outline = page.getByRole('dialog');
  await outline.getByLabel('Homework title').waitFor();
  const order = await outline
    .getByTestId('outline-node')
    .evaluateAll((nodes) => nodes.map((node) => (node.querySelector('input') as HTMLInputElement).value));
  expect(order).toEqual(['Atomic structure', 'Electron shells worksheet', 'Periodic table']);
  await settled(page);
  await screenshot(page, 'admin-course-template-outline');
  await outline.getByRole('button', { name: 'Cancel' }).click();
  await outline.waitFor({ state: 'detached' });

  // Act: create a course from it
  await row.getByRole('button', { name: 'Create course from template' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel(/^Course title/).fill(courseTitle);
  await settled(page);
  await screenshot(page, 'admin-course-from-template-dialog');
  await create.getByRole('button', { name: 'Create course' }).click();

  // Assess: the new course's page, a draft with the template's sections
  await page.getByText('Course Created').waitFor();
  await page.waitForURL(/\/learning-portal\/admin\/courses\/[^/]+$/);
  const courseId = page.url().split('/').at(-1)!;
  await page.getByRole('heading', { name: courseTitle }).waitFor();
  await page.getByText('Atomic structure').first().waitFor();
  await screenshot(page, 'admin-course-from-template-page');

  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const { body: course } = await api.call<{
    status: string;
    curriculum: string;
    sections: Array<{ title: string; sections: Array<{ title: string; kind: string }> }>;
  }>('courses.adminGet', { token: admin.token, params: { id: courseId }, query: { subSections: '1' } });
  expect(course.status).toBe('DRAFT');
  expect(course.curriculum).toBe('Cambridge IGCSE');
  expect(course.sections.map((s) => s.title)).toEqual(['Atomic structure']);
  expect(course.sections[0]!.sections.map((s) => [s.kind, s.title])).toEqual([
    ['HOMEWORK', 'Electron shells worksheet'],
    ['RESOURCE', 'Periodic table'],
  ]);
});

it('saves a course as a template from the courses list, and deletes a template after confirming', async () => {
  const title = `Saved from the demo course ${Date.now().toString(36)}`;
  const page = await browser.signedInPage(demo.admin, '/admin/courses');
  const courseRow = page.getByRole('row', { name: /IGCSE Mathematics \(Grade 10\)/ }).first();
  await courseRow.waitFor();
  await courseRow.getByRole('button', { name: 'Save as template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Template title/).fill(title);
  await settled(page);
  await screenshot(page, 'admin-course-save-as-template');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await page.getByText('Course Template Saved!').waitFor();

  await page.getByRole('link', { name: 'Course templates' }).click();
  await page.getByLabel('Search course templates').fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.waitFor();
  await row.getByRole('link', { name: /Open/ }).waitFor();

  await row.getByRole('button', { name: 'Delete course template' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('This cannot be undone').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Course Template Deleted!').waitFor();
  await row.waitFor({ state: 'detached' });
});
