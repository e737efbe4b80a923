import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { hashPassword } from '../../functions/lib/passwords';
import { createUser } from '../../functions/repositories/users';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import type { UserType } from '../../shared/schemas/user';
import { apiClient, demo } from '../support/api-client';
import { recordPayment, recordSubscription, usd } from '../support/payments';
import { browserStackPerFile, closeToast, screenshot, uniqueEmail } from './support/browser';

/**
 * The money tabs of a profile (issue #18 item 7) in Chromium: a tutor's bank details, seen whole by the
 * tutor and an admin who may change them and masked to an admin who only views; a parent's view of their
 * child's plans and payments; the billing e-mail.
 */
const browser = browserStackPerFile();
const PASSWORD = 'Money-tabs-1';

/** Shows the screenshot in /tmp too, where the session looks at it. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  copyFileSync(join(import.meta.dirname, 'screenshots', `${name}.png`), `/tmp/${name}.png`);
}

async function person(type: UserType, roleId: string, firstname: string) {
  const email = uniqueEmail(type);
  const user = await createUser('demo', {
    firstname,
    lastname: 'Money',
    email,
    type,
    roleId,
    passwordHash: await hashPassword(PASSWORD),
  });
  return { email, password: PASSWORD, userId: user._id };
}

const api = () => apiClient(browser.stack().apiUrl);
async function adminToken() {
  return (await api().signIn(demo.admin.email, demo.admin.password)).token;
}

it('a tutor fills in bank details and sees them after a reload; an admin who may change them sees them whole, one who only views sees the last four', async () => {
  // Prepare
  const tutor = await person('tutor', systemRoleIds.Tutor, 'Tara');
  const page = await browser.signedInPage(tutor, '/profile?tab=bank-details');

  // Act: the tutor adds their bank details
  await page.getByText('No bank details yet').waitFor();
  await page.getByRole('button', { name: 'Add bank details' }).click();
  await page.getByLabel(/^Account holder name/).fill('Tara Money');
  await page.getByLabel(/^Bank name/).fill('DBS Bank');
  await page.getByLabel(/^Account number/).fill('0123 4567 89');
  await page.getByLabel(/^Routing, sort or SWIFT code/).fill('DBSSSGSG');
  await page.getByLabel(/^Country/).selectOption('SG');
  await shot(page, 'profile-bank-details-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await closeToast(page, 'Details updated successfully!');

  // Assess: after a reload, still there and whole
  await page.reload();
  const details = page.getByTestId('bank-details');
  await details.getByText('0123456789').waitFor();
  await details.getByText('Singapore').waitFor();
  await shot(page, 'profile-bank-details-tutor');

  // The tutor's rates, read-only
  await page.getByRole('tab', { name: 'Tutor rates' }).click();
  await page.getByRole('heading', { name: 'One-to-one' }).waitFor();
  expect(await page.getByRole('button', { name: 'Add rate' }).count()).toBe(0);
  await shot(page, 'profile-tutor-rates-tutor');

  // Act: the school's admin (every permission) opens the tutor
  const admin = await browser.signedInPage(demo.admin, `/admin/users/${tutor.userId}?tab=bank-details`);
  await admin.getByTestId('bank-details').getByText('0123456789').waitFor();
  await admin.getByRole('button', { name: 'Change bank details' }).waitFor();
  await shot(admin, 'admin-user-bank-details');
  // The school sets the tutor's own one-to-one rate with the catalogue's rate form
  await admin.getByRole('tab', { name: 'Tutor rates' }).click();
  await admin.getByRole('button', { name: 'Add rate' }).first().click();
  const rateDialog = admin.getByRole('dialog');
  await rateDialog.getByLabel('Hourly rate amount').fill('42.50');
  await rateDialog.getByRole('button', { name: 'Save' }).click();
  await closeToast(admin, 'Details updated successfully!');
  await admin.getByRole('cell', { name: /42\.50/ }).waitFor();
  await shot(admin, 'admin-user-tutor-rates');

  // The tutor reads it, and cannot change it
  await page.reload();
  await page.getByRole('cell', { name: /42\.50/ }).waitFor();
  expect(await page.getByRole('button', { name: 'Add rate' }).count()).toBe(0);
  await shot(page, 'profile-tutor-rates-tutor-set');

  // Act: an admin who views users and bank details but may not change them
  const role = await api().call<{ _id: string }>('roles.create', {
    token: await adminToken(),
    body: {
      name: `Bank viewer ${Date.now()}`,
      type: 'admin',
      permissions: { adminUsers: ['view'], profile: ['bankDetails'] },
    },
  });
  expect(role.status).toBe(201);
  const viewer = await person('admin', role.body._id, 'Vic');
  const viewing = await browser.signedInPage(viewer, `/admin/users/${tutor.userId}?tab=bank-details`);
  const masked = viewing.getByTestId('bank-details');
  await masked.getByText('•••• 6789').waitFor();
  expect(await masked.getByText('0123456789').count()).toBe(0);
  expect(await viewing.getByRole('button', { name: 'Change bank details' }).count()).toBe(0);
  await shot(viewing, 'admin-user-bank-details-masked');
});

it("a parent's profile shows their child's plans and payment history, and keeps a billing e-mail", async () => {
  // Prepare: a child with a subscription and a payment, linked to a parent
  const child = await person('student', systemRoleIds.Student, 'Kim');
  const parent = await person('parent', systemRoleIds.Student, 'Pam');
  const linked = await api().call('adminUsers.linkAccounts', {
    token: await adminToken(),
    params: { id: parent.userId },
    body: { childIds: [child.userId] },
  });
  expect(linked.status).toBe(200);
  await recordSubscription('demo', child.userId, `sub_${child.userId}`);
  await recordPayment('demo', {
    _id: `pay-${child.userId}`,
    userId: child.userId,
    amount: usd(4900),
    description: 'Monthly plan: first month',
  });

  // Act: the parent opens their profile's plans
  const page = await browser.signedInPage(parent, '/profile?tab=plans');

  // Assess: the child's subscription, by name, active
  const plans = page.getByTestId(`plans-${child.userId}`);
  await plans.getByRole('heading', { name: 'Kim Money' }).waitFor();
  await plans.getByText('Active').waitFor();
  await plans.getByText('Not enrolled in a course yet.').waitFor();
  await shot(page, 'profile-plans-parent');

  // Act and assess: the child's payment history
  await page.getByRole('tab', { name: 'Payment history' }).click();
  await expect.poll(() => page.getByLabel('Child').locator('option:checked').textContent()).toBe('Kim Money');
  await page.getByRole('cell', { name: 'Monthly plan: first month' }).waitFor();
  await page.getByRole('cell', { name: 'USD 49.00' }).waitFor();
  await shot(page, 'profile-payment-history-parent');

  // Act: a billing e-mail, refused when malformed, then saved
  await page.getByRole('tab', { name: 'Billing e-mail' }).click();
  const field = page.getByRole('textbox', { name: 'Billing e-mail' });
  await field.fill('not-an-address');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please enter a valid email address').waitFor();
  await field.fill('accounts@family.test');
  await page.getByRole('button', { name: 'Save' }).click();
  await closeToast(page, 'Details updated successfully!');
  await page.reload();
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Billing e-mail' }).inputValue())
    .toBe('accounts@family.test');
  await shot(page, 'profile-billing-email');
});
