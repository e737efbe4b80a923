import { expect, it } from 'vitest';
import { createUser } from '../../functions/repositories/users';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot, uniqueEmail } from './support/browser';

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

it('says why a role cannot be deleted: a built-in one in the list, one still in use when asked', async () => {
  // Prepare: a role of the school's own that a user still has (the list cannot know that one)
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const roleName = `Assessor ${Date.now().toString(36)}`;
  const role = await api.call<{ _id: string }>('roles.create', {
    token: admin.token,
    body: { name: roleName, type: 'user', permissions: {} },
  });
  expect(role.status).toBe(201);
  await createUser('demo', {
    firstname: 'Ada',
    lastname: 'Assessor',
    email: uniqueEmail('assessor'),
    type: 'tutor',
    roleId: role.body._id,
    passwordHash: 'not-a-password-hash',
  });
  const page = await browser.signedInPage(demo.admin, '/admin/roles');

  // Assess: a built-in role is marked as such, and its Delete cannot be pressed
  await page.getByLabel('Search roles').fill('Tutor');
  const builtIn = page.getByRole('row', { name: /Tutor/ }).filter({ hasText: 'Built-in' }).first();
  await builtIn.waitFor();
  expect(await builtIn.getByRole('button', { name: 'Delete role' }).isDisabled()).toBe(true);

  // Act: delete the role in use
  await page.getByLabel('Search roles').fill(roleName);
  const inUse = page.getByRole('row', { name: new RegExp(roleName) });
  await inUse.waitFor();
  await inUse.getByRole('button', { name: 'Delete role' }).click();

  // Assess: the dialog says why (verify-delete), and its Delete stays disabled
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('This role is still used by 1 user').waitFor();
  await screenshot(page, 'admin-role-in-use');
  expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await inUse.waitFor();
});

it('refuses a role whose name differs from another only in case, saying which role has it', async () => {
  // Prepare
  const page = await browser.signedInPage(
    { email: 'admin@demo.test', password: 'Demo-admin-1' },
    '/admin/roles',
  );
  await page.getByRole('cell', { name: /Admin/ }).first().waitFor();

  // Act
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('STUDENT');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess: the server's message, and the dialog stays open with what was typed
  await page.getByTestId('toast-error').getByText('A role named Student already exists').waitFor();
  await expect(dialog.getByLabel(/^Name/).inputValue()).resolves.toBe('STUDENT');
  await screenshot(page, 'admin-role-duplicate-name');
});
