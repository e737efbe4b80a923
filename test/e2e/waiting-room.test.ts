import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newId } from '../../functions/lib/ids';
import type { LessonRecord } from '../../functions/repositories/lessons';
import { demo } from '../support/api-client';
import { placeDemoLesson } from '../support/lessons';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE = 'course-demo-igcse-maths';

/**
 * A lesson of the demo course with Tom and Sam starting in a few minutes (its join window is open), or later
 * (each test its own time: Tom's slots are booked by a conditional write).
 */
function lessonStartingSoon(
  title: string,
  inMinutes = 5,
  status: LessonRecord['status'] = 'ACTIVE',
): Promise<LessonRecord> {
  const _id = newId();
  return placeDemoLesson({
    _id,
    title,
    status,
    start: inMinutes,
    minutes: 45,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
    joinUrl: browser.portalUrl(`/waiting-room/${_id}`),
  });
}

const errorToasts = (page: Page) => page.locator('[data-testid="toast-error"]');

it('a student’s Join opens the lesson’s waiting room, which lists them as joined', async () => {
  // Prepare
  const lesson = await lessonStartingSoon('Quadratics warm-up');
  const page = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`);
  const join = page
    .getByTestId('lesson-row')
    .filter({ hasText: 'Quadratics warm-up' })
    .getByRole('button', { name: 'Join lesson' });
  await join.waitFor();
  expect(await join.isDisabled()).toBe(false);

  // Act: join (the meeting opens in a new tab)
  const [room] = await Promise.all([page.waitForEvent('popup'), join.click()]);

  // Assess: the waiting room of that lesson, with its course, people and Sam's join
  await room.waitForURL(new RegExp(`/waiting-room/${lesson._id}$`));
  await room.getByRole('heading', { level: 1, name: 'Quadratics warm-up' }).waitFor();
  await room.getByText('Waiting for your tutor').waitFor();
  const sam = room.getByTestId('room-person').filter({ hasText: 'Sam Student' });
  await sam.getByText(/^Joined at \d\d:\d\d [AP]M$/).waitFor();
  const tom = room.getByTestId('room-person').filter({ hasText: 'Tom Turing' });
  expect(await tom.textContent()).toContain('Not joined yet');
  expect(await room.getByRole('link', { name: 'IGCSE Mathematics' }).getAttribute('href')).toBe(
    `/learning-portal/portal/courses/${COURSE}`,
  );
  expect(await room.getByTestId('room-when').textContent()).toContain('45 min');
  expect(await room.getByTestId('class-timing').textContent()).toBe('On Time');
  expect(await room.getByText('Page not found').count()).toBe(0);
  expect(await errorToasts(room).count()).toBe(0);
  // Who has the room open now, pushed over the WebSocket: Sam alone so far.
  await room.getByTestId('room-present').filter({ hasText: 'Sam Student (you)' }).waitFor();
  expect(await room.getByTestId('room-present').count()).toBe(1);
  await screenshot(room, 'waiting-room-student');

  // Act: the tutor joins from his own course page
  const tutor = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`);
  const tutorJoin = tutor
    .getByTestId('lesson-row')
    .filter({ hasText: 'Quadratics warm-up' })
    .getByRole('button', { name: 'Join lesson' });
  const [tutorRoom] = await Promise.all([tutor.waitForEvent('popup'), tutorJoin.click()]);

  // Assess: Tom's room says his student is there; Sam's room sees Tom within a refresh (15 seconds)
  await tutorRoom.getByText('Your student has joined').waitFor();
  // Pushed at once to Sam's room (well inside the 15-second re-read): Tom is in the room too.
  await room.getByTestId('room-present').filter({ hasText: 'Tom Turing' }).waitFor({ timeout: 5_000 });
  await expect
    .poll(() => tutorRoom.getByTestId('room-present').allTextContents(), { timeout: 5_000 })
    .toEqual(['Sam StudentStudent', 'Tom Turing (you)Tutor']);
  await screenshot(room, 'waiting-room-presence');
  await screenshot(tutorRoom, 'waiting-room-tutor');
  await tom.getByText(/^Joined at /).waitFor({ timeout: 25_000 });
  await room.getByText('Your tutor is here').waitFor();
});

it('tells a user who is not in the lesson that there is no lesson for them, with one toast', async () => {
  // Prepare
  const lesson = await lessonStartingSoon('Private lesson', 120);

  // Act
  const page = await browser.signedInPage(demo.student3, `/waiting-room/${lesson._id}`);

  // Assess: a clear message with the way to the user's courses; the lesson's details stay hidden
  await page.getByRole('heading', { level: 1, name: 'Lesson not found' }).waitFor();
  await page.getByRole('link', { name: 'Go to my courses' }).waitFor();
  expect(await page.getByText('Private lesson').count()).toBe(0);
  await errorToasts(page).first().waitFor();
  // No second toast from polling or retries: every request the page made has been answered
  await page.waitForLoadState('networkidle');
  expect(await errorToasts(page).count()).toBe(1);
  await screenshot(page, 'waiting-room-not-found');
});

it('says a cancelled lesson was cancelled, with the way back to the course', async () => {
  // Prepare: a cancelled lesson of Sam's
  const lesson = await lessonStartingSoon('Cancelled revision', 240, 'CANCELLED');
  const page = await browser.signedInPage(demo.student, `/waiting-room/${lesson._id}`);

  // Assess
  await page.getByText('This lesson was cancelled').waitFor();
  await page.getByRole('link', { name: 'Back to the course', exact: true }).waitFor();
  expect(await page.getByTestId('room-person').count()).toBe(0);
  await screenshot(page, 'waiting-room-cancelled');
});

it('says an ended lesson has ended, shows who joined and leads back to the course', async () => {
  // Prepare: a lesson of Sam's that ended a quarter of an hour ago
  const lesson = await lessonStartingSoon('Finished lesson', -60);
  const page = await browser.signedInPage(demo.student, `/waiting-room/${lesson._id}`);

  // Assess
  await page.getByText('This lesson has ended').waitFor();
  await page.getByRole('heading', { name: 'Who joined' }).waitFor();
  expect(await page.getByTestId('class-timing').textContent()).toBe('Missed');
  expect(await page.getByTestId('room-person').filter({ hasText: 'Sam Student' }).textContent()).toContain(
    'Did not join',
  );
  await screenshot(page, 'waiting-room-ended');
  await page.getByRole('link', { name: 'Back to the course', exact: true }).click();
  await page.waitForURL(new RegExp(`/portal/courses/${COURSE}$`));
  await page.getByTestId('lesson-row').first().waitFor();
  await screenshot(page, 'waiting-room-ended-back-to-course');
});
