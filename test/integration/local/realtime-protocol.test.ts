import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sendToUser } from '../../../functions/realtime/send';
import {
  CONNECT_LIMIT_MS,
  socketConnectionsRepository,
} from '../../../functions/repositories/socket-connections';
import type { ServerMessage, ServerMessageOf } from '../../../shared/realtime/socket-events';
import { createRealtimeSocket, type RealtimeSocket } from '../../../web/src/lib/realtime-socket';
import { demo, northwind } from '../../support/api-client';
import { minutesFromNow, placeDemoLesson, placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();

type Session = { token: string; userId: string };

/** A socket as a test's client: every message it received, in order, and a way to wait for the next. */
interface TestSocket {
  socket: WebSocket;
  received: ServerMessage[];
  send(frame: unknown): void;
  next<Action extends ServerMessage['action']>(
    action: Action,
    where?: (message: ServerMessageOf<Action>) => boolean,
  ): Promise<ServerMessageOf<Action>>;
  close(): Promise<void>;
}

async function openSocket(session: Session, tenant?: string): Promise<TestSocket> {
  const url = new URL(local.stack.wsUrl);
  url.searchParams.set('token', session.token);
  url.searchParams.set('userId', session.userId);
  const socket = new WebSocket(url.href, tenant ? { headers: { 'x-tenant-key': tenant } } : {});
  const received: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    for (const waiter of waiters) waiter();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let read = 0;
  return {
    socket,
    received,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(action, where = () => true) {
      type Wanted = ServerMessageOf<typeof action>;
      const isWanted = (message: ServerMessage): message is Wanted =>
        message.action === action && where(message as Wanted);
      return new Promise<Wanted>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`No ${action} message; received ${JSON.stringify(received.slice(read))}`));
        }, 5_000);
        function look() {
          while (read < received.length) {
            const message = received[read++];
            if (message && isWanted(message)) {
              clearTimeout(timer);
              waiters.delete(look);
              return resolve(message);
            }
          }
        }
        waiters.add(look);
        look();
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    },
  };
}

const people = (message: ServerMessageOf<'connections'>) =>
  message.connections.map((connection) => [connection.kind, connection.userId]);

describe('socket protocol over the local WebSocket gateway', () => {
  let tutor: Session;
  let student: Session;
  let otherStudent: Session;
  let admin: Session;
  let northwindAdmin: Session;
  let lessonId: string;

  beforeAll(async () => {
    [tutor, student, otherStudent, admin, northwindAdmin] = await Promise.all([
      local.api.signIn(demo.tutor.email, demo.tutor.password),
      local.api.signIn(demo.student.email, demo.student.password),
      local.api.signIn(demo.student2.email, demo.student2.password),
      local.api.signIn(demo.admin.email, demo.admin.password),
      local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind'),
    ]);
    const lesson = await placeDemoLesson({
      start: 30,
      minutes: 60,
      tutorId: tutor.userId,
      studentIds: [student.userId],
    });
    lessonId = lesson._id;
  });

  it('stores a connection bound to its tenant and user at $connect and removes it at $disconnect', async () => {
    // Prepare
    const socket = await openSocket(student);
    const mine = async () => socketConnectionsRepository.connectionsOfUser('demo', student.userId);

    // Act
    await expect.poll(async () => (await mine()).length).toBe(1);
    await socket.close();

    // Assess
    await expect.poll(async () => (await mine()).length).toBe(0);
  });

  it('register: each person in the waiting room hears who is there, with their kind', async () => {
    // Prepare
    const tutorSocket = await openSocket(tutor);
    const studentSocket = await openSocket(student);
    const adminSocket = await openSocket(admin);

    // Act
    tutorSocket.send({ action: 'register', waitingId: lessonId });
    const alone = await tutorSocket.next('connections');
    studentSocket.send({ action: 'register', waitingId: lessonId });
    const both = await studentSocket.next('connections');
    const tutorHears = await tutorSocket.next('connections');
    adminSocket.send({ action: 'register', waitingId: lessonId });
    const three = await adminSocket.next('connections');
    studentSocket.send({ action: 'unregister', waitingId: lessonId });
    const left = await studentSocket.next('unregistered');
    const afterLeaving = await tutorSocket.next('connections', (m) => m.connections.length === 2);
    adminSocket.send({ action: 'getConnections', waitingId: lessonId });
    const asked = await adminSocket.next('connections', (m) => m.connections.length === 2);

    // Assess
    expect(people(alone)).toEqual([['TUTOR', tutor.userId]]);
    expect(people(both)).toEqual([
      ['TUTOR', tutor.userId],
      ['STUDENT', student.userId],
    ]);
    expect(tutorHears).toEqual(both);
    expect(people(three).map(([kind]) => kind)).toEqual(['TUTOR', 'STUDENT', 'ADMIN']);
    expect(three.connections[0]).toMatchObject({ firstname: expect.any(String), since: expect.any(String) });
    expect(left).toEqual({ action: 'unregistered', waitingId: lessonId });
    expect(people(afterLeaving)).toEqual([
      ['TUTOR', tutor.userId],
      ['ADMIN', admin.userId],
    ]);
    expect(asked).toEqual(afterLeaving);
    await Promise.all([tutorSocket.close(), studentSocket.close(), adminSocket.close()]);
  });

  it('a disconnect tells the room at once, and takes every registration of the connection with it', async () => {
    // Prepare
    const tutorSocket = await openSocket(tutor);
    const studentSocket = await openSocket(student);
    tutorSocket.send({ action: 'register', waitingId: lessonId });
    await tutorSocket.next('connections');
    studentSocket.send({ action: 'register', waitingId: lessonId });
    await tutorSocket.next('connections', (m) => m.connections.length === 2);

    // Act
    await studentSocket.close();

    // Assess
    const after = await tutorSocket.next('connections', (m) => m.connections.length === 1);
    expect(people(after)).toEqual([['TUTOR', tutor.userId]]);
    const registered = await socketConnectionsRepository.registrationsOf('demo', {
      kind: 'lesson',
      topicId: lessonId,
    });
    expect(registered.map((r) => r.userId)).toEqual([tutor.userId]);
    await tutorSocket.close();
  });

  it('answers bad input with a clear error and keeps the connection open', async () => {
    // Prepare
    const socket = await openSocket(student);
    const frames: Array<[unknown, Partial<ServerMessageOf<'error'>>]> = [
      ['not json', { status: 400, message: 'A frame must be a JSON object with an action' }],
      [[1, 2], { status: 400 }],
      [{ action: 'fly' }, { status: 400, request: 'fly', message: 'Unknown action: fly' }],
      [
        { action: 'register' },
        { status: 400, request: 'register', errors: [expect.objectContaining({ field: 'waitingId' })] },
      ],
      [
        { action: 'register', waitingId: 'x'.repeat(65) },
        { status: 400, request: 'register' },
      ],
      [
        { action: 'register', waitingId: lessonId, extra: 1 },
        { status: 400, request: 'register', message: 'Unknown field(s): extra' },
      ],
      [
        { action: 'register', waitingId: 'no-such-lesson' },
        { status: 404, message: 'Section not found' },
      ],
    ];

    // Act and assess
    for (const [frame, answer] of frames) {
      socket.send(frame);
      expect(await socket.next('error'), JSON.stringify(frame)).toMatchObject(answer);
    }
    const outsider = await openSocket(otherStudent);
    outsider.send({ action: 'register', waitingId: lessonId });
    expect(await outsider.next('error')).toMatchObject({ status: 403, request: 'register' });
    outsider.send({ action: 'getConnections', waitingId: lessonId });
    expect(await outsider.next('error')).toMatchObject({ status: 403, request: 'getConnections' });
    socket.send({ action: 'ping' });
    expect(await socket.next('pong')).toEqual({ action: 'pong' });
    await Promise.all([socket.close(), outsider.close()]);
  });

  it('removes a connection that answers 410 Gone at the first post, with its registrations', async () => {
    // Prepare: a connection whose $disconnect never came (API Gateway delivers it on a best-effort basis).
    const goneId = 'gone-connection=';
    const connectedAt = new Date().toISOString();
    await socketConnectionsRepository.putConnection('demo', {
      connectionId: goneId,
      userId: student.userId,
      adminMode: false,
      connectedAt,
    });
    await socketConnectionsRepository.register('demo', {
      kind: 'lesson',
      topicId: lessonId,
      connectionId: goneId,
      userId: student.userId,
      role: 'STUDENT',
      registeredAt: connectedAt,
      connectedAt,
    });
    const tutorSocket = await openSocket(tutor);

    // Act
    tutorSocket.send({ action: 'register', waitingId: lessonId });

    // Assess: the room is told again without the gone connection's person.
    const room = await tutorSocket.next('connections', (m) => m.connections.length === 1);
    expect(people(room)).toEqual([['TUTOR', tutor.userId]]);
    expect(await socketConnectionsRepository.getConnection('demo', goneId)).toBeUndefined();
    const registered = await socketConnectionsRepository.registrationsOf('demo', {
      kind: 'lesson',
      topicId: lessonId,
    });
    expect(registered.map((r) => r.connectionId)).not.toContain(goneId);
    await tutorSocket.close();
  });

  it("keeps a user's connection that answers 410 Gone while it may still be in its $connect; removes an older one", async () => {
    // Prepare: two connections the gateway does not know yet (API Gateway answers 410 to a post until
    // $connect has returned), reached by user: one opened just now, one opened past $connect's limit
    const connecting = { connectionId: 'connecting-connection=', userId: 'user-connecting' };
    const stale = { connectionId: 'stale-connection=', userId: 'user-stale' };
    await socketConnectionsRepository.putConnection('demo', {
      ...connecting,
      adminMode: false,
      connectedAt: new Date().toISOString(),
    });
    await socketConnectionsRepository.putConnection('demo', {
      ...stale,
      adminMode: false,
      connectedAt: new Date(Date.now() - CONNECT_LIMIT_MS - 1_000).toISOString(),
    });

    // Act
    const toConnecting = await sendToUser('demo', connecting.userId, { action: 'pong' });
    const toStale = await sendToUser('demo', stale.userId, { action: 'pong' });

    // Assess: both answered Gone; only the one past its $connect is removed
    expect(toConnecting).toEqual({ delivered: 0, gone: [connecting.connectionId] });
    expect(toStale).toEqual({ delivered: 0, gone: [stale.connectionId] });
    expect(await socketConnectionsRepository.getConnection('demo', connecting.connectionId)).toMatchObject(
      connecting,
    );
    expect(await socketConnectionsRepository.getConnection('demo', stale.connectionId)).toBeUndefined();
  });

  it("never sends to another tenant's connection", async () => {
    // Prepare: a northwind connection, registered (through the table) to a northwind topic of the same id.
    const outsider = await openSocket(northwindAdmin, 'northwind');
    await expect
      .poll(
        async () =>
          (await socketConnectionsRepository.connectionsOfUser('northwind', northwindAdmin.userId)).length,
      )
      .toBe(1);
    const [northwindConnection] = await socketConnectionsRepository.connectionsOfUser(
      'northwind',
      northwindAdmin.userId,
    );
    const connectedAt = new Date().toISOString();
    await socketConnectionsRepository.register('northwind', {
      kind: 'lesson',
      topicId: lessonId,
      connectionId: northwindConnection?.connectionId ?? '',
      userId: northwindAdmin.userId,
      role: 'ADMIN',
      registeredAt: connectedAt,
      connectedAt,
    });
    const tutorSocket = await openSocket(tutor);

    // Act: the demo lesson's room is told, demo pushes go to a user id, and the outsider asks for the demo room.
    tutorSocket.send({ action: 'register', waitingId: lessonId });
    await tutorSocket.next('connections');
    const toNorthwindUser = await sendToUser('demo', northwindAdmin.userId, { action: 'pong' });
    outsider.send({ action: 'register', waitingId: lessonId });
    const refused = await outsider.next('error');

    // Assess
    expect(toNorthwindUser.delivered).toBe(0);
    expect(refused).toMatchObject({ status: 404, message: 'Section not found' });
    expect(outsider.received).toEqual([refused]);
    await Promise.all([outsider.close(), tutorSocket.close()]);
  });
});

describe('the waiting room pushed over the socket (notify-user-waiting, start-meeting, joins)', () => {
  let tutor: Session;
  let student: Session;
  let otherStudent: Session;
  let roomId: string;
  let otherRoomId: string;

  beforeAll(async () => {
    [tutor, student, otherStudent] = await Promise.all([
      local.api.signIn('tutor2@demo.test', 'Demo-tutor-2'),
      local.api.signIn(demo.student2.email, demo.student2.password),
      local.api.signIn(demo.student3.email, demo.student3.password),
    ]);
    // Open for its room: it starts in five minutes.
    roomId = (
      await placeDemoLesson({ start: 5, minutes: 30, tutorId: tutor.userId, studentIds: [student.userId] })
    )._id;
    otherRoomId = (
      await placeDemoLesson({
        start: 5,
        minutes: 30,
        tutorId: 'demo-tutor-3',
        studentIds: [otherStudent.userId],
      })
    )._id;
  });

  it('tells everyone in the room who waits, that the tutor started and who joined, and no other room', async () => {
    // Prepare: the student and, in another lesson's room, another student
    const studentSocket = await openSocket(student);
    const elsewhere = await openSocket(otherStudent);
    studentSocket.send({ action: 'register', waitingId: roomId });
    await studentSocket.next('connections');
    elsewhere.send({ action: 'register', waitingId: otherRoomId });
    await elsewhere.next('connections');
    const call = (route: 'meetings.notifyWaiting' | 'meetings.start', session: Session) =>
      local.api.call<Record<string, any>>(route, { ...session, body: { waitingId: roomId } });

    // Act and assess: the tutor comes to the room
    const waited = await call('meetings.notifyWaiting', tutor);
    expect(waited.status, JSON.stringify(waited.body)).toBe(200);
    const tutorWaits = await studentSocket.next('meeting', (m) =>
      m.meeting.participants.some((p) => p.kind === 'TUTOR' && p.waitingSince !== null),
    );
    expect(tutorWaits).toEqual({ action: 'meeting', waitingId: roomId, meeting: waited.body });
    expect(tutorWaits.meeting).toMatchObject({ status: 'NOT_STARTED', joinUrl: null });

    // ... starts the meeting
    const started = await call('meetings.start', tutor);
    expect(started.status).toBe(200);
    // (the start alone: who is in the room is unchanged by it, and a big room would get its list 500 times)
    const startNotice = await studentSocket.next('meetingStarted');
    const { participants: _unchanged, ...start } = started.body;
    expect(startNotice).toEqual({ action: 'meetingStarted', waitingId: roomId, meeting: start });
    expect(startNotice.meeting.status).toBe('STARTED');
    expect(startNotice.meeting.joinUrl).toContain(`/meeting-room/${roomId}`);

    // ... and the student joins: the room hears it too
    const joined = await local.api.call<Record<string, any>>('meetings.notifyJoined', {
      ...student,
      body: { sectionId: roomId },
    });
    expect(joined.status).toBe(200);
    const joinNotice = await studentSocket.next('meeting', (m) =>
      m.meeting.participants.some((p) => p.userId === student.userId && p.joinedAt !== null),
    );
    expect(joinNotice.meeting.participants.find((p) => p.userId === student.userId)?.joinedAt).toBe(
      joined.body.joinedAt,
    );
    expect(
      elsewhere.received.filter(
        (message) => message.action === 'meeting' || message.action === 'meetingStarted',
      ),
    ).toEqual([]);
    await Promise.all([studentSocket.close(), elsewhere.close()]);
  });
});

describe('the web client module (web/src/lib/realtime-socket.ts) against the local gateway', () => {
  let student: Session;
  let tutor: Session;
  let lessonId: string;
  let management: ApiGatewayManagementApiClient;
  const clients: RealtimeSocket[] = [];

  beforeAll(async () => {
    [student, tutor] = await Promise.all([
      local.api.signIn(demo.student.email, demo.student.password),
      local.api.signIn(demo.tutor.email, demo.tutor.password),
    ]);
    const lesson = await placeLesson('demo', {
      course: 'course-demo-igcse-maths',
      start: minutesFromNow(240),
      minutes: 60,
      tutorId: tutor.userId,
      studentIds: [student.userId],
    });
    lessonId = lesson._id;
    management = new ApiGatewayManagementApiClient({
      endpoint: local.stack.apiUrl,
      region: 'local-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(() => {
    for (const client of clients) client.close();
  });

  function client(session: Session, log = { warn: vi.fn(), error: vi.fn() }) {
    const socket = createRealtimeSocket({
      url: local.stack.wsUrl,
      credentials: () => session,
      open: (url) => new WebSocket(url),
      backoff: { firstMs: 50, maxMs: 400 },
      log,
    });
    clients.push(socket);
    return { socket, log };
  }

  function messages(socket: RealtimeSocket) {
    const received: ServerMessage[] = [];
    socket.onMessage((message) => received.push(message));
    return received;
  }

  it('drops an event sent while not connected, with a warning', () => {
    // Prepare
    const { socket, log } = client(student);

    // Act
    const sent = socket.send({ action: 'ping' });

    // Assess
    expect(sent).toBe(false);
    expect(log.warn).toHaveBeenCalledWith('realtime: not connected, "ping" dropped');
  });

  it('after a drop, reconnects, registers again and asks the screen to re-read its state', async () => {
    // Prepare
    const { socket } = client(student);
    const received = messages(socket);
    const reconnected = vi.fn();
    socket.onReconnect(reconnected);
    socket.register(lessonId);
    socket.connect();
    await expect.poll(() => received.filter((m) => m.action === 'connections').length).toBe(1);
    const [first] = await socketConnectionsRepository.connectionsOfUser('demo', student.userId);

    // Act: the server ends the connection (as API Gateway does at the 2-hour limit or on a fault).
    await management.send(new DeleteConnectionCommand({ ConnectionId: first?.connectionId }));

    // Assess
    await expect.poll(() => reconnected.mock.calls.length, { timeout: 5_000 }).toBe(1);
    await expect
      .poll(() => received.filter((m) => m.action === 'connections').length, { timeout: 5_000 })
      .toBe(2);
    expect(socket.status()).toBe('open');
    const registered = await socketConnectionsRepository.registrationsOf('demo', {
      kind: 'lesson',
      topicId: lessonId,
    });
    expect(registered.map((r) => r.connectionId)).not.toContain(first?.connectionId);
    expect(registered.map((r) => r.userId)).toEqual([student.userId]);
    socket.close();
    await expect
      .poll(async () => (await socketConnectionsRepository.connectionsOfUser('demo', student.userId)).length)
      .toBe(0);
  });
});
