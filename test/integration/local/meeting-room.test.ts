import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { lessonAttendance } from '../../../functions/repositories/lesson-joins';
import type { LessonRecord } from '../../../functions/repositories/lessons';
import type { ServerMessage, ServerMessageOf } from '../../../shared/realtime/socket-events';
import { demo } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };

/** A socket of one person: what it received, and a wait for the next message of an action. */
async function openSocket(session: Session) {
  const url = new URL(local.stack.wsUrl);
  url.searchParams.set('token', session.token);
  url.searchParams.set('userId', session.userId);
  const socket = new WebSocket(url.href);
  const received: ServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let read = 0;
  return {
    send: (frame: unknown) => socket.send(JSON.stringify(frame)),
    async next<Action extends ServerMessage['action']>(
      action: Action,
      where: (message: ServerMessageOf<Action>) => boolean = () => true,
    ): Promise<ServerMessageOf<Action>> {
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        while (read < received.length) {
          const message = received[read++];
          if (message?.action === action && where(message as ServerMessageOf<Action>))
            return message as ServerMessageOf<Action>;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`No ${action}; received ${JSON.stringify(received.slice(read))}`);
    },
    async close() {
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.close();
      await closed;
    },
  };
}

const inRoom = (message: ServerMessageOf<'meetingRoom'>) =>
  message.people.map((person) => person.userId).sort();

describe('the local meeting room over the socket', () => {
  let tutor: Session;
  let sam: Session;
  let maya: Session;
  let group: LessonRecord;

  beforeAll(async () => {
    [tutor, sam, maya] = await Promise.all([
      local.api.signIn(demo.tutor.email, demo.tutor.password),
      local.api.signIn(demo.student.email, demo.student.password),
      local.api.signIn(demo.student2.email, demo.student2.password),
    ]);
    group = await placeDemoLesson({
      start: 5,
      minutes: 60,
      tutorId: tutor.userId,
      studentIds: [sam.userId, maya.userId],
    });
  });

  it('is closed until the tutor starts the lesson (409)', async () => {
    const socket = await openSocket(sam);
    socket.send({ action: 'enterMeetingRoom', waitingId: group._id });
    expect(await socket.next('error')).toMatchObject({ status: 409, request: 'enterMeetingRoom' });
    await socket.close();
  });

  it("records each participant's join on entering and leave on Leave or closing, and tells the room", async () => {
    // Prepare: the tutor starts the lesson
    const started = await local.api.call('meetings.start', { ...tutor, body: { waitingId: group._id } });
    expect(started.status).toBe(200);
    const [tutorSocket, samSocket, mayaSocket] = await Promise.all([
      openSocket(tutor),
      openSocket(sam),
      openSocket(maya),
    ]);

    // Act: all three enter
    tutorSocket.send({ action: 'enterMeetingRoom', waitingId: group._id });
    await tutorSocket.next('meetingRoom');
    samSocket.send({ action: 'enterMeetingRoom', waitingId: group._id });
    await samSocket.next('meetingRoom');
    mayaSocket.send({ action: 'enterMeetingRoom', waitingId: group._id });
    const everyone = await tutorSocket.next('meetingRoom', (m) => m.people.length === 3);

    // Assess: three people in, each with their own join
    expect(inRoom(everyone)).toEqual([tutor.userId, sam.userId, maya.userId].sort());
    const joined = await lessonAttendance('demo', group);
    expect(joined.map((a) => [a.userId, a.role, typeof a.joinedAt, a.leftAt])).toEqual([
      [tutor.userId, 'tutor', 'string', undefined],
      [sam.userId, 'student', 'string', undefined],
      [maya.userId, 'student', 'string', undefined],
    ]);

    // Act: Maya leaves with Leave; Sam closes his tab
    mayaSocket.send({ action: 'leaveMeetingRoom', waitingId: group._id });
    await mayaSocket.next('leftMeetingRoom');
    await samSocket.close();
    const alone = await tutorSocket.next('meetingRoom', (m) => m.people.length === 1);

    // Assess: both leaves recorded, the tutor still in; the waiting room's meeting shows who left
    expect(inRoom(alone)).toEqual([tutor.userId]);
    const after = await lessonAttendance('demo', group);
    expect(after.map((a) => [a.userId, a.leftAt === undefined])).toEqual([
      [tutor.userId, true],
      [sam.userId, false],
      [maya.userId, false],
    ]);
    const data = await local.api.call<Record<string, any>>('meetings.meetingData', {
      ...tutor,
      params: { waitingId: group._id },
    });
    expect(data.body.joinUrl).toMatch(new RegExp(`/learning-portal/meeting-room/${group._id}$`));
    const maysState = data.body.participants.find((p: { userId: string }) => p.userId === maya.userId);
    expect(maysState.leftAt).toEqual(expect.any(String));
    await Promise.all([tutorSocket.close(), mayaSocket.close()]);
  });
});
