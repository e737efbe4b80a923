import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRepository } from '../../../functions/repositories/chat';
import { socketConnectionsRepository } from '../../../functions/repositories/socket-connections';
import { SCHOOL_MEMBER_ID } from '../../../shared/chat/schemas';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { northwind } from '../../support/api-client';
import { placeCourse } from '../../support/courses';
import { peopleFixtures } from '../../support/people';
import { localStackForFile } from '../../support/stack';
import { openTestSocket, type TestSocket } from '../../support/test-socket';

/** A presence push waits on $connect's or $disconnect's other calls: on a loaded CI machine, seconds. */
const PRESENCE_WAIT_MS = 45_000;

const local = localStackForFile();
const people = peopleFixtures(local);

type Session = { token: string; userId: string };

describe('chat over the local WebSocket gateway', () => {
  let tutor: Session;
  let student: Session;
  let classmate: Session;
  let outsider: Session;
  let admin: Session;
  let courseId: string;
  let conversationId: string;
  const sockets: TestSocket[] = [];
  const open = async (session: Session, options: { tenant?: string; adminMode?: boolean } = {}) => {
    const socket = await openTestSocket(local.stack.wsUrl, session, options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    [tutor, student, classmate, outsider, admin] = await Promise.all([
      people.account('tutor', systemRoleIds.Tutor),
      people.account('student', systemRoleIds.Student),
      people.account('student', systemRoleIds.Student),
      people.account('student', systemRoleIds.Student),
      people.account('admin', systemRoleIds.Admin),
    ]);
    courseId = await placeCourse(tutor.userId, [student.userId, classmate.userId]);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
  });

  it("gives each member the course's conversation, with the others in it and their presence", async () => {
    // Prepare
    const tutorSocket = await open(tutor);
    const studentSocket = await open(student);

    // Act
    tutorSocket.send({ action: 'getConversations' });
    studentSocket.send({ action: 'getConversations' });
    const forTutor = await tutorSocket.next('conversations');
    const forStudent = await studentSocket.next('conversations');

    // Assess
    const course = forStudent.conversations.find((c) => c.course?._id === courseId);
    expect(course).toMatchObject({ kind: 'course', unSeenCount: 0, lastMessage: null });
    expect(course?.users.map((u) => u._id).sort()).toEqual([tutor.userId, classmate.userId].sort());
    expect(course?.users.find((u) => u._id === tutor.userId)?.isOnline).toBe(true);
    expect(course?.users.find((u) => u._id === classmate.userId)).toMatchObject({ isOnline: false });
    expect(forTutor.conversations.find((c) => c.course?._id === courseId)?._id).toBe(course?._id);
    conversationId = course?._id ?? '';
    await Promise.all([tutorSocket.close(), studentSocket.close()]);
  });

  it('keeps the order the server gave, tells everyone once, and moves SAVED to DELIVERED to SEEN', async () => {
    // Prepare
    const tutorSocket = await open(tutor);
    const studentSocket = await open(student);

    // Act: the two send at once, each their own messages one after another
    const sendAll = async (socket: TestSocket, who: string) => {
      for (let i = 0; i < 10; i++) {
        const clientId = `${who}-${i}`;
        socket.send({ action: 'sendMessage', conversationId, message: `${who} ${i}`, clientId });
        await socket.next('message', (m) => m.clientId === clientId);
      }
    };
    await Promise.all([sendAll(tutorSocket, 'tutor'), sendAll(studentSocket, 'student')]);
    await expect.poll(() => tutorSocket.all('message').length).toBe(20);
    await expect.poll(() => studentSocket.all('message').length).toBe(20);
    studentSocket.send({ action: 'getMessages', conversationId });
    const page = await studentSocket.next('messages');

    // Assess: the stored order is the id order, each sender's messages in the order sent, nothing twice
    const ids = page.messages.map((m) => m._id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(20);
    for (const who of ['tutor', 'student']) {
      const theirs = page.messages.filter((m) => m.message.startsWith(who)).map((m) => m.message);
      expect(theirs).toEqual(Array.from({ length: 10 }, (_, i) => `${who} ${i}`));
    }
    const pushedToTutor = tutorSocket.all('message').map((m) => m.message._id);
    expect([...pushedToTutor].sort()).toEqual(ids);
    const fromTutor = page.messages.filter((m) => m.sender._id === tutor.userId);
    expect(fromTutor[0]?.status).toEqual(
      expect.arrayContaining([
        { user: student.userId, status: 'SAVED' },
        { user: classmate.userId, status: 'SAVED' },
      ]),
    );
    expect(fromTutor[0]?.status.some((s) => s.user === tutor.userId)).toBe(false);

    // Act: the student's client acknowledges delivery, then the student reads them
    const tutorIds = fromTutor.map((m) => m._id);
    studentSocket.send({ action: 'messagesDelivered', conversationId, messageIds: tutorIds });
    const delivered = await tutorSocket.next('messageStatus', (m) => m.status === 'DELIVERED');
    studentSocket.send({ action: 'messagesSeen', conversationId, messageIds: tutorIds });
    const seen = await tutorSocket.next('messageStatus', (m) => m.status === 'SEEN');
    const count = await studentSocket.next('unseenCount');
    // A late DELIVERED (another tab) never undoes SEEN, and a second SEEN lowers nothing
    studentSocket.send({ action: 'messagesDelivered', conversationId, messageIds: tutorIds });
    studentSocket.send({ action: 'messagesSeen', conversationId, messageIds: tutorIds });
    const again = await studentSocket.next('unseenCount');

    // Assess
    expect(delivered).toMatchObject({ user: student.userId, messageIds: expect.arrayContaining(tutorIds) });
    expect(seen.messageIds.sort()).toEqual([...tutorIds].sort());
    expect(count).toEqual({ action: 'unseenCount', conversationId, unSeenCount: 0 });
    expect(again.unSeenCount).toBe(0);
    studentSocket.send({ action: 'getMessages', conversationId });
    const after = await studentSocket.next('messages');
    const statusOf = (id: string) =>
      after.messages.find((m) => m._id === id)?.status.find((s) => s.user === student.userId)?.status;
    expect(tutorIds.map(statusOf)).toEqual(tutorIds.map(() => 'SEEN'));
    await Promise.all([tutorSocket.close(), studentSocket.close()]);
  });

  it('counts unseen messages exactly across a reconnect: only others’ messages, each once', async () => {
    // Prepare: the classmate has not read anything yet (20 from the others)
    const classmateSocket = await open(classmate);
    classmateSocket.send({ action: 'getConversations' });
    const before = await classmateSocket.next('conversations');
    const heldCount = before.conversations.find((c) => c._id === conversationId)?.unSeenCount;
    classmateSocket.send({ action: 'getMessages', conversationId });
    const held = await classmateSocket.next('messages');
    const lastHeld = held.messages[held.messages.length - 1]?._id ?? null;
    await classmateSocket.close();

    // Act: while the classmate is away, the tutor sends 3, the classmate's other device 1, a resend of one
    const tutorSocket = await open(tutor);
    const otherDevice = await open(classmate);
    for (const [socket, clientId] of [
      [tutorSocket, 'away-1'],
      [tutorSocket, 'away-2'],
      [otherDevice, 'away-own'],
      [tutorSocket, 'away-3'],
    ] as const) {
      socket.send({ action: 'sendMessage', conversationId, message: clientId, clientId });
      // A resend of the same client key (a client that lost the answer) is stored once.
      if (clientId === 'away-3')
        socket.send({ action: 'sendMessage', conversationId, message: clientId, clientId });
      await socket.next('message', (m) => m.clientId === clientId);
    }
    await otherDevice.close();
    const back = await open(classmate);
    back.send({ action: 'getConversations' });
    const recount = await back.next('conversations');
    back.send({ action: 'syncMessages', conversationId, after: lastHeld });
    const missed = await back.next('messages');

    // Assess
    expect(heldCount).toBe(20);
    expect(missed).toMatchObject({ sync: true, hasMore: false });
    expect(missed.messages.map((m) => m.message)).toEqual(['away-1', 'away-2', 'away-own', 'away-3']);
    expect(recount.conversations.find((c) => c._id === conversationId)?.unSeenCount).toBe(23);
    const stored = await chatRepository.getMember('demo', classmate.userId, conversationId);
    expect(stored?.unSeenCount).toBe(23);
    await Promise.all([tutorSocket.close(), back.close()]);
  });

  it('adds and removes typing for the others only; presence goes with the last connection', async () => {
    // Prepare: the earlier tests' connections closed on the server too (a $disconnect runs after the client's
    // close), so the tutor's connection below is their first and the student's close their last
    for (const person of [student, tutor]) {
      await expect
        .poll(
          async () => (await socketConnectionsRepository.connectionsOfUser('demo', person.userId)).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(0);
    }
    const studentSocket = await open(student);
    const tutorSocket = await open(tutor);
    // Presence is pushed from $connect and $disconnect, behind every other Lambda call of a loaded machine.
    const cameOnline = await studentSocket.next(
      'presence',
      (m) => m.userId === tutor.userId && m.isOnline,
      PRESENCE_WAIT_MS,
    );

    // Act
    studentSocket.send({ action: 'typing', conversationId, typing: true });
    const started = await tutorSocket.next('typing');
    studentSocket.send({ action: 'typing', conversationId, typing: false });
    const stopped = await tutorSocket.next('typing', (m) => !m.typing);
    await studentSocket.close();
    const gone = await tutorSocket.next(
      'presence',
      (m) => m.userId === student.userId && !m.isOnline,
      PRESENCE_WAIT_MS,
    );

    // Assess
    expect(started).toEqual({ action: 'typing', conversationId, userId: student.userId, typing: true });
    expect(stopped.typing).toBe(false);
    expect(studentSocket.all('typing')).toEqual([]);
    expect(gone.lastSeen).toEqual(expect.any(String));
    expect(cameOnline).toMatchObject({ isOnline: true, lastSeen: null });
    await tutorSocket.close();
  }, 150_000);

  it('refuses non-members, guests and roles without chat, and never tells another tenant', async () => {
    // Prepare
    const guest = await people.account('guest', systemRoleIds.Guest);
    const outsiderSocket = await open(outsider);
    const guestSocket = await open(guest);
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    const otherTenant = await open(northwindAdmin, { tenant: 'northwind' });
    const tutorSocket = await open(tutor);

    // Act
    outsiderSocket.send({ action: 'getMessages', conversationId });
    const notMember = await outsiderSocket.next('error');
    outsiderSocket.send({ action: 'sendMessage', conversationId, message: 'hi', clientId: 'x' });
    const cannotSend = await outsiderSocket.next('error');
    outsiderSocket.send({ action: 'startConversation', userId: tutor.userId });
    const noSharedCourse = await outsiderSocket.next('error');
    guestSocket.send({ action: 'getConversations' });
    const guestRefused = await guestSocket.next('error');
    otherTenant.send({ action: 'getMessages', conversationId });
    const crossTenant = await otherTenant.next('error');
    tutorSocket.send({
      action: 'sendMessage',
      conversationId,
      message: 'members only',
      clientId: 'members-only',
    });
    await tutorSocket.next('message', (m) => m.clientId === 'members-only');
    outsiderSocket.send({ action: 'sendMessage', conversationId, message: '', clientId: 'empty' });
    const empty = await outsiderSocket.next('error');

    // Assess
    expect(notMember).toMatchObject({
      status: 404,
      request: 'getMessages',
      message: 'Conversation not found',
    });
    expect(cannotSend).toMatchObject({ status: 404, request: 'sendMessage' });
    expect(noSharedCourse).toMatchObject({ status: 404, request: 'startConversation' });
    expect(guestRefused).toMatchObject({ status: 403, request: 'getConversations' });
    expect(crossTenant).toMatchObject({ status: 404 });
    expect(empty).toMatchObject({ status: 400, request: 'sendMessage' });
    expect(outsiderSocket.all('message')).toEqual([]);
    expect(otherTenant.all('message')).toEqual([]);
  });

  it('direct and support conversations: a student writes to the school, an admin answers in admin mode', async () => {
    // Prepare
    const studentSocket = await open(student);
    const adminSocket = await open(admin, { adminMode: true });
    adminSocket.send({ action: 'getConversations' });
    await adminSocket.next('conversations');

    // Act: the support conversation, then a direct one with the tutor
    studentSocket.send({ action: 'startConversation' });
    const support = (await studentSocket.next('conversation')).conversation;
    studentSocket.send({
      action: 'sendMessage',
      conversationId: support._id,
      message: 'I need help with my booking',
      clientId: 'help',
    });
    const toSchool = await adminSocket.next('message');
    adminSocket.send({
      action: 'sendMessage',
      conversationId: support._id,
      message: 'Happy to help',
      clientId: 'answer',
    });
    const answer = await studentSocket.next('message', (m) => m.clientId === 'answer');
    adminSocket.send({
      action: 'messagesSeen',
      conversationId: support._id,
      messageIds: [toSchool.message._id],
    });
    const schoolCount = await adminSocket.next('unseenCount');
    adminSocket.send({ action: 'getConversations' });
    const inbox = await adminSocket.next('conversations');
    studentSocket.send({ action: 'startConversation', userId: tutor.userId });
    const direct = (await studentSocket.next('conversation')).conversation;
    studentSocket.send({ action: 'startConversation', userId: tutor.userId });
    const sameDirect = (await studentSocket.next('conversation')).conversation;
    adminSocket.send({ action: 'getMessages', conversationId: direct._id });
    const adminNotInDirect = await adminSocket.next('error');

    // Assess
    expect(support).toMatchObject({ kind: 'admin', users: [] });
    expect(toSchool.message).toMatchObject({
      message: 'I need help with my booking',
      status: [{ user: SCHOOL_MEMBER_ID, status: 'SAVED' }],
    });
    expect(answer.message.sender._id).toBe(admin.userId);
    expect(answer.message.status).toEqual([{ user: student.userId, status: 'SAVED' }]);
    expect(schoolCount.unSeenCount).toBe(0);
    const inInbox = inbox.conversations.find((c) => c._id === support._id);
    expect(inInbox?.users.map((u) => u._id)).toEqual([student.userId]);
    expect(inInbox?.lastMessage).toBe('Happy to help');
    expect(direct).toMatchObject({ kind: 'direct', users: [expect.objectContaining({ _id: tutor.userId })] });
    expect(sameDirect._id).toBe(direct._id);
    expect(adminNotInDirect).toMatchObject({ status: 404 });
  });
});
