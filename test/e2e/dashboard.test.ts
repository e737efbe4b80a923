import { expect, it } from 'vitest';
import { apiClient, demo } from '../support/api-client';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();

const LINEAR = '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations';
const SIMULTANEOUS = '/cambridge-igcse/mathematics/algebra-and-graphs/simultaneous-equations';

it('a new student onboards in four steps and lands on a dashboard of their subjects', async () => {
  const page = await browser.signedInPage(demo.student3, '/dashboard');
  await page.getByText('Tell us about your studies').waitFor();
  await screenshot(page, 'dashboard-before-onboarding');
  await page.getByRole('link', { name: 'Start' }).click();
  await page.waitForURL(/\/onboarding$/);

  // Step 1 to 4
  await page.getByText('Step 1 of 4: Curriculum').waitFor();
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Cambridge IGCSE' }).click();
  await screenshot(page, 'onboarding-curriculum');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Grade 10' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Mathematics (0580)' }).click();
  await page.getByRole('button', { name: 'Physics (0625)' }).click();
  await page.getByRole('button', { name: 'Physics (0625)', pressed: true }).waitFor();
  await screenshot(page, 'onboarding-subjects');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Prepare for exams' }).click();
  await page.getByRole('button', { name: 'Save and go to my dashboard' }).click();

  // Assess: the dashboard opens on the chosen curriculum with a ring per chosen subject
  await page.waitForURL(/\/dashboard$/);
  await page.getByText('Details updated successfully!').waitFor();
  await page.getByRole('img', { name: 'Mathematics: 0% complete', exact: true }).waitFor();
  await page.getByRole('img', { name: 'Physics: 0% complete', exact: true }).waitFor();
  expect(await page.getByTestId('subject-card').count()).toBe(2);
  expect(await page.getByLabel('Curriculum').inputValue()).toBe('Cambridge IGCSE');
  expect(await page.getByText('Tell us about your studies').count()).toBe(0);
  await screenshot(page, 'dashboard-after-onboarding');
});

it('a student reads two sub-topics, marks one done, and the dashboard charts show it', async () => {
  // Act: the first sub-topic is opened and marked done
  const page = await browser.signedInPage(demo.student3, LINEAR);
  const strip = page.getByTestId('sub-topic-learning');
  await strip.getByText('In progress').waitFor();
  await strip.getByRole('button', { name: 'Mark as done' }).click();
  await strip.getByText('Done', { exact: true }).waitFor();
  await strip.getByText(/^100% · read \d of 3 pages/).waitFor();
  await screenshot(page, 'sub-topic-marked-done');

  // A question about page 2 goes into a study session
  await strip.getByRole('button', { name: 'Ask a question about this sub-topic' }).click();
  await strip.getByLabel('Page').selectOption('2');
  await strip.getByLabel('Your question').fill('Why multiply every term by the same number?');
  await strip.getByRole('button', { name: 'Save question' }).click();
  await page.getByText('Question saved to your study session').waitFor();

  // The page is bookmarked
  await strip.getByRole('button', { name: 'Bookmark' }).click();
  await page.getByText(/^Bookmarked page \d$/).waitFor();

  // A broken link is reported from the same strip: nothing is chosen until the reader says what
  await strip.getByRole('button', { name: 'Report a broken link' }).click();
  const report = page.getByRole('dialog');
  const target = report.getByLabel('What does not work?');
  expect(await target.inputValue()).toBe('');
  await report.getByRole('button', { name: 'Send report' }).click();
  await report.getByText('Choose what does not work').waitFor();
  expect(await target.locator('optgroup[label="Videos"] option').allTextContents()).toEqual([
    'Solving linear equations step by step',
    'Equations with unknowns on both sides',
  ]);
  await target.selectOption({ label: 'Practice worksheet (30 questions)' });
  await report.getByRole('button', { name: 'Send report' }).click();
  // The dialog closes once the report is stored
  await report.waitFor({ state: 'detached' });
  await page.getByText('Issue reported successfully!').first().waitFor();

  // A video can be named too
  await strip.getByRole('button', { name: 'Report a broken link' }).click();
  expect(await target.inputValue()).toBe('');
  await target.selectOption({ label: 'Solving linear equations step by step' });
  await report.getByLabel(/^Details/).fill('The video stops after a minute');
  await screenshot(page, 'report-broken-video');
  await report.getByRole('button', { name: 'Send report' }).click();
  await report.waitFor({ state: 'detached' });

  // The second sub-topic is only opened: the pages in view count as read (how many depends on the
  // screen). Each page's answer is shown as it arrives, so the strip has settled when it shows what the
  // server holds (at least one page), whatever the order the answers came back in.
  const api = apiClient(browser.stack().apiUrl);
  const resolve = (path: string) =>
    api.call<{ subTopic: { _id: string }; topic: { _id: string } }>('curriculums.resolvePath', {
      query: { path },
    });
  const leo = await api.signIn(demo.student3.email, demo.student3.password);
  const linear = await resolve(LINEAR);
  const simultaneous = (await resolve(SIMULTANEOUS)).body;
  const serverEntry = async () => {
    const subject = await api.call<{
      topics: Array<{ subTopics: Array<{ subTopicId: string; pagesViewed: number; percent: number }> }>;
    }>('progress.subject', { token: leo.token, body: { subjectCode: '0580', subjectLevel: 'IGCSE' } });
    return subject.body.topics
      .flatMap((t) => t.subTopics)
      .find((entry) => entry.subTopicId === simultaneous.subTopic._id);
  };
  await page.goto(browser.portalUrl(SIMULTANEOUS));
  const reading = strip.getByText(/^\d+% · read \d+ of \d+ pages?$/);
  const shownPages = async () =>
    Number(/ · read (\d+) of/.exec((await reading.textContent()) ?? '')?.[1] ?? 0);
  await expect
    .poll(async () => ({ shown: await shownPages(), server: (await serverEntry())?.pagesViewed }), {
      timeout: 30_000,
    })
    .toSatisfy(({ shown, server }) => shown >= 1 && shown === server);

  // A quiz score for the first one (quizzes record scores through the same progress call)
  await api.call('progress.record', {
    token: leo.token,
    body: { subTopicId: linear.body.subTopic._id, score: 85 },
  });
  const topics = await api.call<{ docs: Array<{ _id: string; subTopics: unknown[] }> }>('topics.getTopics', {
    body: { subjectCode: '0580', subjectLevel: 'IGCSE' },
  });
  const subTopicCount = topics.body.docs.reduce((sum, t) => sum + t.subTopics.length, 0);

  // Assess: rings, topic bars and score bars carry the values (the second sub-topic as the server holds it
  // once its page is left)
  await page.goto(browser.portalUrl('/dashboard'));
  const readPercent = (await serverEntry())?.percent ?? 0;
  expect(readPercent).toBeGreaterThan(0);
  expect(readPercent).toBeLessThanOrEqual(90);
  const progressSum = 100 + readPercent;
  const mathsPercent = Math.round(progressSum / subTopicCount);
  const algebra = topics.body.docs.find((t) => t._id === simultaneous.topic._id)!;
  const algebraPercent = Math.round(progressSum / algebra.subTopics.length);
  await page.getByRole('img', { name: `Mathematics: ${mathsPercent}% complete` }).waitFor();
  const topicBar = page.locator(`[data-testid="bar"][aria-label="Algebra and graphs: ${algebraPercent}%"]`);
  expect(await topicBar.count()).toBe(1);
  const scoreBar = page.locator('[data-testid="bar"][aria-label="Algebra and graphs: 85%"]');
  expect(await scoreBar.count()).toBe(1);
  await page.getByText('Average score 85% · Good').waitFor();
  await page.getByText(`${mathsPercent}% complete`, { exact: true }).waitFor();
  const sessions = page.getByRole('region', { name: 'Recent study sessions' });
  await sessions.getByText('Linear equations').waitFor();
  await sessions.getByLabel('1 question asked').waitFor();
  await page.getByRole('region', { name: 'Bookmarks' }).getByText('Linear equations').waitFor();
  await screenshot(page, 'dashboard-with-progress');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await screenshot(page, 'dashboard-with-progress-dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();

  // The curriculum choice is kept in local storage across reloads
  await page.getByLabel('Curriculum').selectOption('IB Diploma');
  // IB subjects: none studied or chosen at onboarding, so every one of them gets a ring.
  await page.getByRole('img', { name: 'Economics: 0% complete' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('selectedDashboardCurriculum'))).toBe('IB Diploma');
  await page.reload();
  await page.getByRole('img', { name: 'Economics: 0% complete' }).waitFor();
  expect(await page.getByLabel('Curriculum').inputValue()).toBe('IB Diploma');
  await page.getByLabel('Curriculum').selectOption('Cambridge IGCSE');
  await page.getByRole('img', { name: `Mathematics: ${mathsPercent}% complete` }).waitFor();
});

it("a parent chooses among their children; a free plan's used-up slide views are shown on the page", async () => {
  // Prepare: a tiny free plan, so Maya's first page uses it up
  const api = apiClient(browser.stack().apiUrl);
  const admin = await api.signIn(demo.admin.email, demo.admin.password);
  await api.call('usage.updateSettings', { token: admin.token, body: { slideViews: 1 } });

  const maya = await browser.signedInPage(demo.student2, LINEAR);
  await maya.getByTestId('sub-topic-learning').getByText('In progress').waitFor();
  await maya.goto(browser.portalUrl(SIMULTANEOUS));
  await maya.getByText('Free plan limit reached').first().waitFor();
  await maya
    .getByText(/You have used all 1 slide view of your free plan this month/)
    .first()
    .waitFor();
  await screenshot(maya, 'sub-topic-usage-limit');

  const page = await browser.signedInPage(demo.parent, '/dashboard');
  await page.getByRole('heading', { name: "Sam's learning" }).waitFor();
  await page.getByLabel('Learner').selectOption({ label: 'Maya Student' });
  await page.getByRole('heading', { name: "Maya's learning" }).waitFor();
  await page
    .getByRole('img', { name: /^Mathematics: \d+% complete$/ })
    .first()
    .waitFor();
  await screenshot(page, 'dashboard-parent');
});

it('the back-office sees the reported broken link and resolves it', async () => {
  const page = await browser.signedInPage(demo.admin, '/admin/report-issues');
  const row = page.getByRole('row').filter({ hasText: 'Broken link: Practice worksheet (30 questions)' });
  await row.waitFor();
  expect(await row.getByText('Leo Learner').count()).toBe(1);
  await page
    .getByRole('row')
    .filter({ hasText: 'Broken video: Solving linear equations step by step' })
    .waitFor();
  await screenshot(page, 'admin-reported-issues');
  await row.getByRole('button', { name: 'Mark resolved' }).click();
  await page.getByText('Issue resolved!').waitFor();
  await row.waitFor({ state: 'detached' });
});

it("a tutor opens their student's dashboard from the students list", async () => {
  const page = await browser.signedInPage(demo.tutor, '/dashboard');
  // Tom teaches Sam only: the list holds him, and his dashboard opens first.
  await page.getByRole('heading', { name: "Sam's learning" }).waitFor();
  expect(await page.getByLabel('Student').locator('option').allTextContents()).toEqual(['Sam Student']);
  await page.getByLabel('Find a student').fill('maya');
  await page
    .getByLabel('Student')
    .locator('option', { hasText: 'No students found' })
    .waitFor({ state: 'attached' });
  await page.getByRole('img', { name: 'Mathematics: 0% complete', exact: true }).waitFor();
  expect(await page.getByRole('region', { name: "This month's usage" }).count()).toBe(0);
  await screenshot(page, 'dashboard-tutor');
});
