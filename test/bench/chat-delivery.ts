import { cpus } from 'node:os';
import WebSocket from 'ws';
import { causeId, newId } from '../../functions/lib/ids';
import { issueToken } from '../../functions/lib/tokens';
import { courseMemberWrite, coursesRepository, newCourseMember } from '../../functions/repositories/courses';
import { newUserRecord, newUsersSeedItems, type UserRecord } from '../../functions/repositories/users';
import { batchWriteItems } from '../../functions/table/batch';
import { writeTransaction } from '../../functions/table/transactions';
import { ConflictError } from '../../shared/http/errors';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { percentile } from './open-loop-sender';
import type { BenchStack } from './stack';

/**
 * Issue #19 item 9: 1,000 connected chat users in 100 conversations at 50 messages a second for 30 seconds;
 * targets p99 delivery at most 150 ms, none lost, none duplicated. Each conversation is a course's (one
 * tutor, nine students). Delivery is timed from the frame's send to its `message` push at each of the
 * other nine members' sockets; the sender's own echo is counted for loss and duplicates too. Smaller by env
 * to try the bench out.
 */
const USERS = Number(process.env.BENCH_CHAT_USERS ?? 1000);
const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 100);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
/** How long after the last send stragglers are waited for before they count as lost. */
const DRAIN_MS = 15_000;
const CONNECT_CONCURRENCY = 20;
const TENANT = 'demo';

export interface ChatDeliveryResult {
  users: number;
  conversations: number;
  rate: number;
  seconds: number;
  sent: number;
  /** Pushes expected: every member of the conversation, sender included. */
  expected: number;
  received: number;
  lost: number;
  duplicated: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  sentRate: number;
  connectSeconds: number;
  cpus: number;
}

async function placePeople(): Promise<Array<{ courseId: string; members: UserRecord[] }>> {
  const perConversation = Math.floor(USERS / CONVERSATIONS);
  const run = newId().slice(-6);
  const groups: Array<{ courseId: string; members: UserRecord[] }> = [];
  const everyone: UserRecord[] = [];
  for (let c = 0; c < CONVERSATIONS; c++) {
    const members = Array.from({ length: perConversation }, (_, i) =>
      newUserRecord(TENANT, {
        firstname: i === 0 ? 'Bench tutor' : 'Bench student',
        lastname: `${c}-${i}`,
        email: `bench-chat-${run}-${c}-${i}@demo.test`,
        type: i === 0 ? 'tutor' : 'student',
        roleId: i === 0 ? systemRoleIds.Tutor : systemRoleIds.Student,
        // Nobody signs in with a password: the bench issues their tokens.
        passwordHash: 'bench',
      }),
    );
    everyone.push(...members);
    groups.push({ courseId: `course-bench-chat-${run}-${c}`, members });
  }
  await batchWriteItems(newUsersSeedItems(TENANT, everyone).map((Item) => ({ PutRequest: { Item } })));
  const now = new Date().toISOString();
  for (const group of groups) {
    await writeTransaction(
      [
        ...coursesRepository.insertItems(TENANT, {
          _id: group.courseId,
          title: `Bench chat ${group.courseId.slice(-4)}`,
          description: '',
          curriculum: 'Cambridge IGCSE',
          subject: 'Mathematics',
          grade: 'Grade 10',
          status: 'ACTIVE',
          type: 'Group',
          paymentType: 'SUBSCRIPTION',
          lessonDuration: 60,
          isTrial: false,
          createdAt: now,
          updatedAt: now,
        }),
        ...group.members.map((member, i) =>
          courseMemberWrite(
            TENANT,
            newCourseMember(
              group.courseId,
              member,
              i === 0 ? 'tutor' : 'student',
              i === 0 ? 'PRIMARY' : 'SUBSCRIPTION',
              now,
            ),
          ),
        ),
      ],
      () => new ConflictError('bench course exists'),
    );
  }
  return groups;
}

interface Client {
  socket: WebSocket;
  userId: string;
  conversationId: string;
}

export async function measureChatDelivery(stack: BenchStack): Promise<ChatDeliveryResult> {
  const groups = await placePeople();
  const sentAt = new Map<string, number>();
  const senderOf = new Map<string, number>();
  const seen = new Set<string>();
  const latencies: number[] = [];
  let received = 0;
  let duplicated = 0;
  let errors = 0;
  const waiters = new Map<string, () => void>();

  async function connect(index: number, user: UserRecord, conversationId: string): Promise<Client> {
    const { token } = await issueToken({ sub: user._id, tid: TENANT, rol: user.roleId });
    const url = new URL(stack.wsUrl);
    url.searchParams.set('token', token);
    url.searchParams.set('userId', user._id);
    const socket = new WebSocket(url.href, { headers: { 'x-tenant-key': TENANT } });
    socket.on('message', (data) => {
      const now = performance.now();
      const message = JSON.parse(data.toString()) as { action: string; clientId?: string; status?: number };
      if (message.action === 'error') errors++;
      if (message.action === 'conversations') waiters.get(`${index}:conversations`)?.();
      if (message.action !== 'message' || !message.clientId) return;
      const key = `${index}:${message.clientId}`;
      if (seen.has(key)) {
        duplicated++;
        return;
      }
      seen.add(key);
      received++;
      const at = sentAt.get(message.clientId);
      if (at !== undefined && senderOf.get(message.clientId) !== index) latencies.push(now - at);
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return { socket, userId: user._id, conversationId };
  }

  // Connect everyone, a few at a time (each $connect runs the authorizer and tells the user's peers).
  const connectStart = performance.now();
  const plan = groups.flatMap((group) =>
    group.members.map((member) => ({ member, conversationId: causeId('chat', 'course', group.courseId) })),
  );
  const clients: Client[] = new Array(plan.length);
  for (let i = 0; i < plan.length; i += CONNECT_CONCURRENCY) {
    await Promise.all(
      plan.slice(i, i + CONNECT_CONCURRENCY).map(async (entry, j) => {
        const index = i + j;
        clients[index] = await connect(index, entry.member, entry.conversationId);
      }),
    );
  }
  // Each course's tutor opens chat once, which makes the course's conversation with every member's part.
  const perConversation = groups[0]?.members.length ?? 0;
  for (let c = 0; c < groups.length; c += 10) {
    await Promise.all(
      groups.slice(c, c + 10).map(
        (_, k) =>
          new Promise<void>((resolve) => {
            const index = (c + k) * perConversation;
            waiters.set(`${index}:conversations`, resolve);
            clients[index]?.socket.send(JSON.stringify({ action: 'getConversations' }));
          }),
      ),
    );
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;

  // Open loop: a message every 1/RATE s from a random member of a random conversation, whatever the answers.
  const total = RATE * SECONDS;
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE) + 1);
      while (sent < due) {
        const index = Math.floor(Math.random() * clients.length);
        const client = clients[index];
        const clientId = `bench-${sent}`;
        sentAt.set(clientId, performance.now());
        senderOf.set(clientId, index);
        client?.socket.send(
          JSON.stringify({
            action: 'sendMessage',
            conversationId: client.conversationId,
            message: `Bench message ${sent}`,
            clientId,
          }),
        );
        sent++;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const sendSeconds = (performance.now() - start) / 1000;
  const expected = sent * perConversation;
  const drainUntil = performance.now() + DRAIN_MS;
  while (received < expected && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 100));
  await Promise.all(
    clients.map(
      (client) =>
        new Promise((resolve) => {
          client.socket.once('close', resolve);
          client.socket.close();
        }),
    ),
  );
  return {
    users: clients.length,
    conversations: groups.length,
    rate: RATE,
    seconds: SECONDS,
    sent,
    expected,
    received,
    lost: expected - received,
    duplicated,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    sentRate: sent / sendSeconds,
    connectSeconds,
    cpus: cpus().length,
  };
}
