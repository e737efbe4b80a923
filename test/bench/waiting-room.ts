import WebSocket from 'ws';
import { issueToken } from '../../functions/lib/tokens';
import { newLessonWrites } from '../../functions/repositories/lessons';
import { socketConnectionsRepository } from '../../functions/repositories/socket-connections';
import { newUserRecord, newUsersSeedItems } from '../../functions/repositories/users';
import { batchWriteItems } from '../../functions/table/batch';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import type { ServerMessage } from '../../shared/realtime/socket-events';
import { lessonRecord, minutesFromNow } from '../support/lessons';
import { createBenchTenant, inParallel } from './scheduling-tenant';
import type { BenchStack } from './stack';

const TENANT = 'bench-room';
/** Connections in each room: the tutor's and one per student. */
export const ROOM_CONNECTIONS = 500;
/** Rooms measured, one start each (a meeting starts once): five lessons, the same 500 connections in each. */
const ROOMS = 5;
/** Sockets opened at once (the local gateway's $connect runs the authorizer for each). */
const OPENING_AT_ONCE = 25;

interface Participant {
  userId: string;
  token: string;
}

/** A connection as the bench's client: when a `meeting` message saying STARTED arrived, by room. */
interface RoomSocket {
  person: Participant;
  socket: WebSocket;
  startedNoticeAt: Map<string, number>;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * A lesson of one tutor and 499 students, written with the lesson repository's own items (put in batches:
 * a transaction holds at most 100 items, and the bench needs no condition on a fresh tenant).
 */
async function placeRoom(room: number, tutor: Participant, students: Participant[]): Promise<string> {
  const record = lessonRecord({
    _id: `bench-room-lesson-${room}`,
    course: 'bench-room-course',
    start: minutesFromNow(5),
    minutes: 60,
    tutorId: tutor.userId,
    studentIds: students.map((student) => student.userId),
    type: 'LESSON',
  });
  const writes = newLessonWrites(TENANT, record, 'Bench room');
  const puts = writes.items.flatMap((item) =>
    item.Put?.Item ? [{ PutRequest: { Item: item.Put.Item } }] : [],
  );
  for (let i = 0; i < puts.length; i += 25) await batchWriteItems(puts.slice(i, i + 25));
  return record._id;
}

/** One connection through the local WebSocket gateway, its $connect authorised as in the cloud. */
function openSocket(stack: BenchStack, person: Participant): Promise<RoomSocket> {
  const url = new URL(stack.wsUrl);
  url.searchParams.set('token', person.token);
  url.searchParams.set('userId', person.userId);
  const socket = new WebSocket(url.href, { headers: { 'x-tenant-key': TENANT } });
  const roomSocket: RoomSocket = { person, socket, startedNoticeAt: new Map() };
  socket.on('message', (data) => {
    const message: ServerMessage = JSON.parse(data.toString());
    if (
      message.action === 'meeting' &&
      message.meeting.status === 'STARTED' &&
      !roomSocket.startedNoticeAt.has(message.waitingId)
    )
      roomSocket.startedNoticeAt.set(message.waitingId, performance.now());
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(roomSocket));
    socket.once('error', reject);
  });
}

/**
 * The waiting room's fan-out: 500 connections registered to one lesson's room through the local WebSocket
 * gateway (each with its own user and token, its $connect authorised and its register event handled as in
 * the cloud), then the tutor's POST /start-meeting through the local HTTP gateway; the time from sending
 * the start to each connection's `meeting` message saying STARTED. Five rooms, one start each (a meeting
 * starts once): every connection's time goes into the percentiles.
 */
export async function measureWaitingRoomStart(stack: BenchStack) {
  await createBenchTenant(TENANT);
  const records = Array.from({ length: ROOM_CONNECTIONS }, (_, i) =>
    newUserRecord(TENANT, {
      _id: i === 0 ? 'bench-room-tutor' : `bench-room-student-${String(i).padStart(4, '0')}`,
      firstname: i === 0 ? 'Tara' : 'Student',
      lastname: i === 0 ? 'Tutor' : String(i),
      email: `room${i}@${TENANT}.bench`,
      type: i === 0 ? 'tutor' : 'student',
      roleId: i === 0 ? systemRoleIds.Tutor : systemRoleIds.Student,
      passwordHash: '',
      country: 'SG',
      phone: `+65 9${String(i).padStart(7, '0')}`,
    }),
  );
  const items = newUsersSeedItems(TENANT, records);
  for (let i = 0; i < items.length; i += 25) {
    await batchWriteItems(items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })));
  }
  const people: Participant[] = await Promise.all(
    records.map(async (record) => ({
      userId: record._id,
      token: (await issueToken({ sub: record._id, tid: TENANT, rol: record.roleId })).token,
    })),
  );
  const [tutor, ...students] = people;
  if (!tutor) throw new Error('no tutor');

  const opening = performance.now();
  const sockets: RoomSocket[] = [];
  await inParallel(people, OPENING_AT_ONCE, async (person) => {
    sockets.push(await openSocket(stack, person));
  });
  const openSeconds = (performance.now() - opening) / 1000;

  // Each connection registered to every room with the repository's own write, as the register event makes
  // it: through the socket, each registration would also tell the room who is in (500 joins, 125,000
  // pushes), which is not what this measures.
  const waitingIds: string[] = [];
  for (let room = 0; room < ROOMS; room++) waitingIds.push(await placeRoom(room, tutor, students));
  const registeredAt = new Date().toISOString();
  await inParallel(sockets, OPENING_AT_ONCE, async ({ person }) => {
    const [connection] = await socketConnectionsRepository.connectionsOfUser(TENANT, person.userId);
    if (!connection) throw new Error(`no connection stored for ${person.userId}`);
    for (const waitingId of waitingIds) {
      await socketConnectionsRepository.register(TENANT, {
        kind: 'lesson',
        topicId: waitingId,
        connectionId: connection.connectionId,
        userId: person.userId,
        role: person === tutor ? 'TUTOR' : 'STUDENT',
        registeredAt,
        connectedAt: connection.connectedAt,
      });
    }
  });

  const roomLatencies: number[][] = [];
  const missed: number[] = [];
  for (const waitingId of waitingIds) {
    const sent = performance.now();
    const response = await fetch(`${stack.apiUrl}/start-meeting`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tenant-key': TENANT,
        authorization: `Bearer ${tutor.token}`,
      },
      body: JSON.stringify({ waitingId }),
    });
    if (response.status !== 200)
      throw new Error(`start-meeting answered ${response.status}: ${await response.text()}`);
    const deadline = Date.now() + 10_000;
    while (sockets.some((socket) => !socket.startedNoticeAt.has(waitingId)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    missed.push(sockets.filter((socket) => !socket.startedNoticeAt.has(waitingId)).length);
    roomLatencies.push(
      sockets.flatMap(({ startedNoticeAt }) => {
        const at = startedNoticeAt.get(waitingId);
        return at === undefined ? [] : [at - sent];
      }),
    );
    // The next start is measured alone.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await Promise.all(
    sockets.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
  // Each close runs $disconnect, which removes the connection and its registrations: the stack stops after.
  const firstRoom = { kind: 'lesson' as const, topicId: waitingIds[0] ?? '' };
  for (let waited = 0; waited < 20_000; waited += 100) {
    if ((await socketConnectionsRepository.registrationsOf(TENANT, firstRoom)).length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const latencies = roomLatencies.flat();
  return {
    connections: ROOM_CONNECTIONS,
    rooms: ROOMS,
    openSeconds,
    missed: missed.reduce((sum, n) => sum + n, 0),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    roomP99s: roomLatencies.map((values) => percentile(values, 99)),
  };
}
