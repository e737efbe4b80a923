import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

it('an admin creates a flexible plan and a rate version with a rule, and sees both listed', async () => {
  // Prepare: the back-office's flexible plans (the demo school prices in USD and takes SGD)
  const page = await browser.signedInPage(demo.admin, '/admin/flexible-plans');
  await page
    .getByRole('row', { name: /10 lesson hours/ })
    .first()
    .waitFor();

  // Act: a plan priced with more decimals than dollars have is refused in the form, then saved at 49.90
  await page.getByRole('button', { name: 'New flexible plan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('Exam sprint, 5 hours');
  await dialog.getByLabel('Price amount').fill('49.905');
  await dialog.getByLabel('Lasts quantity').fill('300');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('USD amounts have at most 2 decimals').waitFor();
  await dialog.getByLabel('Price amount').fill('49.9');
  await screenshot(page, 'admin-flexible-plan-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Flexible plan added!').waitFor();

  // Assess: listed with its price shown to the cent and its duration
  const row = page.getByRole('row', { name: /Exam sprint, 5 hours/ });
  await row.getByText('USD 49.90').waitFor();
  await row.getByText('300 minutes').waitFor();
  await screenshot(page, 'admin-flexible-plans');

  // Act: a rate version for students assigned on or after 1 March 2027, from 1 April 2027
  await page.goto(browser.portalUrl('/admin/student-flexible-rate-versions'));
  await page.getByRole('row', { name: /2026 rates for new students/ }).waitFor();
  await page.getByRole('button', { name: 'New student flexible rate version' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(/^Name/).fill('2027 rates');
  await form.getByLabel(/^In force from/).fill('2027-04-01');
  await form.getByText('Only for people whose date meets a rule').click();
  await form.getByLabel('Is', { exact: true }).selectOption({ label: 'on or after' });
  await form.getByLabel(/^Day/).fill('2027-03-01');
  await screenshot(page, 'admin-rate-version-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Student flexible rate version created!').waitFor();

  // Assess: listed with its period and its rule in words
  const version = page.getByRole('row', { name: /2027 rates/ });
  await version.getByText('2027 Apr 01 - open').waitFor();
  await version.getByText(/Student assigned to the tutor \(one-to-one\) on or after 2027-03-01/).waitFor();
  expect(await version.getByText('Everyone').count()).toBe(1);
  await screenshot(page, 'admin-rate-versions');

  // Act: the plan priced under the new version for IGCSE Grade 9 (the version picked from its dropdown-list)
  await page.goto(browser.portalUrl('/admin/student-flexible-rates'));
  await page.getByRole('button', { name: 'New student flexible rate' }).click();
  const rate = page.getByRole('dialog');
  await rate.getByLabel('Rate version').selectOption({ label: '2027 rates' });
  await rate.getByLabel('Plan').selectOption({ label: 'Exam sprint, 5 hours' });
  await rate.getByLabel('Curriculum').fill('Cambridge IGCSE');
  await rate.getByLabel('Grade').fill('Grade 9');
  await rate.getByLabel('Price amount').fill('45');
  await rate.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Student flexible rate created!').waitFor();
  const priced = page.getByRole('row', { name: /Exam sprint, 5 hours/ });
  await priced.getByText('USD 45.00').waitFor();
  await priced.getByText('2027 rates').waitFor();
  await screenshot(page, 'admin-student-flexible-rates');
  await page.goto(browser.portalUrl('/admin/student-flexible-rate-versions'));
  await page.getByRole('row', { name: /2027 rates/ }).waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'admin-rate-versions-phone');
  await page.goto(browser.portalUrl('/admin/flexible-plans'));
  await page.getByRole('row', { name: /Exam sprint, 5 hours/ }).waitFor();
  await screenshot(page, 'admin-flexible-plans-phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
