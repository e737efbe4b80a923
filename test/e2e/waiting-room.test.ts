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

it('a student waits, the tutor starts, and the student gets the join link pushed, with no reload', async () => {
  // Prepare
  const lesson = await lessonStartingSoon('Quadratics warm-up');
  const page = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`);
  const join = page
    .getByTestId('lesson-row')
    .filter({ hasText: 'Quadratics warm-up' })
    .getByRole('button', { name: 'Join lesson' });
  await join.waitFor();
  expect(await join.isDisabled()).toBe(false);

  // Act: Join opens the lesson's waiting room in a new tab
  const [room] = await Promise.all([page.waitForEvent('popup'), join.click()]);

  // Assess: the room of that lesson, Sam waiting, Tom not here yet, no join link before the start
  await room.waitForURL(new RegExp(`/waiting-room/${lesson._id}$`));
  await room.getByRole('heading', { level: 1, name: 'Quadratics warm-up' }).waitFor();
  await room.getByText('Waiting for your tutor').waitFor();
  const person = (tab: Page, name: string) => tab.getByTestId('room-person').filter({ hasText: name });
  await person(room, 'Sam Student')
    .getByText(/^Waiting since \d\d:\d\d [AP]M$/)
    .waitFor();
  expect(await person(room, 'Tom Turing').textContent()).toContain('Not here yet');
  expect(await room.getByRole('button', { name: 'Join the lesson' }).count()).toBe(0);
  expect(await room.getByRole('button', { name: 'Start the lesson' }).count()).toBe(0);
  expect(await room.getByRole('link', { name: 'IGCSE Mathematics' }).getAttribute('href')).toBe(
    `/learning-portal/portal/courses/${COURSE}`,
  );
  expect(await room.getByTestId('room-when').textContent()).toContain('45 min');
  expect(await room.getByText('Page not found').count()).toBe(0);
  expect(await errorToasts(room).count()).toBe(0);
  await room.getByTestId('room-present').filter({ hasText: 'Sam Student (you)' }).waitFor();
  expect(await room.getByTestId('room-present').count()).toBe(1);
  await screenshot(room, 'waiting-room-student');
  // Every later change must come by the socket: a reload would lose this mark, and no read is made again.
  await room.waitForLoadState('networkidle');
  await room.evaluate(() => {
    Reflect.set(window, 'roomNeverReloaded', true);
  });
  const meetingReads: string[] = [];
  room.on('request', (request) => {
    if (request.url().includes('/meeting-data/')) meetingReads.push(request.url());
  });

  // Act: the tutor opens his room from his own course page
  const tutor = await browser.signedInPage(demo.tutor, `/portal/courses/${COURSE}`);
  const tutorJoin = tutor
    .getByTestId('lesson-row')
    .filter({ hasText: 'Quadratics warm-up' })
    .getByRole('button', { name: 'Join lesson' });
  const [tutorRoom] = await Promise.all([tutor.waitForEvent('popup'), tutorJoin.click()]);

  // Assess: Tom is told Sam waits; Sam's room hears Tom arrive, at once
  await tutorRoom.getByText('Your student is waiting').waitFor();
  await person(room, 'Tom Turing')
    .getByText(/^Waiting since /)
    .waitFor({ timeout: 5_000 });
  await room.getByText('Your tutor is here').waitFor({ timeout: 5_000 });
  await expect
    .poll(() => tutorRoom.getByTestId('room-present').allTextContents(), { timeout: 5_000 })
    .toEqual(['Sam StudentStudent', 'Tom Turing (you)Tutor']);
  await screenshot(tutorRoom, 'waiting-room-tutor');

  // Act: the tutor starts the lesson
  const startedAt = Date.now();
  await tutorRoom.getByRole('button', { name: 'Start the lesson' }).click();

  // Assess: Sam's room shows the join link, pushed, without a reload or a new read
  const samJoin = room.getByRole('button', { name: 'Join the lesson' });
  await samJoin.waitFor({ timeout: 5_000 });
  const pushedWithinMs = Date.now() - startedAt;
  expect(pushedWithinMs).toBeLessThan(5_000);
  await room.getByText('The meeting is open').waitFor();
  expect(await room.evaluate(() => Reflect.get(window, 'roomNeverReloaded'))).toBe(true);
  expect(meetingReads).toEqual([]);
  await screenshot(room, 'waiting-room-started');

  // Act: Sam joins: the meeting opens in a new tab
  const [meeting] = await Promise.all([room.waitForEvent('popup'), samJoin.click()]);

  // Assess: the local meeting room of the lesson; both rooms show Sam in the lesson
  await meeting.waitForURL(new RegExp(`/meeting-room/${lesson._id}$`));
  await meeting.getByRole('heading', { level: 1, name: 'Quadratics warm-up' }).waitFor();
  await person(room, 'Sam Student')
    .getByText(/^In the lesson since /)
    .waitFor({ timeout: 5_000 });
  await person(tutorRoom, 'Sam Student')
    .getByText(/^In the lesson since /)
    .waitFor({ timeout: 5_000 });
  expect(await room.getByTestId('class-timing').textContent()).toBe('On Time');
  expect(await errorToasts(room).count()).toBe(0);
  expect(await errorToasts(tutorRoom).count()).toBe(0);
  await screenshot(tutorRoom, 'waiting-room-tutor-started');
  console.info(`waiting room: start to the student's join link ${pushedWithinMs} ms`);
});

it('tells a user who is not in the lesson that there is no lesson for them, with one toast', async () => {
  // Prepare
  const lesson = await lessonStartingSoon('Private lesson', 120);

  // Act
  const page = await browser.signedInPage(demo.student3, `/waiting-room/${lesson._id}`);

  // Assess: a clear message with the way to the user's courses; the lesson's details stay hidden
  await page.getByRole('heading', { level: 1, name: 'This waiting room is not yours' }).waitFor();
  await page.getByRole('link', { name: 'Go to my courses' }).waitFor();
  // The server's own message (spec 001 section 8)
  expect(await page.getByTestId('waiting-room-error').textContent()).toBe(
    "Only this lesson's tutor, its students and admins can enter its waiting room",
  );
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
