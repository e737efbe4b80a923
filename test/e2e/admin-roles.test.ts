import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

it('lets the admin create a role in /admin/roles and delete it', async () => {
  // Prepare: sign in through the form as the seeded admin, coming back to the roles screen (the journey
  // that keeps the login redirect covered; the others start signed in)
  const page = await browser.newPage();
  const roleName = `Reviewer ${Date.now().toString(36)}`;
  await page.goto(browser.portalUrl('/login?redirect=/admin/roles'));
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('Demo-admin-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/learning-portal\/admin\/roles/);
  await page.getByRole('cell', { name: /Admin/ }).first().waitFor();
  await screenshot(page, 'admin-roles-list');

  // Act: create
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill(roleName);
  await dialog.getByText('Guest role').click();
  await screenshot(page, 'admin-role-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess
  await page.getByText('Role created!').waitFor();
  await page.getByLabel('Search roles').fill(roleName);
  const row = page.getByRole('row', { name: new RegExp(roleName) });
  await row.waitFor();

  // Act: delete (verify-delete says it can go)
  await row.getByRole('button', { name: 'Delete role' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('This cannot be undone').waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();

  // Assess
  await page.getByText('Role deleted!').waitFor();
  await row.waitFor({ state: 'detached' });
  expect(await page.getByRole('row', { name: new RegExp(roleName) }).count()).toBe(0);
});

it('explains why a built-in role cannot be deleted', async () => {
  const page = await browser.signedInPage(demo.admin, '/admin/roles');
  await page.getByLabel('Search roles').fill('Tutor');
  const row = page.getByRole('row', { name: /Tutor/ }).first();
  await row.waitFor();
  const deleteButton = row.getByRole('button', { name: 'Delete role' });
  if (await deleteButton.isDisabled()) return; // the list already knows built-in roles cannot go
  await deleteButton.click();
  await page
    .getByRole('alertdialog')
    .getByText(/built-in role/)
    .waitFor();
});
