import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
type Json = Record<string, any>;

it("a tutor's late cancel costs a penalty; the tutor appeals it and an admin accepts the appeal", async () => {
  // Prepare: the school charges 50 % for a change within 12 hours; Tom cancels a lesson 3 hours ahead and
  // the admin approves the change, which writes the penalty
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const tom = await api.signIn(demo.tutor.email, demo.tutor.password);
  const policy = await api.call<Json>('tenants.updateLateChangePolicy', {
    ...admin,
    body: { tiers: [{ withinHours: 12, percent: 50 }] },
  });
  expect(policy.status, JSON.stringify(policy.body)).toBe(200);
  const quarter = 15 * 60_000;
  let lesson: Json | undefined;
  for (let hours = 3; !lesson && hours < 10; hours++) {
    const start = new Date(Math.ceil((Date.now() + hours * 3_600_000) / quarter) * quarter).toISOString();
    const created = await api.call<Json>('meetings.teamsAdminCreate', {
      ...admin,
      body: { course: 'course-demo-igcse-maths', title: 'Algebra catch-up', start, duration: 60 },
    });
    if (created.status === 201) lesson = created.body;
  }
  expect(lesson).toBeDefined();
  const cancel = await api.call<Json>('meetings.teamsCancel', {
    ...tom,
    params: { id: lesson?._id },
    body: { reason: 'Sickness' },
  });
  expect(cancel.body.status).toBe('PENDING');
  const approved = await api.call<Json>('meetingRequests.respond', {
    ...admin,
    params: { requestId: cancel.body.request._id },
    body: { action: 'APPROVE' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);

  // Act: Tom finds the penalty under My penalties and appeals it
  const tutor = await browser.signedInPage(demo.tutor, '/portal');
  await tutor.getByRole('link', { name: 'My penalties' }).click();
  const card = tutor.getByRole('article').or(tutor.locator('[aria-label^="Penalty of"]')).first();
  await card.getByText(/Cancelled by the tutor less than 12 hours before the lesson/).waitFor();
  await card.getByRole('button', { name: 'Appeal' }).click();
  const appeal = tutor.getByRole('dialog');
  await appeal
    .getByLabel('Why the penalty should be lifted')
    .fill('I was in hospital: the note is with the office.');
  await screenshot(tutor, 'tutor-penalty-appeal-dialog');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await tutor.getByText('Penalty appeal request sent!').waitFor();
  await card.getByText('Appeal pending').waitFor();
  expect(await card.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
  await screenshot(tutor, 'tutor-penalties-appealed');

  // Act: the admin opens the penalty waivers, sees the pending appeal and accepts it
  const page = await browser.signedInPage(demo.admin, '/admin/penalty-waivers');
  const row = page.getByRole('row', { name: /Appeal pending/ });
  await row.getByText('-USD 0.00 (50%)').waitFor();
  await screenshot(page, 'admin-penalty-waivers');
  await row.getByRole('button', { name: 'Answer appeal' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('I was in hospital: the note is with the office.').waitFor();
  await dialog.getByLabel('Note to the tutor').fill('Accepted: the note arrived.');
  await screenshot(page, 'admin-penalty-appeal-answer');
  await dialog.getByRole('button', { name: 'Accept appeal' }).click();
  await page.getByText('Appeal responded!').waitFor();
  await page
    .getByRole('row', { name: /Appeal accepted/ })
    .first()
    .waitFor();

  // Assess: Tom sees the answer; the penalty is lifted and cannot be appealed again
  await tutor.reload();
  await card.getByText('Appeal accepted').waitFor();
  await card.getByText('Answer: Accepted: the note arrived.').waitFor();
  await tutor.setViewportSize({ width: 390, height: 844 });
  await screenshot(tutor, 'tutor-penalties-answered-phone');
  const read = await api.call<Json>('penaltyWaivers.list', {
    ...tom,
    query: { includeTutorAmountData: '1', zoomRequestId: cancel.body.request._id },
  });
  expect(read.body.docs[0]).toMatchObject({ appealStatus: 'ACCEPTED', effectiveAmount: 0, percent: 50 });
});
