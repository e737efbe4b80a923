import type {
  ServerMessageOf,
  WaitingRoomConnection,
  WaitingRoomUserKind,
} from '../../shared/realtime/socket-events';
import { requireLesson } from '../meetings/lessons';
import { lessonTopic, waitingRoomKind as lessonWaitingRoomKind } from '../meetings/waiting-room';
import { socketConnectionsRepository, type TopicRef } from '../repositories/socket-connections';
import { getUser, getUsers } from '../repositories/users';
import { broadcastCoalesced } from './coalesced-broadcast';
import { sendToConnections } from './send';

/** Who is asking, from the connection's $connect authorizer context. */
export interface SocketCaller {
  tenant: string;
  userId: string;
  connectionId: string;
  connectedAt: string;
  /** The back-office chat's connection (the handshake's adminMode, checked by the authorizer). */
  adminMode: boolean;
}

/** The caller's part in the lesson's room (functions/meetings/waiting-room.ts: the HTTP calls' rule too). */
async function waitingRoomKind(caller: SocketCaller, waitingId: string): Promise<WaitingRoomUserKind> {
  const lesson = await requireLesson(caller.tenant, waitingId);
  const user = await getUser(caller.tenant, caller.userId);
  return lessonWaitingRoomKind(caller.tenant, user ?? { _id: caller.userId }, lesson);
}

/**
 * Who is registered to a room (the waiting room, or a lesson's meeting room): one entry per person
 * (several tabs are one), in the order they came, and the connections to tell (one read for both: someone
 * who registers after it is told by the next round, never sent a list that leaves them out).
 */
export async function whoIsIn(
  tenant: string,
  topic: TopicRef,
): Promise<{ people: WaitingRoomConnection[]; connectionIds: string[] }> {
  const registrations = await socketConnectionsRepository.registrationsOf(tenant, topic);
  const firstOfEach = new Map<string, (typeof registrations)[number]>();
  for (const registration of registrations)
    if (!firstOfEach.has(registration.userId)) firstOfEach.set(registration.userId, registration);
  const users = new Map(
    (await getUsers(tenant, [...firstOfEach.keys()])).map((user) => [user._id, user] as const),
  );
  const people: WaitingRoomConnection[] = [];
  for (const [userId, registration] of firstOfEach) {
    const user = users.get(userId);
    if (!user || !registration.role) continue;
    people.push({
      userId,
      firstname: user.firstname,
      lastname: user.lastname,
      kind: registration.role,
      since: registration.registeredAt,
    });
  }
  return { people, connectionIds: registrations.map((registration) => registration.connectionId) };
}

async function roomMessage(tenant: string, waitingId: string) {
  const room = await whoIsIn(tenant, lessonTopic(waitingId));
  const message: ServerMessageOf<'connections'> = {
    action: 'connections',
    waitingId,
    connections: room.people,
  };
  return { message, connectionIds: room.connectionIds };
}

/**
 * Tells everyone in the room who is there now, coalesced with the room's other changes of the moment (a
 * lesson's start brings everyone at once). A connection found gone is removed by the send; the room is
 * then told once more without it.
 */
export async function broadcastRoom(tenant: string, waitingId: string): Promise<void> {
  await broadcastCoalesced(tenant, lessonTopic(waitingId), 'connections', async () => {
    for (let round = 0; round < 2; round++) {
      const room = await roomMessage(tenant, waitingId);
      const delivery = await sendToConnections(tenant, room.connectionIds, room.message);
      if (delivery.gone.length === 0) return;
    }
  });
}

export async function register(caller: SocketCaller, waitingId: string): Promise<void> {
  const role = await waitingRoomKind(caller, waitingId);
  await socketConnectionsRepository.register(caller.tenant, {
    ...lessonTopic(waitingId),
    connectionId: caller.connectionId,
    userId: caller.userId,
    role,
    registeredAt: new Date().toISOString(),
    connectedAt: caller.connectedAt,
  });
  // The newcomer's answer is this same message: who is there, itself included.
  await broadcastRoom(caller.tenant, waitingId);
}

export async function unregister(caller: SocketCaller, waitingId: string): Promise<void> {
  await socketConnectionsRepository.unregister(caller.tenant, lessonTopic(waitingId), caller.connectionId);
  await sendToConnections(caller.tenant, [caller.connectionId], { action: 'unregistered', waitingId });
  await broadcastRoom(caller.tenant, waitingId);
}

export async function getConnections(caller: SocketCaller, waitingId: string): Promise<void> {
  await waitingRoomKind(caller, waitingId);
  const room = await roomMessage(caller.tenant, waitingId);
  await sendToConnections(caller.tenant, [caller.connectionId], room.message);
}
