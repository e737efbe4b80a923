import { Worker } from 'node:worker_threads';
import { issueToken } from '../../functions/lib/tokens';
import { sendToTopic } from '../../functions/realtime/send';
import { newLessonWrites } from '../../functions/repositories/lessons';
import { socketConnectionsRepository } from '../../functions/repositories/socket-connections';
import { newUserRecord, newUsersSeedItems } from '../../functions/repositories/users';
import { batchWriteItems } from '../../functions/table/batch';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { lessonRecord, minutesFromNow } from '../support/lessons';
import type { RoomClientsInput, RoomClientsReply, RoomClientsRequest } from './room-clients';
import { createBenchTenant } from './scheduling-tenant';
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

/** The worker thread of the room's clients, and one request-reply exchange with it at a time. */
function startRoomClients(input: RoomClientsInput) {
  const worker = new Worker(new URL('./room-clients.worker.mjs', import.meta.url), { workerData: input });
  const replies: RoomClientsReply[] = [];
  const waiters: Array<() => void> = [];
  worker.on('message', (reply: RoomClientsReply) => {
    replies.push(reply);
    waiters.shift()?.();
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const nextReply = async (): Promise<RoomClientsReply> => {
    if (replies.length === 0)
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), failed]);
    const reply = replies.shift();
    if (!reply) throw new Error('the room clients answered nothing');
    return reply;
  };
  return {
    nextReply,
    ask: (request: RoomClientsRequest) => {
      worker.postMessage(request);
      return nextReply();
    },
    stop: () => worker.terminate(),
  };
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

  const waitingIds: string[] = [];
  for (let room = 0; room < ROOMS; room++) waitingIds.push(await placeRoom(room, tutor, students));

  // Every client connects and registers to the five rooms through the socket; each room's arrivals are
  // told to it coalesced (functions/realtime/coalesced-broadcast.ts).
  const opening = performance.now();
  const clients = startRoomClients({
    wsUrl: stack.wsUrl,
    tenant: TENANT,
    people,
    waitingIds,
    openingAtOnce: OPENING_AT_ONCE,
  });
  const opened = await clients.nextReply();
  if (!('opened' in opened) || opened.opened !== people.length) throw new Error('not every client connected');
  for (const waitingId of waitingIds) {
    const topic = { kind: 'lesson' as const, topicId: waitingId };
    for (let waited = 0; ; waited += 100) {
      const registered = (await socketConnectionsRepository.registrationsOf(TENANT, topic)).length;
      if (registered === people.length) break;
      if (waited > 60_000)
        throw new Error(`only ${registered} of ${people.length} registered to ${waitingId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const openSeconds = (performance.now() - opening) / 1000;
  // The arrivals' broadcasts (each room told who is there, coalesced, to its 500 connections) end before the
  // starts are measured: a start is timed alone, not queued behind tens of thousands of arrival posts.
  const quiet = await clients.ask({ quietFor: 1_000, atMost: 180_000 });
  if (!('quiet' in quiet) || !quiet.quiet) throw new Error('the arrivals were still being told after 180 s');
  const drainSeconds = quiet.waitedMs / 1000;

  const roomLatencies: number[][] = [];
  const missed: number[] = [];
  for (const waitingId of waitingIds) {
    const sent = performance.timeOrigin + performance.now();
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
    const collected = await clients.ask({ collect: waitingId });
    if (!('collected' in collected)) throw new Error('the room clients answered out of turn');
    missed.push(collected.missed);
    roomLatencies.push(collected.noticeTimes.map((at) => at - sent));
    // The next start is measured alone.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The floor: the same fan-out without the start (the room's registrations read, a post to each), timed
  // the same way. Locally every post goes through the SDK and the emulated gateway on one Node process.
  const floorLatencies: number[][] = [];
  for (const waitingId of waitingIds) {
    const sent = performance.timeOrigin + performance.now();
    await sendToTopic(TENANT, { kind: 'lesson', topicId: waitingId }, { action: 'pong' });
    const pongs = await clients.ask({ collectPongs: true });
    if (!('pongTimes' in pongs) || pongs.missed > 0)
      throw new Error('a bare fan-out was not received by all');
    floorLatencies.push(pongs.pongTimes.map((at) => at - sent));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await clients.ask({ close: true });
  await clients.stop();
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
    drainSeconds,
    missed: missed.reduce((sum, n) => sum + n, 0),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    roomP99s: roomLatencies.map((values) => percentile(values, 99)),
    floorP99: percentile(floorLatencies.flat(), 99),
    floorP99s: floorLatencies.map((values) => percentile(values, 99)),
  };
}
