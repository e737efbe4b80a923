import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { newId } from '../../functions/lib/ids';
import type { LessonRecord } from '../../functions/repositories/lessons';
import { apiClient, demo } from '../support/api-client';
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

  // Assess: Sam is in the local meeting room, and the room says so (pushed over the socket)
  const tile = (tab: Page, name: string) => tab.getByTestId('meeting-room-person').filter({ hasText: name });
  await tile(meeting, 'Sam Student (you)').waitFor({ timeout: 5_000 });

  // Act: Tom joins from his waiting room
  const [tutorMeeting] = await Promise.all([
    tutorRoom.waitForEvent('popup'),
    tutorRoom.getByRole('button', { name: 'Join the lesson' }).click(),
  ]);

  // Assess: both see both, without a reload
  await tile(tutorMeeting, 'Tom Turing (you)').waitFor({ timeout: 5_000 });
  await tile(tutorMeeting, 'Sam Student').waitFor({ timeout: 5_000 });
  await tile(meeting, 'Tom Turing').waitFor({ timeout: 5_000 });
  expect(await meeting.getByTestId('meeting-room-person').count()).toBe(2);
  expect(await errorToasts(meeting).count()).toBe(0);
  await screenshot(meeting, 'meeting-room-desktop');
  await meeting.setViewportSize({ width: 390, height: 844 });
  expect(await meeting.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(meeting, 'meeting-room-phone');

  // Act: Sam leaves with Leave
  await meeting.getByTestId('meeting-room-leave').click();

  // Assess: Sam is back in the waiting room; Tom's meeting room shows him alone; the rooms show Sam left
  await meeting.waitForURL(new RegExp(`/waiting-room/${lesson._id}$`));
  await expect
    .poll(() => tutorMeeting.getByTestId('meeting-room-person').count(), { timeout: 5_000 })
    .toBe(1);
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

it('a lesson both joined in the meeting room shows both join times and the chip in the lesson history', async () => {
  // Prepare: a lesson of Grace's with Sam ending within a minute and a half (Tom's time is taken by the lessons
  // above), started by Grace
  const grace = { email: 'tutor2@demo.test', password: 'Demo-tutor-2' };
  const lesson = await placeDemoLesson({
    title: 'Last-minute review',
    // Ends 30 to 90 s from now (starts are floored to the minute): never before it can be started
    start: -43.5,
    minutes: 45,
    tutorId: 'demo-tutor-2',
    studentIds: ['demo-student-1'],
  });
  const started = await apiClient(browser.stack().apiUrl).call('meetings.start', {
    ...(await apiClient(browser.stack().apiUrl).signIn(grace.email, grace.password)),
    body: { waitingId: lesson._id },
  });
  expect(started.status).toBe(200);

  // Act: both enter the lesson's meeting room
  const tutor = await browser.signedInPage(grace, `/meeting-room/${lesson._id}`);
  const sam = await browser.signedInPage(demo.student, `/meeting-room/${lesson._id}`);
  await expect.poll(() => tutor.getByTestId('meeting-room-person').count(), { timeout: 10_000 }).toBe(2);
  await expect.poll(() => sam.getByTestId('meeting-room-person').count(), { timeout: 10_000 }).toBe(2);

  // ...the lesson ends and the lesson-history job runs: the stack's clock (it runs in this process) a minute
  // past the lesson's end, rather than the journey waiting for it
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(lesson.end) + 60_000 });
  try {
    browser.stack().bus.triggerSchedule('lesson-history');
    await browser.stack().bus.idle();
  } finally {
    vi.useRealTimers();
  }

  // Assess: Sam's own lesson history: the lesson with both join times and the timing chip
  const history = await browser.signedInPage(demo.student, '/portal/lesson-history');
  // By the entry's id: the reference key is the id's first 8 characters (spec 001), shared by the lessons
  // other journeys placed within the same seconds
  const row = history.locator(`[data-testid="my-lesson-history-row"][data-entry-id="${lesson._id}"]`);
  await row.waitFor();
  expect(await row.textContent()).toContain(`Ref ${(lesson.eventId ?? lesson._id).slice(0, 8)}`);
  const joins = await row.getByTestId('my-lesson-history-joins').textContent();
  expect(joins).toMatch(/Tutor joined \d\d:\d\d [AP]M · First student joined \d\d:\d\d [AP]M/);
  expect(await row.getByTestId('class-timing').textContent()).toMatch(/Min Late|On Time/);
  await screenshot(history, 'lesson-history-student');

  // Assess: a tutor opening the back-office's lesson history lands on her own, not on "No access"
  const tutorHistory = await browser.signedInPage(grace, '/admin/lesson-history');
  await tutorHistory.waitForURL(/\/portal\/lesson-history$/);
  await tutorHistory.getByTestId('my-lesson-history-row').first().waitFor();

  // Assess: the admin's attendance history lists both with their join times
  const admin = await browser.signedInPage(demo.admin, '/admin/lesson-history');
  await admin.locator(`button[data-entry-id="${lesson._id}"]`).click();
  await expect.poll(() => admin.getByTestId('lesson-attendance-row').count(), { timeout: 10_000 }).toBe(2);
  const rows = await admin.getByTestId('lesson-attendance-row').allTextContents();
  expect(rows[0]).toMatch(/Grace Hopper.*Tutor.*\d\d:\d\d [AP]M/);
  expect(rows[1]).toMatch(/Sam Student.*Student.*\d\d:\d\d [AP]M/);
  await screenshot(admin, 'lesson-history-attendance', { fullPage: false });
});
