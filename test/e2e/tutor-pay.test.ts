import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { recordEndedLessons } from '../../functions/lesson-history/job';
import { getLessonHistory } from '../../functions/repositories/lesson-history';
import { apiClient, demo } from '../support/api-client';
import { placeDemoLesson } from '../support/lessons';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

it('an admin sets a tutor rate, sees the pay of the lesson taught at it, the tutor raises a concern, the admin marks it PAID and exports the CSV', async () => {
  // Prepare: the back-office's one-to-one tutor rates (none yet)
  const admin = await browser.signedInPage(demo.admin, '/admin/one-to-one-tutor-rates');
  await admin.getByRole('heading', { name: 'One-to-one tutor rates' }).waitFor();

  // Act: a rate of 32.50 an hour for any tutor and student, in force since the start of 2020
  await admin.getByRole('button', { name: 'New one-to-one tutor rate' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Hourly rate amount').fill('32.505');
  await dialog.getByLabel(/^In force from/).fill('2020-01-01');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('USD amounts have at most 2 decimals').waitFor();
  await dialog.getByLabel('Hourly rate amount').fill('32.5');
  await screenshot(admin, 'admin-one-to-one-tutor-rate-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('One-to-one tutor rate created!').waitFor();

  // Assess: listed with its hourly amount to the cent and its period
  const rate = admin.getByRole('row', { name: /USD 32\.50/ });
  await rate.getByText('2020 Jan 01 - open').waitFor();
  await screenshot(admin, 'admin-one-to-one-tutor-rates');

  // Act: Tom teaches Sam for 45 minutes; the lesson ends and the job writes its history row
  const lesson = await placeDemoLesson({
    title: 'Pay journey lesson',
    start: -120,
    minutes: 45,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  });
  await recordEndedLessons('demo', new Date(Date.parse(lesson.end) + 60_000));
  const stored = await getLessonHistory('demo', lesson._id);
  expect(stored?.tutorAmount).toEqual({ minor: 2438, currency: 'USD' });

  // Assess: the lesson history shows the rate and the pay (32.50 for 45 minutes is 24.375: 24.38)
  await admin.goto(browser.portalUrl('/admin/lesson-history'));
  const row = admin.getByRole('row').filter({ hasText: stored!.referenceKey });
  await row.getByText('USD 32.50').waitFor();
  await row.getByText('USD 24.38', { exact: true }).waitFor();
  await screenshot(admin, 'admin-lesson-history-pay');

  // Act: Tom reads his pay and raises a concern about the lesson
  const tom = await browser.signedInPage(demo.tutor, '/portal/pay');
  const mine = tom.getByRole('row').filter({ hasText: 'USD 32.50' });
  await mine.getByText('USD 24.38').waitFor();
  await mine.getByRole('button', { name: 'Raise concern' }).click();
  const concern = tom.getByRole('dialog');
  await concern.getByRole('button', { name: 'Raise concern' }).click();
  await concern.getByText('Say what is wrong').waitFor();
  await concern.getByLabel(/What is wrong/).fill('The lesson ran 15 minutes over');
  await concern.getByRole('button', { name: 'Raise concern' }).click();

  // Assess: the row says the concern waits for the school, and the school sees it on the lesson
  await tom.getByText('Concern raised!').waitFor();
  await mine.getByText('Concern pending').waitFor();
  expect(await mine.getByRole('button', { name: 'Raise concern' }).count()).toBe(0);
  await screenshot(tom, 'tutor-my-pay');
  expect((await getLessonHistory('demo', lesson._id))?.tutorConcern?.status).toBe('PENDING');

  // Assess: the month's totals card says what the totals route answers for the month the page shows
  const zone = await tom.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const month = DateTime.fromFormat(await tom.getByLabel('Pay month').inputValue(), 'yyyy-MM', { zone });
  const api = apiClient(browser.stack().apiUrl);
  const tomApi = await api.signIn(demo.tutor.email, demo.tutor.password);
  const answer = await api.call<{ totals: Array<{ currency: string; lessons: number; total: number }> }>(
    'lessonHistory.payTotals',
    {
      ...tomApi,
      query: { startDate: month.startOf('month').toISO() ?? '', endDate: month.endOf('month').toISO() ?? '' },
    },
  );
  expect(answer.status).toBe(200);
  const usd = answer.body.totals.find((total) => total.currency === 'USD');
  expect(usd?.lessons).toBeGreaterThanOrEqual(
    month.hasSame(DateTime.fromISO(lesson.start), 'month') ? 24.38 : 0,
  );
  const card = tom.getByRole('region', { name: 'Pay this month' });
  await card
    .getByTestId('pay-total-USD')
    .filter({ hasText: `USD ${usd?.total.toFixed(2)}` })
    .waitFor();
  await screenshot(tom, 'tutor-my-pay-totals');
  await admin.reload();
  await row.getByText('Concern raised').waitFor();

  // Act: the admin marks the tutor paid for it
  await row.getByRole('checkbox', { name: /^Select / }).check({ force: true });
  await admin.getByText('1 selected').waitFor();
  await admin.getByLabel('Tutor payment status').selectOption({ label: 'Paid' });
  await admin.getByRole('button', { name: 'Set tutor payment status' }).click();
  await admin.getByText('Tutor payment status updated!').waitFor();
  await row.getByText('Paid', { exact: true }).waitFor();

  // Act: and exports the list as CSV
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');

  // Assess: the admin's columns, the lesson's pay in major units and its status
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toContain('Tutor rate (hourly)');
  expect(header).toContain('Tutor amount');
  expect(header).toContain('Tutor payment status');
  const line = lines.find((l) => l.startsWith(stored!.referenceKey)) ?? '';
  expect(line).toContain('32.50');
  expect(line).toContain('24.38');
  expect(line).toContain('PAID');
});
