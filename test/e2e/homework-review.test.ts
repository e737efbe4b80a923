import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE = 'course-demo-igcse-maths';

/** A time as the SPA shows it (web/src/lib/time-zone.ts formatDateTime) in the viewer's zone. */
const shown = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('yyyy LLL dd, hh:mm a');

it('lets a student hand in homework, the tutor review it, and the student read the review', async () => {
  // Prepare: homework set in the demo course (through the API, as an admin would in the section editor)
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const title = `Quadratics practice ${Date.now().toString(36)}`;
  const created = await api.call<{ _id: string }>('homeworks.create', {
    ...admin,
    body: {
      course: COURSE,
      title,
      homework: {
        instructions: 'Factorise the five quadratics on page 12 and show your working.',
        dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    },
  });
  expect(created.status).toBe(201);

  // Act: the student opens it from the course page and hands in an answer with a link
  // The two people are in different zones: each reads the times in their own.
  const studentZone = 'America/New_York';
  const tutorZone = 'Asia/Singapore';
  const student = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`, {
    timezoneId: studentZone,
  });
  await student.getByText(title).waitFor();
  await student
    .locator('div', { has: student.getByText(title, { exact: true }) })
    .getByRole('link', { name: 'Open homework' })
    .last()
    .click();
  await student.waitForURL(new RegExp(`/portal/courses/${COURSE}/homework/${created.body._id}$`));
  await student.getByRole('heading', { name: title }).waitFor();
  await student.getByText('Factorise the five quadratics').waitFor();
  await student.getByRole('button', { name: 'Submit homework' }).click();
  await student.getByText('Write an answer or attach a file').waitFor();
  await student.getByLabel('Your answer').fill('(x + 2)(x + 3), (x - 1)(x + 4) ...');
  await student.getByPlaceholder('https://…').fill('docs.example.com/my-working');
  await student.getByRole('button', { name: 'Add link' }).click();
  await student.getByRole('link', { name: 'https://docs.example.com/my-working' }).waitFor();
  await screenshot(student, 'homework-student-form');
  await student.getByRole('button', { name: 'Submit homework' }).click();
  await student.getByText('Homework Submitted').waitFor();
  const mine = student.getByTestId('my-submission');
  await mine.getByText('Awaiting review').waitFor();

  // Act: the student corrects it before the review
  await mine.getByRole('button', { name: 'Edit' }).click();
  await student.getByLabel('Your answer').fill('(x + 2)(x + 3), (x - 1)(x + 4), (2x + 1)(x - 5)');
  await student.getByRole('button', { name: 'Save changes' }).click();
  await student.getByText('Submission Updated').waitFor();
  await mine.getByText('(2x + 1)(x - 5)').waitFor();
  await screenshot(student, 'homework-student-submitted');

  // Act: the tutor opens the course, then the homework, and reviews Sam's work
  const tutor = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`, {
    timezoneId: tutorZone,
  });
  await tutor.getByText(title).waitFor();
  await tutor
    .locator('div', { has: tutor.getByText(title, { exact: true }) })
    .getByRole('link', { name: 'Open homework' })
    .last()
    .click();
  await tutor.getByRole('heading', { name: 'Submissions' }).waitFor();
  const submission = tutor.getByTestId('submission').filter({ hasText: 'Sam Student' });
  await submission.getByText('(2x + 1)(x - 5)').waitFor();
  await submission.getByRole('link', { name: 'https://docs.example.com/my-working' }).waitFor();
  await submission.getByLabel('Grade for Sam Student').fill('A-');
  await submission.getByLabel('Feedback for Sam Student').fill('Well done. Check the sign in the last one.');
  await screenshot(tutor, 'homework-tutor-review');
  await submission.getByRole('button', { name: 'Mark reviewed' }).click();
  await tutor.getByText('Review Saved').waitFor();
  await submission.getByText('Reviewed', { exact: true }).waitFor();

  // Assess: the tutor's row still says when the work was handed in, and says when it was reviewed
  const sam = await api.signIn(demo.student.email, demo.student.password);
  const [stored] = (
    await api.call<{ docs: Array<{ _id: string; submittedAt: string; reviewedAt: string | null }> }>(
      'homework.list',
      { ...sam, query: { section: created.body._id } },
    )
  ).body.docs;
  if (!stored?.reviewedAt) throw new Error('The reviewed submission has no review time');
  expect(Date.parse(stored.reviewedAt)).toBeGreaterThan(Date.parse(stored.submittedAt));
  await submission
    .getByTestId('handed-in-at')
    .getByText(`Handed in ${shown(stored.submittedAt, tutorZone)}`, { exact: true })
    .waitFor();
  await submission
    .getByTestId('reviewed-at')
    .getByText(`· Reviewed ${shown(stored.reviewedAt, tutorZone)}`)
    .waitFor();
  await screenshot(tutor, 'homework-tutor-reviewed');

  // Assess: the student sees the review and can no longer change the work
  await student.reload();
  const reviewed = student.getByTestId('my-submission');
  await reviewed.getByText('Reviewed', { exact: true }).waitFor();
  await reviewed.getByTestId('review').getByText('Grade: A-').waitFor();
  await reviewed.getByText('Well done. Check the sign in the last one.').waitFor();
  expect(await reviewed.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  expect(await reviewed.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
  await reviewed.getByText(`Handed in ${shown(stored.submittedAt, studentZone)}`, { exact: true }).waitFor();
  await reviewed.getByText(`· Reviewed ${shown(stored.reviewedAt, studentZone)}`).waitFor();
  await screenshot(student, 'homework-student-reviewed');
  await student.setViewportSize({ width: 390, height: 844 });
  await screenshot(student, 'homework-student-reviewed-phone');

  // And the server agrees: a reviewed submission cannot be edited.
  const list = await api.call<{ docs: Array<{ _id: string }> }>('homework.list', {
    ...sam,
    query: { section: created.body._id },
  });
  const change = await api.call<{ message: string }>('homework.update', {
    ...sam,
    params: { id: list.body.docs[0]!._id },
    body: { text: 'late change' },
  });
  expect(change.status).toBe(409);
});

it('lets a student withdraw work that is not reviewed yet', async () => {
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  const title = `Trigonometry drill ${Date.now().toString(36)}`;
  const created = await api.call<{ _id: string }>('homeworks.create', {
    ...admin,
    body: { course: COURSE, title, homework: { instructions: 'Ten questions.', dueAt: null } },
  });
  const page = await browser.signedInPage(
    demo.student,
    `/portal/courses/${COURSE}/homework/${created.body._id}`,
  );
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByText('No due date').waitFor();
  await page.getByLabel('Your answer').fill('All done.');
  await page.getByRole('button', { name: 'Submit homework' }).click();
  await page.getByText('Homework Submitted').waitFor();
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByText('Submission Deleted').waitFor();
  await page.getByRole('button', { name: 'Submit homework' }).waitFor();
});
