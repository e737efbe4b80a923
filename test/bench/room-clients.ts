import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import type { ServerMessage } from '../../shared/realtime/socket-events';

/**
 * The waiting-room benchmark's 500 clients, in a worker thread of their own: their frames are read and
 * parsed off the stack's event loop, as a room's browsers would be, so the stack's fan-out is timed without
 * its clients' work mixed in. Times are absolute (timeOrigin + now), comparable with the main thread's.
 */
export interface RoomClientsInput {
  wsUrl: string;
  tenant: string;
  people: Array<{ userId: string; token: string }>;
  /** The rooms each client registers to (the spec's register event), once connected. */
  waitingIds: string[];
  openingAtOnce: number;
}

export type RoomClientsRequest =
  | { collect: string }
  | { collectPongs: true }
  | { quietFor: number; atMost: number }
  | { close: true };
export type RoomClientsReply =
  | { opened: number }
  | { quiet: boolean; waitedMs: number }
  | { collected: string; noticeTimes: number[]; missed: number }
  | { pongTimes: number[]; missed: number }
  | { closed: true };

const input: RoomClientsInput = workerData;
const port = parentPort;
if (!port) throw new Error('room-clients runs as a worker thread');
const now = () => performance.timeOrigin + performance.now();

const sockets: Array<{ socket: WebSocket; started: Map<string, number>; pongAt?: number }> = [];
/** When any client last received a frame: the arrivals' broadcasts are over when this stops moving. */
let lastFrameAt = now();

function open(person: { userId: string; token: string }): Promise<void> {
  const url = new URL(input.wsUrl);
  url.searchParams.set('token', person.token);
  url.searchParams.set('userId', person.userId);
  const socket = new WebSocket(url.href, { headers: { 'x-tenant-key': input.tenant } });
  const client: (typeof sockets)[number] = { socket, started: new Map<string, number>() };
  socket.on('message', (data) => {
    lastFrameAt = now();
    const message: ServerMessage = JSON.parse(data.toString());
    if (message.action === 'pong') client.pongAt ??= now();
    if (
      (message.action === 'meeting' || message.action === 'meetingStarted') &&
      message.meeting.status === 'STARTED' &&
      !client.started.has(message.waitingId)
    )
      client.started.set(message.waitingId, now());
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      for (const waitingId of input.waitingIds)
        socket.send(JSON.stringify({ action: 'register', waitingId }));
      sockets.push(client);
      resolve();
    });
    socket.once('error', reject);
  });
}

async function openAll(): Promise<void> {
  let next = 0;
  const opener = async () => {
    for (let person = input.people[next++]; person; person = input.people[next++]) await open(person);
  };
  await Promise.all(Array.from({ length: input.openingAtOnce }, opener));
}

const reply = (message: RoomClientsReply) => port.postMessage(message);

port.on('message', async (request: RoomClientsRequest) => {
  if ('quietFor' in request) {
    // Until no client has received anything for `quietFor` ms (or `atMost` ms have passed).
    const since = now();
    while (now() - lastFrameAt < request.quietFor && now() - since < request.atMost)
      await new Promise((resolve) => setTimeout(resolve, 50));
    reply({ quiet: now() - lastFrameAt >= request.quietFor, waitedMs: now() - since });
  } else if ('collectPongs' in request) {
    // The bench's bare fan-out (a pong to the room): each client's first since the last collection.
    const deadline = Date.now() + 10_000;
    while (sockets.some((client) => client.pongAt === undefined) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const pongTimes = sockets.flatMap((client) => client.pongAt ?? []);
    for (const client of sockets) client.pongAt = undefined;
    reply({ pongTimes, missed: sockets.length - pongTimes.length });
  } else if ('collect' in request) {
    const waitingId = request.collect;
    // Each client's notice, waiting up to 10 s for the last.
    const deadline = Date.now() + 10_000;
    while (sockets.some(({ started }) => !started.has(waitingId)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const noticeTimes = sockets.flatMap(({ started }) => started.get(waitingId) ?? []);
    reply({ collected: waitingId, noticeTimes, missed: sockets.length - noticeTimes.length });
  } else {
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
    reply({ closed: true });
  }
});

await openAll();
reply({ opened: sockets.length });
