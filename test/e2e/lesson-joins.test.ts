import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { recordEndedLessons } from '../../functions/lesson-history/job';
import { newId } from '../../functions/lib/ids';
import { getLessonHistory } from '../../functions/repositories/lesson-history';
import type { LessonRecord } from '../../functions/repositories/lessons';
import { apiClient, demo } from '../support/api-client';
import { placeDemoLesson } from '../support/lessons';
import { browserStackPerFile, screenshot } from './support/browser';

const browser = browserStackPerFile();
const COURSE = 'course-demo-igcse-maths';

/** A lesson of the demo course under way now (placed in the table: booking refuses past starts). */
function runningLesson(): Promise<LessonRecord> {
  const _id = newId();
  return placeDemoLesson({
    _id,
    title: 'Lesson under way',
    start: -5,
    minutes: 60,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
    joinUrl: browser.portalUrl(`/waiting-room/${_id}`),
  });
}

it('records a student’s join from the waiting room once the tutor started, and shows it in the admin lesson history', async () => {
  // Prepare
  const lesson = await runningLesson();
  const page = await browser.signedInPage(demo.student, `/portal/courses/${COURSE}`);
  const row = page.getByTestId('lesson-row').filter({ hasText: 'Lesson under way' });
  const join = row.getByRole('button', { name: 'Join lesson' });
  await join.waitFor();
  expect(await join.isDisabled()).toBe(false);

  // Act: Join opens the lesson's waiting room in a new tab; the tutor starts the lesson (here by the API)
  const [room] = await Promise.all([page.waitForEvent('popup'), join.click()]);
  await room.waitForURL(new RegExp(`/waiting-room/${lesson._id}$`));
  const api = apiClient(browser.stack().apiUrl);
  const tom = await api.signIn(demo.tutor.email, demo.tutor.password);
  expect((await api.call('meetings.start', { ...tom, body: { waitingId: lesson._id } })).status).toBe(200);
  const joinedAfter = Date.now();
  const [meeting] = await Promise.all([
    room.waitForEvent('popup'),
    room.getByRole('button', { name: 'Join the lesson' }).click(),
  ]);

  // Assess: the tab goes to the lesson's meeting
  await meeting.waitForURL(new RegExp(`/meeting-room/${lesson._id}$`));

  // Act: the lesson ends and the job writes its history row; an admin opens the lesson history
  await recordEndedLessons('demo', new Date(Date.parse(lesson.end) + 60_000));
  const admin = await browser.signedInPage(demo.admin, '/admin/lesson-history');
  await admin.getByRole('heading', { name: 'Lesson history' }).waitFor();

  // Assess: the student's join in the admin's zone (Asia/Singapore, from their profile), five minutes late
  const stored = await getLessonHistory('demo', lesson._id);
  expect(stored?.tutorJoinTime).toBeNull();
  expect(Date.parse(stored!.studentJoinTime!)).toBeGreaterThanOrEqual(joinedAfter - 1000);
  const historyRow = admin.getByRole('row').filter({ hasText: stored!.referenceKey });
  await historyRow.waitFor();
  const text = (await historyRow.textContent()) ?? '';
  expect(text).toContain(
    DateTime.fromISO(stored!.studentJoinTime!, { zone: 'Asia/Singapore' }).toFormat('yyyy LLL dd, hh:mm a'),
  );
  expect(text).toMatch(/[5-7] Min Late/);
  await screenshot(admin, 'admin-lesson-history');

  // Act: the admin marks the tutor paid for this lesson (the bulk action on the checked rows)
  await historyRow.getByRole('checkbox', { name: /^Select / }).check({ force: true });
  await admin.getByText('1 selected').waitFor();
  await admin.getByLabel('Tutor payment status').selectOption({ label: 'Paid' });
  await admin.getByRole('button', { name: 'Set tutor payment status' }).click();

  // Assess
  await admin.getByText('Tutor payment status updated!').waitFor();
  await historyRow.getByText('Paid', { exact: true }).waitFor();
  expect((await getLessonHistory('demo', lesson._id))?.tutorPaymentStatus).toBe('PAID');
});
