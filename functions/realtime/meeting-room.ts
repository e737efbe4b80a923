import { ConflictError } from '../../shared/http/errors';
import { requireLesson } from '../meetings/lessons';
import { pushMeetingCoalesced, requireOpenRoom, waitingRoomKind } from '../meetings/waiting-room';
import { recordLessonJoin, recordLessonLeave } from '../repositories/lesson-joins';
import { lessonMeetingsRepository } from '../repositories/lesson-meetings';
import type { LessonRecord } from '../repositories/lessons';
import { socketConnectionsRepository, type TopicRef } from '../repositories/socket-connections';
import { getUser } from '../repositories/users';
import { broadcastCoalesced } from './coalesced-broadcast';
import { sendToConnections } from './send';
import { type SocketCaller, whoIsIn } from './waiting-room';

/**
 * The local meeting room of a lesson (the local stack's meeting: functions/lib/meeting-providers/local.ts),
 * kept by the socket: a connection that enters is registered to the room and, for the lesson's tutor and
 * students, their join recorded (as the waiting room's Join does); leaving, or the connection closing,
 * records their leave once their last connection in the room has gone. Everyone in the room is told who
 * is there, and the waiting room who is in.
 */
const roomTopic = (waitingId: string): TopicRef => ({ kind: 'meetingRoom', topicId: waitingId });

/** Both rooms told, each coalesced with its other changes of the moment (functions/realtime/coalesced-broadcast.ts). */
async function tellRoom(tenant: string, lesson: LessonRecord): Promise<void> {
  await broadcastCoalesced(tenant, roomTopic(lesson._id), 'meetingRoom', async () => {
    const room = await whoIsIn(tenant, roomTopic(lesson._id));
    await sendToConnections(tenant, room.connectionIds, {
      action: 'meetingRoom',
      waitingId: lesson._id,
      people: room.people,
    });
  });
  // The waiting room's list of who joined and left follows.
  await pushMeetingCoalesced(tenant, lesson);
}

export async function enterMeetingRoom(
  caller: SocketCaller,
  waitingId: string,
  now = new Date(),
): Promise<void> {
  const lesson = await requireLesson(caller.tenant, waitingId);
  const user = await getUser(caller.tenant, caller.userId);
  const kind = await waitingRoomKind(caller.tenant, user ?? { _id: caller.userId }, lesson);
  requireOpenRoom(lesson, now);
  if (!(await lessonMeetingsRepository.meetingOf(caller.tenant, lesson))) {
    throw new ConflictError('The tutor has not started this lesson yet: wait in its waiting room');
  }
  const at = now.toISOString();
  await socketConnectionsRepository.register(caller.tenant, {
    ...roomTopic(waitingId),
    connectionId: caller.connectionId,
    userId: caller.userId,
    role: kind,
    registeredAt: at,
    connectedAt: caller.connectedAt,
  });
  if (kind !== 'ADMIN') {
    await recordLessonJoin(caller.tenant, lesson, caller.userId, kind === 'TUTOR' ? 'tutor' : 'student', at);
  }
  await tellRoom(caller.tenant, lesson);
}

export async function leaveMeetingRoom(
  caller: SocketCaller,
  waitingId: string,
  now = new Date(),
): Promise<void> {
  await socketConnectionsRepository.unregister(caller.tenant, roomTopic(waitingId), caller.connectionId);
  await sendToConnections(caller.tenant, [caller.connectionId], { action: 'leftMeetingRoom', waitingId });
  await recordLeaveIfGone(caller.tenant, caller.userId, waitingId, now);
}

/**
 * The user's connection to the room closed ($disconnect) or left: their leave is recorded unless another
 * of their connections (another tab) is still in, and the room told.
 */
export async function recordLeaveIfGone(
  tenant: string,
  userId: string,
  waitingId: string,
  now = new Date(),
): Promise<void> {
  const lesson = await requireLesson(tenant, waitingId).catch(() => undefined);
  if (!lesson) return;
  const still = await socketConnectionsRepository.registrationsOf(tenant, roomTopic(waitingId));
  if (!still.some((registration) => registration.userId === userId)) {
    await recordLessonLeave(tenant, lesson, userId, now.toISOString());
  }
  await tellRoom(tenant, lesson);
}
