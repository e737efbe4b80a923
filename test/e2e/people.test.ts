import { expect, it } from 'vitest';
import { hashPassword } from '../../functions/lib/passwords';
import { createUser } from '../../functions/repositories/users';
import { storageKeys } from '../../web/src/config/storage-keys';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, closeToast, screenshot, uniqueEmail } from './support/browser';

const browser = browserStackPerFile();

it('an admin creates a tutor with a language, adds a qualification and a note, resends the password and logs in as them', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.admin, '/admin/users');
  const email = uniqueEmail('tutor');
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  await page.getByRole('row', { name: /admin@demo\.test/ }).waitFor();
  await screenshot(page, 'admin-users-list');

  // Act: create the tutor (the role follows the type)
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type').selectOption('tutor');
  await expect.poll(() => dialog.getByLabel('Role').locator('option:checked').textContent()).toBe('Tutor');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel(/^First name/).fill('Tessa');
  await dialog.getByLabel(/^Last name/).fill('Turing');
  await dialog.getByLabel('Country').selectOption('SG');
  await dialog.getByRole('checkbox', { name: 'Part-time Tutor' }).check({ force: true });
  await dialog.getByRole('checkbox', { name: 'Patient' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Add language' }).click();
  await dialog.getByLabel('Language 1', { exact: true }).fill('English');
  await dialog.getByLabel('Proficiency 1').selectOption('Native');
  await screenshot(page, 'admin-create-user');
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Assess: the new tutor's page, with the language
  await page.getByText('User account created!').waitFor();
  await page.getByRole('heading', { name: 'Tessa Turing' }).waitFor();
  await page.getByRole('tab', { name: 'Qualifications' }).click();
  const languages = page.getByRole('region', { name: 'Languages' });
  await languages.getByText('English').waitFor();
  await languages.getByText('Native').waitFor();

  // Act: a qualification
  await page.getByRole('button', { name: 'Add qualification' }).click();
  const entry = page.getByRole('dialog');
  await entry.getByLabel(/^Qualification/).fill('BSc Mathematics');
  await entry.getByLabel(/^Institution/).fill('National University of Singapore');
  await entry.getByLabel(/^Year/).fill('2015');
  await entry.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Qualification added').waitFor();
  const qualifications = page.getByRole('region', { name: 'Qualifications' });
  await qualifications.getByText('BSc Mathematics').waitFor();
  await qualifications.getByText('National University of Singapore, 2015').waitFor();
  await screenshot(page, 'admin-user-qualifications');

  // Act: the tutor details show what the dialog set
  await page.getByRole('tab', { name: 'Details', exact: true }).click();
  await expect.poll(() => page.getByRole('checkbox', { name: 'Part-time Tutor' }).isChecked()).toBe(true);
  await screenshot(page, 'admin-user-details');

  // Act: a note, added and deleted in place
  await page.getByRole('tab', { name: 'Admin notes' }).click();
  await page.getByLabel('New note').fill('Prefers evening lessons');
  await page.getByRole('button', { name: 'Add note' }).click();
  await closeToast(page, 'Note Created');
  const note = page.getByTestId('admin-note').filter({ hasText: 'Prefers evening lessons' });
  await note.waitFor();
  await screenshot(page, 'admin-user-notes');
  await note.getByRole('button', { name: 'Delete note' }).click();
  await page.getByText('Note Deleted').waitFor();
  await note.waitFor({ state: 'detached' });

  // Act: a temporary password
  await page.getByRole('button', { name: 'Resend temporary password' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
  await page.getByText('Temporary password sent!').waitFor();

  // Act: the list finds the tutor by e-mail
  await page.goto(browser.portalUrl('/admin/users'));
  await page.getByLabel('Search by').selectOption('email');
  await page.getByLabel('Search users').fill(email);
  await page.getByRole('row', { name: /Tessa Turing/ }).waitFor();
  // Tessa, the newest, is on the unfiltered first page too: the search has applied once the others are gone
  // (expect.poll's one second is too short for the debounced search on a busy machine).
  await page.getByRole('row', { name: /admin@demo\.test/ }).waitFor({ state: 'detached' });
  expect(await page.getByRole('row').count()).toBe(2);

  // Act: log in as the tutor
  await page.getByRole('link', { name: 'Tessa Turing' }).click();
  await page.getByRole('button', { name: 'Log in as' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log in as' }).click();

  // Assess: the portal, as Tessa
  await page.waitForURL(/\/learning-portal\/portal$/);
  await page.getByRole('heading', { name: 'Welcome, Tessa!' }).waitFor();
  await page.getByText('Signed in by an administrator', { exact: true }).waitFor();
  await page.getByRole('banner').getByText('Tessa Turing').waitFor();
  const stored = await page.evaluate((key) => localStorage.getItem(key), storageKeys.authUser);
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ email, type: 'tutor' });
  await screenshot(page, 'admin-logged-in-as-tutor');

  // Act: back to the admin's own account from the bar every page shows while acting as someone
  const bar = page.getByRole('region', { name: 'Signed in by an administrator' });
  await page.goto(browser.portalUrl('/profile'));
  await bar.getByText('Signed in by an administrator as Tessa Turing').waitFor();
  await bar.getByRole('button', { name: 'Back to my account' }).click();

  // Assess: the admin again, on Tessa's page, with nothing of the acting session left
  await page.waitForURL(/\/learning-portal\/admin\/users\/[^/]+$/);
  await page.getByRole('heading', { name: 'Tessa Turing' }).waitFor();
  await page.getByRole('button', { name: 'Log in as' }).waitFor();
  expect(await bar.count()).toBe(0);
  const admin = await page.evaluate((key) => localStorage.getItem(key), storageKeys.authUser);
  expect(JSON.parse(admin ?? '{}')).toMatchObject({ email: demo.admin.email });
  expect(JSON.parse(admin ?? '{}').impersonatedBy).toBeUndefined();

  // Act: acting as Tessa again, signing out ends it: no way back and no session left in the browser
  await page.getByRole('button', { name: 'Log in as' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log in as' }).click();
  await page.getByRole('heading', { name: 'Welcome, Tessa!' }).waitFor();
  await bar.waitFor();
  await screenshot(page, 'admin-acting-as-tutor-bar');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
  expect(await bar.count()).toBe(0);
  const left = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [storageKeys.authToken, storageKeys.authUser],
  );
  expect(left).toEqual([null, null]);
});

it('a student edits their profile from the header and sees only the tabs their role shows; on a phone too', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.student, '/portal');

  // Act: the header's profile drop-down
  await page.getByRole('banner').getByRole('button', { name: 'Sam Student' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await page.waitForURL(/\/learning-portal\/profile/);

  // Assess: account and details; no qualifications or subjects (a student's role holds neither)
  await page.getByRole('tab', { name: 'Account' }).waitFor();
  await page.getByRole('tab', { name: 'Details', exact: true }).waitFor();
  expect(await page.getByRole('tab', { name: 'Qualifications' }).count()).toBe(0);
  expect(await page.getByRole('tab', { name: 'Subjects' }).count()).toBe(0);
  expect(await page.getByRole('tab', { name: 'Admin notes' }).count()).toBe(0);

  // Act: the phone number
  await page.getByLabel('Phone', { exact: true }).fill('+65 6123 4567');
  await page.getByRole('button', { name: 'Save' }).click();
  await closeToast(page, 'Details updated successfully!');
  await screenshot(page, 'student-profile-account');

  // Act: the exam date and a parent's name
  await page.getByRole('tab', { name: 'Details', exact: true }).click();
  expect(await page.getByLabel('Date of birth').count()).toBe(0);
  await page.getByLabel('Exam date').fill('2027-06-01');
  await page.getByLabel("Parent's name").fill('Pat Parent');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Details updated successfully!').waitFor();
  await screenshot(page, 'student-profile-details');

  // Assess: kept after a reload
  await page.reload();
  await expect.poll(() => page.getByLabel("Parent's name").inputValue()).toBe('Pat Parent');
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect.poll(() => page.getByLabel('Phone', { exact: true }).inputValue()).toBe('+65 6123 4567');

  // Assess: on a phone the tabs and fields stay within the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Details', exact: true }).click();
  await page.getByLabel('Exam date').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'student-profile-phone');
});

it('deleting one’s own account asks for DELETE, signs out, clears local data and goes to the portal root', async () => {
  // Prepare: a person whose role may delete their own account
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const role = await api.call<{ _id: string }>('roles.create', {
    token: admin.token,
    body: {
      name: `Leaver ${Date.now().toString(36)}`,
      type: 'user',
      permissions: { profile: ['view', 'edit', 'delete'], headerContents: ['profileDropDown'] },
    },
  });
  expect(role.status).toBe(201);
  const leaver = { email: uniqueEmail('leaver'), password: 'Leaver-pass-1' };
  await createUser('demo', {
    firstname: 'Lee',
    lastname: 'Leaver',
    email: leaver.email,
    type: 'student',
    roleId: role.body._id,
    passwordHash: await hashPassword(leaver.password),
  });
  const page = await browser.signedInPage(leaver, '/profile');

  // Act
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog');
  const submit = confirm.getByRole('button', { name: 'Delete account' });
  expect(await submit.isDisabled()).toBe(true);
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await screenshot(page, 'profile-delete-account');
  await submit.click();

  // Assess: signed out at the portal root, nothing of the session left
  await page.waitForURL((url) => url.pathname === '/learning-portal/' || url.pathname === '/learning-portal');
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
  const left = await page.evaluate(
    (keys) => keys.map((key) => localStorage.getItem(key)),
    [storageKeys.authToken, storageKeys.authUser],
  );
  expect(left).toEqual([null, null]);
  const again = await api.call('auth.token', {
    body: { grant_type: 'password', username: leaver.email, password: leaver.password },
  });
  expect(again.status).toBeGreaterThanOrEqual(400);
});
