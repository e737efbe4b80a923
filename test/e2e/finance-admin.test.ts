import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { recordEndedLessons } from '../../functions/lesson-history/job';
import { getLessonHistory } from '../../functions/repositories/lesson-history';
import { displayMoney } from '../../shared/money/money';
import { apiClient, demo } from '../support/api-client';
import { placeDemoLesson } from '../support/lessons';
import { payFlexiblePlan } from '../support/payments';
import { browserStackPerFile } from './support/browser';

/**
 * The back-office's finance screens (issue #18 item 7): payment history with a student filter and notes,
 * the lesson history's pay actions, the finance overview's charts. Data comes in through the API and the
 * fake Stripe (a payment paid on its hosted page), and the lesson-history job.
 */
const browser = browserStackPerFile();

/** Screens to look at, outside the repository. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/finance-admin-${name}.png`, fullPage: true, animations: 'disabled' });

const pay = (userId: string, unitAmount: number) => payFlexiblePlan(browser.stack(), userId, unitAmount);

it('an admin reads payment history by student with notes, adjusts a lesson’s pay, and sees the finance charts', {
  timeout: 300_000,
}, async () => {
  // Prepare: two payments (Maya 45.00, Sam 20.00); a general tutor rate of 30.00 an hour; a lesson Tom
  // taught Sam for an hour, written to the lesson history by its job
  await pay('demo-student-2', 4500);
  await pay('demo-student-1', 2000);
  const api = apiClient(browser.stack().apiUrl);
  const adminSession = await api.signIn(demo.admin.email, demo.admin.password);
  const rate = await api.call('one-to-one-tutor-rates.create', {
    token: adminSession.token,
    body: { rate: { amount: 30, currency: 'USD' }, effectiveFrom: '2020-01-01T00:00:00Z' },
  });
  expect(rate.status).toBe(201);
  const lesson = await placeDemoLesson({
    title: 'Finance journey lesson',
    start: -120,
    minutes: 60,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  });
  await recordEndedLessons('demo', new Date(Date.parse(lesson.end) + 60_000));
  const recorded = await getLessonHistory('demo', lesson._id);
  expect(recorded?.tutorAmount).toEqual({ minor: 3000, currency: 'USD' });
  const referenceKey = recorded?.referenceKey ?? '';

  // Act: the admin opens the payment history and filters it to Maya
  const admin = await browser.signedInPage(demo.admin, '/admin/payment-history');
  await admin.getByRole('heading', { name: 'Payment history' }).waitFor();
  await admin.getByRole('row', { name: /USD 45\.00/ }).waitFor();
  await admin.getByRole('row', { name: /USD 20\.00/ }).waitFor();
  await admin.getByLabel('Search students').fill('maya');
  await admin.getByLabel(/^Student$/).selectOption({ label: 'Maya Student (student2@demo.test)' });

  // Assess: only Maya's payment is left, named
  await admin.waitForURL(/userId=demo-student-2/);
  const mayas = admin.getByRole('row', { name: /USD 45\.00/ });
  await mayas.getByText('Maya Student').waitFor();
  await expect.poll(() => admin.getByRole('row', { name: /USD 20\.00/ }).count()).toBe(0);

  // Act: a note on it, then its deletion
  await mayas.getByRole('button', { name: 'Notes' }).click();
  const notes = admin.getByRole('dialog');
  await notes.getByLabel('New note').fill('Paid for the spring term');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await admin.getByText('Note Created').waitFor();
  await notes.getByText('Paid for the spring term').waitFor();
  await shot(admin, 'payment-history-note');
  await notes.getByRole('button', { name: 'Done' }).click();
  await mayas.getByRole('button', { name: 'Notes (1)' }).waitFor();
  await shot(admin, 'payment-history');
  await mayas.getByRole('button', { name: 'Notes (1)' }).click();
  await notes.getByRole('button', { name: 'Delete note' }).click();
  await admin.getByText('Note Deleted').waitFor();
  await notes.getByText('No notes yet.').waitFor();
  await notes.getByRole('button', { name: 'Done' }).click();
  await mayas.getByRole('button', { name: 'Notes', exact: true }).waitFor();

  // Assess: the ledger's entries of Maya's payment on the transaction logs, signed
  await admin.goto(browser.portalUrl('/admin/transaction-logs?userId=demo-student-2'));
  await admin.getByRole('heading', { name: 'Transaction logs' }).waitFor();
  await admin
    .getByRole('row', { name: /USD \+45\.00/ })
    .getByText('Maya Student')
    .waitFor();
  await shot(admin, 'transaction-logs');

  // Act: on the lesson history, a 15-minute class extension, approved
  await admin.goto(browser.portalUrl('/admin/lesson-history'));
  const row = admin.getByRole('row').filter({ hasText: referenceKey });
  await row.getByText('USD 30.00', { exact: true }).first().waitFor();
  await row.getByRole('button', { name: `Pay actions for lesson ${referenceKey}` }).click();
  await admin.getByRole('menuitem', { name: 'Class extension' }).click();
  const extension = admin.getByRole('dialog');
  await extension.getByLabel(/^Extra minutes/).fill('15');
  await extension.getByLabel('Status').selectOption('APPROVED');
  await shot(admin, 'class-extension');
  await extension.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Class extension updated!').waitFor();

  // Assess: the row shows the new pay, as the server stored it
  const extended = await getLessonHistory('demo', lesson._id);
  expect(extended?.lessonExtension).toBe(15);
  expect(extended?.tutorAmount?.minor).toBeGreaterThan(3000);
  await row
    .getByText(displayMoney(extended?.tutorAmount ?? { minor: 0, currency: 'USD' }))
    .first()
    .waitFor();
  await row.getByText(/^Extension 15 min/).waitFor();

  // Act: a 10% tutor penalty
  await row.getByRole('button', { name: `Pay actions for lesson ${referenceKey}` }).click();
  await admin.getByRole('menuitem', { name: 'Tutor penalty' }).click();
  const penalty = admin.getByRole('dialog');
  await penalty.getByLabel(/^Penalty/).fill('10');
  await penalty.getByLabel('Reason').fill('Joined 12 minutes late');
  await penalty.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Tutor penalty updated!').waitFor();

  // Assess: the penalty and the lower pay on the row
  const penalised = await getLessonHistory('demo', lesson._id);
  expect(penalised?.tutorPenalty).toBe(10);
  expect(penalised?.tutorAmount?.minor).toBeLessThan(extended?.tutorAmount?.minor ?? 0);
  await row.getByText(/^Penalty 10%/).waitFor();
  await row
    .getByText(displayMoney(penalised?.tutorAmount ?? { minor: 0, currency: 'USD' }), { exact: true })
    .first()
    .waitFor();

  // Act: an addition of 2.25 to the pay, for materials
  await row.getByRole('button', { name: `Pay actions for lesson ${referenceKey}` }).click();
  await admin.getByRole('menuitem', { name: 'Adjust pay' }).click();
  const adjust = admin.getByRole('dialog');
  await adjust.getByLabel('Amount amount').fill('2.25');
  await adjust.getByLabel('Reason').fill('Printed materials');
  await shot(admin, 'adjust-pay');
  await adjust.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Adjustments updated!').waitFor();

  // Assess: 2.25 more on the row
  const adjusted = await getLessonHistory('demo', lesson._id);
  expect(adjusted?.tutorAmount?.minor).toBe((penalised?.tutorAmount?.minor ?? 0) + 225);
  const finalPay = displayMoney(adjusted?.tutorAmount ?? { minor: 0, currency: 'USD' });
  await row.getByText(finalPay, { exact: true }).first().waitFor();
  await shot(admin, 'lesson-history');

  // Act: the finance overview
  await admin.goto(browser.portalUrl('/admin/finance'));
  await admin.getByRole('heading', { name: 'Finance overview' }).waitFor();

  // Assess: two charts and the totals of the last 12 months, to the cent
  await admin.getByTestId('column-chart').nth(1).waitFor();
  expect(await admin.getByTestId('column-chart').count()).toBe(2);
  await admin.getByTestId('total-Revenue').getByText('USD 65.00').waitFor();
  await admin.getByTestId('total-Payments').getByText('USD 65.00').waitFor();
  await admin.getByTestId('total-Tutor pay').getByText(finalPay).waitFor();
  const revenueChart = admin.getByRole('img', { name: /^Revenue by month in USD/ });
  await expect.poll(async () => (await revenueChart.getAttribute('aria-labelledby')) !== null).toBe(true);
  await shot(admin, 'overview');
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  // A whole page load: wait on the page (Playwright's timeout), not on a one-second poll.
  await admin.getByTestId('column-chart').nth(1).waitFor();
  expect(await admin.getByTestId('column-chart').count()).toBe(2);
  await shot(admin, 'overview-phone');
});
