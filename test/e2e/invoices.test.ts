import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile } from './support/browser';

const browser = browserStackPerFile();

/** Screens to look at, outside the repository. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/invoices-${name}.png`, fullPage: true, animations: 'disabled' });

it('an admin creates and sends an invoice; the parent opens it, pays through the checkout and sees it PAID', {
  timeout: 300_000,
}, async () => {
  // Act: the admin writes an invoice for Sam and sends it
  const admin = await browser.signedInPage(demo.admin, '/admin/invoices');
  await admin.getByRole('button', { name: 'New invoice' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Search students').fill('sam');
  await dialog.getByLabel(/^Student$/).selectOption({ label: 'Sam Student (student1@demo.test)' });
  await dialog.getByLabel('Line 1 description').fill('One-to-one mathematics lessons, March');
  await dialog.getByLabel('Line 1 quantity').fill('4');
  await dialog.getByLabel('Line 1 unit price').fill('45');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await dialog.getByLabel('Line 2 description').fill('Past-paper workbook');
  await dialog.getByLabel('Line 2 unit price').fill('12.5');
  await dialog.getByLabel('Due date').fill('2030-04-01');
  await dialog.getByTestId('form-total').getByText('Total: USD 192.50').waitFor();
  await shot(admin, 'admin-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Invoice Sent!').waitFor();

  // Assess: its page, numbered, sent, totalled by the server
  await admin.getByRole('heading', { name: /^Invoice INV-\d{5}$/ }).waitFor();
  const number = (await admin.getByTestId('invoice-number').textContent()) ?? '';
  await admin.getByTestId('invoice-total').getByText('USD 192.50').waitFor();
  await admin.getByText(/Sent 1 time/).waitFor();
  await admin.getByLabel('New note').fill('Parent prefers to pay by card');
  await admin.getByRole('button', { name: 'Add note' }).click();
  await admin.getByText('Note Created').waitFor();
  await shot(admin, 'admin-detail');
  await admin.emulateMedia({ media: 'print' });
  await shot(admin, 'printable');
  await admin.emulateMedia({ media: 'screen' });
  await admin.goto(browser.portalUrl('/admin/invoices'));
  await admin
    .getByRole('row', { name: new RegExp(number) })
    .getByText('PENDING')
    .waitFor();
  await shot(admin, 'admin-list');

  // Act: the parent finds it from the portal and pays by card
  const parent = await browser.signedInPage(demo.parent, '/portal');
  await parent.getByRole('link', { name: 'My invoices' }).click();
  await parent.getByRole('link', { name: number }).click();
  await parent.getByTestId('invoice-total').getByText('USD 192.50').waitFor();
  await shot(parent, 'parent-invoice');
  await parent.getByRole('button', { name: 'Pay by card' }).click();
  await parent.waitForURL(/\/checkout\/demo\/cs_test_/);
  await parent.getByRole('heading', { name: 'Pay 192.50 USD' }).waitFor();
  // (the payment's webhook held back, so the page shows the wait before the confirmation)
  const stripe = browser.stack().stripe;
  stripe.setDelivery(false);
  await parent.getByRole('button', { name: 'Pay 192.50 USD' }).click();

  // Assess: back on the invoice, waiting for the payment's confirmation
  await parent.waitForURL(/\/portal\/invoices\/.+paymentStatus=success/);
  await parent.getByText('Thank you: your payment is being confirmed…').waitFor();
  // The completed session's webhook arrives; its consumer marks the invoice PAID.
  stripe.setDelivery(true);
  const completed = stripe.events('demo').findLast((event) => event.type === 'checkout.session.completed');
  if (!completed) throw new Error('No checkout.session.completed event');
  const session = (completed.data as { object: Record<string, unknown> }).object;
  expect(session.metadata).toMatchObject({ purpose: 'INVOICE', tenant: 'demo', userId: 'demo-student-1' });
  await stripe.redeliver('demo', completed.id);
  await parent.getByText('Thank you: your payment is received.').waitFor();
  await parent.getByText('PAID').first().waitFor();
  expect(await parent.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
  await shot(parent, 'parent-paid');
  await parent.setViewportSize({ width: 390, height: 844 });
  await shot(parent, 'parent-paid-phone');
});
