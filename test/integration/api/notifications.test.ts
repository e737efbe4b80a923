import { beforeAll, describe, expect, it } from 'vitest';
import { resetPushers, sentPushes } from '../../../functions/lib/push';
import { deliverNotification } from '../../../functions/notifications/deliver';
import { onLessonScheduled } from '../../../functions/notifications/events';
import { handler } from '../../../functions/notifications/handler';
import { reminderDraft } from '../../../functions/notifications/messages';
import { remindTenant } from '../../../functions/notifications/reminders';
import { putFcmToken } from '../../../functions/repositories/fcm-tokens';
import { type LessonRecord, lessonWrites } from '../../../functions/repositories/lessons';
import { notificationsRepository } from '../../../functions/repositories/notifications';
import { getUser } from '../../../functions/repositories/users';
import { writeTransaction } from '../../../functions/table/transactions';
import { readOutbox } from '../../../infra/local/mailbox';
import { eventEnvelope } from '../../../shared/events/catalogue';
import { ConflictError } from '../../../shared/http/errors';
import { lessonNotice } from '../../../shared/rules/lesson-notices';
import { demo } from '../../support/api-client';
import { busEvent } from '../../support/events';
import { placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let tutor: Session;
let sam: Session;
let maya: Session;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Far enough ahead that no seeded lesson of the demo tutors is near, on the 5-minute grid. */
let base = Math.ceil((Date.now() + 120 * DAY) / (5 * 60_000)) * 5 * 60_000;
const nextSlot = () => {
  base += 3 * HOUR;
  return new Date(base).toISOString();
};

const list = (session: Session, query: Json = {}) =>
  local.api.call<Json>('notifications.list', { ...session, query });
const notificationsAbout = async (session: Session, sectionId: string) =>
  ((await list(session, { limit: 100 })).body.docs as Json[]).filter((n) => n.sectionId === sectionId);
const mailsTo = async (email: string, sectionId: string) =>
  (await readOutbox(local.stack.outboxDir)).filter(
    (mail) =>
      mail.to === email && (mail.attachments ?? []).some((a) => a.content.includes(`UID:${sectionId}@`)),
  );

async function settled() {
  await local.stack.events.settled();
}

async function moveLesson(lesson: LessonRecord, changes: Partial<LessonRecord>): Promise<LessonRecord> {
  const after = { ...lesson, ...changes, updatedAt: new Date(Date.now() + 1000).toISOString() };
  const writes = await lessonWrites('demo', lesson, after, 'IGCSE Mathematics');
  await writeTransaction(writes.items, () => new ConflictError('changed'));
  return writes.written;
}

beforeAll(async () => {
  [tutor, sam, maya] = await Promise.all([
    local.api.signIn(demo.tutor.email, demo.tutor.password),
    local.api.signIn(demo.student.email, demo.student.password),
    local.api.signIn(demo.student2.email, demo.student2.password),
  ]);
});

describe('a lesson booked, moved and cancelled', () => {
  let lesson: LessonRecord;

  it('notifies the tutor and each student once, in-app and by e-mail with a REQUEST invite', async () => {
    // Act
    lesson = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 60,
      title: 'Notified lesson',
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1', 'demo-student-2'],
    });
    await settled();

    // Assess
    for (const session of [tutor, sam, maya]) {
      const found = await notificationsAbout(session, lesson._id);
      expect(found.map((n) => n.kind)).toEqual(['LESSON_SCHEDULED']);
      expect(found[0]).toMatchObject({ title: 'New lesson: Notified lesson', readAt: null });
    }
    const [mail, ...more] = await mailsTo(demo.student.email, lesson._id);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('New lesson: Notified lesson');
    const invite = mail!.attachments![0]!;
    expect(invite.contentType).toBe('text/calendar; charset=UTF-8; method=REQUEST');
    expect(invite.content).toContain('METHOD:REQUEST\r\n');
    expect(invite.content).toContain('SEQUENCE:0\r\n');
    expect(invite.content).toContain(`ATTENDEE;CN="`);
    expect(invite.content).toContain(`mailto:${demo.student.email}`);
    expect(await mailsTo(demo.tutor.email, lesson._id)).toHaveLength(1);
  });

  it('a duplicate delivery of the event gives no second notification or e-mail', async () => {
    // Prepare: the event as the bus would deliver it again, and the consumer run twice past its claim
    const notice = lessonNotice(undefined, lesson, 'IGCSE Mathematics', new Date().toISOString())!;
    const event = busEvent('LessonScheduled', { tenant: 'demo', ...notice.detail }, 'duplicate-event-1');
    const mailsBefore = (await readOutbox(local.stack.outboxDir)).length;

    // Act
    await handler(event, undefined as never);
    await handler(event, undefined as never);
    // Past the pipeline's claim: the consumer itself, as a retry after a lapsed claim would run it.
    await onLessonScheduled({
      type: 'LessonScheduled',
      eventId: 'duplicate-event-1',
      occurredAt: eventEnvelope.parse(event.detail).occurredAt,
      detail: { tenant: 'demo', ...notice.detail },
    });

    // Assess: one more notification each for the one event (not three), one more e-mail each
    const found = await notificationsAbout(sam, lesson._id);
    expect(found.filter((n) => n.kind === 'LESSON_SCHEDULED')).toHaveLength(2);
    const added = (await readOutbox(local.stack.outboxDir)).slice(0, -mailsBefore || undefined);
    const recipients = added.map((mail) => mail.to).sort();
    // The tutor, both students, and Sam's parent: each once.
    expect(recipients).toEqual(
      [demo.tutor.email, demo.student.email, demo.student2.email, demo.parent.email].sort(),
    );
  });

  it('a move notifies everyone with a REQUEST of the same UID and a higher SEQUENCE', async () => {
    // Act
    lesson = await moveLesson(lesson, {
      start: new Date(Date.parse(lesson.start) + HOUR).toISOString(),
      end: new Date(Date.parse(lesson.end) + HOUR).toISOString(),
    });
    await settled();

    // Assess
    const found = await notificationsAbout(maya, lesson._id);
    expect(found[0]).toMatchObject({ kind: 'LESSON_RESCHEDULED', title: 'Lesson moved: Notified lesson' });
    const invites = (await mailsTo(demo.student2.email, lesson._id)).map((m) => m.attachments![0]!.content);
    const moved = invites.find((text) =>
      text.includes(`DTSTART:${lesson.start.replace(/[-:]|\.\d{3}/g, '')}`),
    );
    expect(moved).toContain('METHOD:REQUEST');
    expect(Number(/SEQUENCE:(\d+)/.exec(moved!)![1])).toBeGreaterThan(0);
  });

  it('a student taken off is sent a cancellation; the others are not told', async () => {
    // Act
    lesson = await moveLesson(lesson, { studentIds: ['demo-student-1'] });
    await settled();

    // Assess
    expect((await notificationsAbout(maya, lesson._id))[0]).toMatchObject({ kind: 'LESSON_CANCELLED' });
    expect((await notificationsAbout(sam, lesson._id))[0]?.kind).toBe('LESSON_RESCHEDULED');
    const last = (await mailsTo(demo.student2.email, lesson._id))[0]!;
    expect(last.attachments![0]!.content).toContain('METHOD:CANCEL');
  });

  it('a cancellation sends a CANCEL of the same UID to those still in it', async () => {
    // Act
    lesson = await moveLesson(lesson, { status: 'CANCELLED' });
    await settled();

    // Assess
    expect((await notificationsAbout(sam, lesson._id))[0]).toMatchObject({ kind: 'LESSON_CANCELLED' });
    const cancel = (await mailsTo(demo.student.email, lesson._id))[0]!.attachments![0]!;
    expect(cancel.contentType).toBe('text/calendar; charset=UTF-8; method=CANCEL');
    expect(cancel.content).toContain('STATUS:CANCELLED');
    expect(cancel.content).toContain(`UID:${lesson._id}@demo.learning-platform`);
  });
});

describe('an answered request and a reviewed homework', () => {
  it('a rejected change request tells its requester, once', async () => {
    // Prepare: a group lesson far ahead, whose student's cancel waits for an admin
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    const lesson = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 60,
      title: 'Group lesson',
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1', 'demo-student-2'],
    });
    const asked = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: lesson._id },
      body: { reason: 'Sickness' },
    });
    expect(asked.body.status, JSON.stringify(asked.body)).toBe('PENDING');

    // Act
    const rejected = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'REJECT', adminNote: 'The group needs you' },
    });
    await settled();

    // Assess
    expect(rejected.status).toBe(200);
    const answered = (await notificationsAbout(sam, lesson._id)).filter(
      (n) => n.kind === 'LESSON_REQUEST_ANSWERED',
    );
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ title: 'Request rejected: Group lesson', link: '/portal/requests' });
    expect(answered[0]!.body).toContain('Note: The group needs you');
    expect(
      (await notificationsAbout(maya, lesson._id)).filter((n) => n.kind === 'LESSON_REQUEST_ANSWERED'),
    ).toHaveLength(0);
  });

  it('a review tells the student and their parent once; editing the review again does not', async () => {
    // Prepare
    const homework = await local.api.call<Json>('homeworks.create', {
      ...tutor,
      body: {
        course: 'course-demo-igcse-maths',
        title: 'Notified homework',
        homework: { instructions: 'Q1', dueAt: null },
      },
    });
    const section = homework.body._id as string;
    const submitted = await local.api.call<Json>('homework.submit', { ...sam, body: { section, text: 'x' } });

    // Act
    for (const feedback of ['Well done', 'Well done indeed']) {
      const reviewed = await local.api.call<Json>('homework.update', {
        ...tutor,
        params: { id: submitted.body._id },
        body: { feedback, grade: 'A', status: 'REVIEWED' },
      });
      expect(reviewed.status).toBe(200);
    }
    await settled();

    // Assess
    const found = await notificationsAbout(sam, section);
    expect(found.map((n) => n.title)).toEqual(['Homework reviewed: Notified homework']);
    expect(found[0]!.body).toBe('Your homework "Notified homework" was reviewed: A.');
    const parent = await local.api.signIn(demo.parent.email, demo.parent.password);
    const forParent = await notificationsAbout(parent, section);
    expect(forParent).toHaveLength(1);
    expect(forParent[0]!.body).toMatch(/^\w+'s homework "Notified homework" was reviewed: A\.$/);
  });
});

describe('preferences, guests and pushes', () => {
  it('a user who turned lesson e-mails off gets the notification but no e-mail', async () => {
    // Prepare
    const turnedOff = await local.api.call<Json>('notifications.updatePreferences', {
      ...maya,
      body: { email: { lessons: false } },
    });
    expect(turnedOff.status).toBe(200);
    expect(turnedOff.body).toEqual({
      email: { lessons: false, requests: true, homework: true, reminders: true },
    });

    // Act
    const lesson = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 30,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-2'],
    });
    await settled();

    // Assess
    expect(await notificationsAbout(maya, lesson._id)).toHaveLength(1);
    expect(await mailsTo(demo.student2.email, lesson._id)).toHaveLength(0);
    expect(await mailsTo(demo.tutor.email, lesson._id)).toHaveLength(1);
    expect((await local.api.call<Json>('notifications.preferences', maya)).body.email.lessons).toBe(false);
  });

  it('a guest gets nothing at all', async () => {
    // Prepare
    const sam = await getUser('demo', 'demo-student-1');
    const guest = { ...sam!, _id: 'guest-1', type: 'guest' as const };

    // Act
    const outcome = await deliverNotification(
      guest,
      reminderDraft(
        { sectionId: 's', title: 'T', courseTitle: '', start: nextSlot(), end: nextSlot() },
        guest,
        15,
      ),
      { tenant: 'demo', tenantName: 'Demo' },
    );

    // Assess
    expect(outcome).toBe('guest');
    expect((await notificationsRepository.page('demo', 'guest-1', { limit: 10, offset: 0 })).totalDocs).toBe(
      0,
    );
  });

  it('pushes to each registered device once, through the push port', async () => {
    // Prepare
    resetPushers();
    await putFcmToken('demo', 'demo-student-3', 'device-token-leo', 'web');

    // Act
    const lesson = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 30,
      tutorId: 'demo-tutor-2',
      studentIds: ['demo-student-3'],
    });
    await settled();

    // Assess
    const pushes = sentPushes.filter((push) => push.token === 'device-token-leo');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ title: expect.stringContaining('New lesson') });
    expect(pushes[0]!.link).toContain(`/learning-portal/waiting-room/${lesson._id}`);
  });
});

describe('the list, the unread count and marking read', () => {
  it('pages newest first with the total and unread count, and marks one and all read', async () => {
    // Prepare
    const first = await list(tutor, { limit: 2, offset: 0 });
    expect(first.status).toBe(200);
    const { totalDocs, unreadCount } = first.body;
    expect(totalDocs).toBeGreaterThanOrEqual(4);
    expect(unreadCount).toBe(totalDocs);
    const second = await list(tutor, { limit: 2, offset: 2 });
    const ids = [...first.body.docs, ...second.body.docs].map((n: Json) => n._id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids).size).toBe(4);

    // Act: one read, twice (the second changes nothing)
    const read = await local.api.call<Json>('notifications.markRead', { ...tutor, params: { id: ids[0] } });
    const again = await local.api.call<Json>('notifications.markRead', { ...tutor, params: { id: ids[0] } });

    // Assess
    expect(read.status).toBe(200);
    expect(read.body.notification.readAt).not.toBeNull();
    expect(read.body.unreadCount).toBe(unreadCount - 1);
    expect(again.body.unreadCount).toBe(unreadCount - 1);
    const count = await local.api.call<Json>('notifications.unreadCount', tutor);
    expect(count.body).toEqual({ unreadCount: unreadCount - 1 });

    // Act: all read
    const all = await local.api.call<Json>('notifications.markAllRead', tutor);

    // Assess
    expect(all.body).toEqual({ updated: unreadCount - 1, unreadCount: 0 });
    expect((await list(tutor)).body.docs.every((n: Json) => n.readAt !== null)).toBe(true);
  });

  it('another user’s notification, or no such id, is a 404', async () => {
    const [theirs] = (await list(tutor)).body.docs;
    for (const id of [theirs._id, 'not-an-id', '0'.repeat(24)]) {
      const answer = await local.api.call<Json>('notifications.markRead', { ...sam, params: { id } });
      expect(answer.status).toBe(404);
    }
  });
});

describe('lesson reminders', () => {
  const reminders = async (session: Session, sectionId: string) =>
    (await notificationsAbout(session, sectionId)).filter((n) => n.kind === 'LESSON_REMINDER');
  const quarterHourReminders = async (session: Session, sectionId: string) =>
    (await reminders(session, sectionId)).filter((n) => n.title.endsWith('15 minutes'));

  it('each participant once per window, across runs fired twice and overlapping', async () => {
    // Prepare
    const lesson = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 60,
      title: 'Reminded lesson',
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
    });
    const start = Date.parse(lesson.start);
    // Due 24 h before; the run one minute later finds it.
    const run = start - DAY + 60_000;

    // Act: twice at once, then again, then a late run (7 minutes after)
    const [a, b] = await Promise.all([remindTenant('demo', run), remindTenant('demo', run)]);
    const c = await remindTenant('demo', run);
    const d = await remindTenant('demo', run + 7 * 60_000);

    // Assess
    expect(a.sent + b.sent + c.sent + d.sent).toBeGreaterThanOrEqual(2);
    for (const session of [tutor, sam]) {
      const found = await reminders(session, lesson._id);
      expect(found.map((n) => n.title)).toEqual(['Reminder: Reminded lesson starts in 24 hours']);
    }
    const reminderMails = (await readOutbox(local.stack.outboxDir)).filter(
      (mail) =>
        mail.to === demo.student.email && mail.subject === 'Reminder: Reminded lesson starts in 24 hours',
    );
    expect(reminderMails).toHaveLength(1);

    // Act: the 15-minute window, by a run late by three minutes
    await remindTenant('demo', start - 15 * 60_000 + 3 * 60_000);

    // Assess
    const found = await reminders(sam, lesson._id);
    expect(found.map((n) => n.title)).toEqual([
      'Reminder: Reminded lesson starts in 15 minutes',
      'Reminder: Reminded lesson starts in 24 hours',
    ]);
  });

  it('a moved lesson is reminded at its new time only, a cancelled one not at all', async () => {
    // Prepare
    const moved = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 30,
      tutorId: 'demo-tutor-2',
      studentIds: ['demo-student-2'],
    });
    const cancelled = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 30,
      tutorId: 'demo-tutor-2',
      studentIds: ['demo-student-2'],
    });
    const oldStart = Date.parse(moved.start);
    const newStart = oldStart + 5 * HOUR;
    await moveLesson(moved, {
      start: new Date(newStart).toISOString(),
      end: new Date(newStart + 30 * 60_000).toISOString(),
    });
    await moveLesson(cancelled, { status: 'CANCELLED' });
    await settled();

    // Act: the runs where the old time and the cancelled lesson were due, then the new time's
    await remindTenant('demo', oldStart - 15 * 60_000 + 60_000);
    await remindTenant('demo', Date.parse(cancelled.start) - 15 * 60_000 + 60_000);
    const before = await quarterHourReminders(maya, moved._id);
    await remindTenant('demo', newStart - 15 * 60_000 + 60_000);

    // Assess
    expect(before).toHaveLength(0);
    expect(await reminders(maya, cancelled._id)).toHaveLength(0);
    const found = await quarterHourReminders(maya, moved._id);
    expect(found).toHaveLength(1);
    // Its id is the reminder's due time at the new start.
    expect(found[0]!._id.slice(0, 12)).toBe((newStart - 15 * 60_000).toString(16).padStart(12, '0'));
  });

  it('uses the tenant’s own windows, which an admin sets', async () => {
    // Prepare
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    const defaults = await local.api.call<Json>('tenants.notificationSettings', admin);
    expect(defaults.body).toEqual({ reminderMinutes: [1440, 15], isDefault: true });
    const refused = await local.api.call<Json>('tenants.updateNotificationSettings', {
      ...admin,
      body: { reminderMinutes: [1] },
    });
    expect(refused.status).toBe(400);
    expect(
      (
        await local.api.call<Json>('tenants.updateNotificationSettings', {
          ...sam,
          body: { reminderMinutes: [60] },
        })
      ).status,
    ).toBe(403);

    // Act
    const set = await local.api.call<Json>('tenants.updateNotificationSettings', {
      ...admin,
      body: { reminderMinutes: [15, 60, 60] },
    });
    const lesson = await placeLesson('demo', {
      start: nextSlot(),
      minutes: 30,
      title: 'Hour ahead',
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
    });
    await remindTenant('demo', Date.parse(lesson.start) - 60 * 60_000 + 60_000);

    // Assess
    expect(set.body).toEqual({ reminderMinutes: [60, 15], isDefault: false });
    expect((await reminders(sam, lesson._id)).map((n) => n.title)).toEqual([
      'Reminder: Hour ahead starts in 1 hour',
    ]);
  });
});
