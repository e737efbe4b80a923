import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { placeDemoLesson } from '../support/lessons';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE = 'course-demo-igcse-maths';

/** A lesson of Tom's with Sam about `minutes` from now, moved on by 90 minutes while that time is taken. */
async function lessonOfTom(title: string, minutes: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await placeDemoLesson({
        title,
        start: minutes + attempt * 90,
        minutes: 60,
        tutorId: 'demo-tutor-1',
        studentIds: ['demo-student-1'],
      });
    } catch (error) {
      if (attempt >= 8) throw error;
    }
  }
}

it('after a lesson, the student rates the tutor and the tutor gives feedback on the student; the course shows the rating', async () => {
  // Prepare: a lesson of Tom's with Sam that ended yesterday, and one still to come
  await lessonOfTom('Vectors recap', -40 * 60);
  await lessonOfTom('Vectors next', 26 * 60);
  const sam = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`);
  const ended = sam.getByTestId('lesson-row').filter({ hasText: 'Vectors recap' });
  const upcoming = sam.getByTestId('lesson-row').filter({ hasText: 'Vectors next' });

  // Assess: only the lesson that took place can be rated
  await ended.getByRole('button', { name: 'Rate lesson' }).waitFor();
  expect(await upcoming.getByRole('button', { name: 'Rate lesson' }).count()).toBe(0);

  // Act: Sam rates it 4 stars, with what went well and a comment
  await ended.getByRole('button', { name: 'Rate lesson' }).click();
  let dialog = sam.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await dialog.getByText('Choose a rating from 1 to 5').waitFor();
  await dialog.getByText('4 stars').click();
  await dialog.getByText('Clear explanations').click();
  await dialog.getByLabel('Comment').fill('The diagrams made it click');
  await screenshot(sam, 'lesson-feedback-student-dialog');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await sam.getByText('Tutor feedback created').waitFor();

  // Assess: the row shows the stars given, and the course its tutor's rating
  await ended.getByRole('img', { name: '4 out of 5' }).waitFor();
  await sam.reload();
  await sam.getByLabel(/^Rated \d(\.\d)? out of 5 by \d+$/).waitFor();
  await screenshot(sam, 'lesson-feedback-student-course');

  // Act: Tom gives feedback on Sam for the same lesson
  const tom = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`);
  const tomsRow = tom.getByTestId('lesson-row').filter({ hasText: 'Vectors recap' });
  await tomsRow.getByRole('button', { name: 'Feedback on students' }).click();
  dialog = tom.getByRole('dialog');
  expect(await dialog.getByLabel('Student').inputValue()).toBe('demo-student-1');
  await dialog.getByText('5 stars').click();
  await dialog.getByText('Homework done').click();
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await tom.getByText('Student feedback created').waitFor();
  await tomsRow.getByText('1 given').waitFor();

  // On a phone the dialog fits the screen
  await tom.setViewportSize({ width: 390, height: 844 });
  await tomsRow.getByRole('button', { name: /Feedback on students/ }).click();
  await tom.getByRole('button', { name: 'Update feedback' }).waitFor();
  expect(await tom.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(tom, 'lesson-feedback-tutor-dialog-phone');

  // Act + Assess: the back-office reads both kinds and deletes Sam's rating
  const admin = await browser.signedInPage(demo.admin, '/admin/lesson-feedback');
  const samsRating = admin
    .getByRole('row', { name: /Sam Student/ })
    .filter({ hasText: 'The diagrams made it click' });
  await samsRating.getByText('Clear explanations').waitFor();
  await screenshot(admin, 'admin-lesson-feedback');
  await admin.getByRole('group', { name: 'Filters' }).getByLabel('Kind').selectOption('student');
  await admin.waitForURL(/\?kind=student$/);
  await admin
    .getByRole('row', { name: /Sam Student/ })
    .getByText('Homework done')
    .waitFor();
  await admin.goBack();
  await samsRating.getByRole('button', { name: 'Delete feedback' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('Feedback deleted').waitFor();
  await samsRating.waitFor({ state: 'detached' });
});
