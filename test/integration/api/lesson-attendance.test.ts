import { beforeAll, describe, expect, it } from 'vitest';
import {
  recordLessonJoin,
  recordLessonLeave,
  recordProviderJoin,
} from '../../../functions/repositories/lesson-joins';
import { lessonRecordingsRepository } from '../../../functions/repositories/lesson-recordings';
import type { LessonRecord } from '../../../functions/repositories/lessons';
import { demo } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let group: LessonRecord;

const minutesAfterStart = (minutes: number) =>
  new Date(Date.parse(group.start) + minutes * 60_000).toISOString();

beforeAll(async () => {
  [admin, tutor, sam] = await Promise.all([
    local.api.signIn(demo.admin.email, demo.admin.password),
    local.api.signIn(demo.tutor.email, demo.tutor.password),
    local.api.signIn(demo.student.email, demo.student.password),
  ]);
  // A group lesson of Tom with Sam and Maya that ended an hour ago.
  group = await placeDemoLesson({
    start: -120,
    minutes: 60,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1', 'demo-student-2'],
  });
  // Tom came on time; Sam at +4 and again at +20 after leaving at +10; Maya (through Zoom) at +2, twice
  // reported; she left at +50.
  await recordLessonJoin('demo', group, 'demo-tutor-1', 'tutor', minutesAfterStart(-1));
  await recordLessonJoin('demo', group, 'demo-student-1', 'student', minutesAfterStart(4));
  await recordLessonLeave('demo', group, 'demo-student-1', minutesAfterStart(10));
  await recordLessonJoin('demo', group, 'demo-student-1', 'student', minutesAfterStart(20));
  await recordProviderJoin('demo', group, 'demo-student-2', 'student', minutesAfterStart(2));
  await recordProviderJoin('demo', group, 'demo-student-2', 'student', minutesAfterStart(2));
  await recordLessonLeave('demo', group, 'demo-student-2', minutesAfterStart(50));
  await lessonRecordingsRepository.putMany('demo', [
    {
      sectionId: group._id,
      fileId: 'file-1',
      provider: 'ZOOM',
      fileType: 'MP4',
      startedAt: group.start,
      endedAt: group.end,
      playUrl: 'https://zoom.us/rec/play/file-1',
      sizeBytes: 1024,
    },
  ]);
  local.stack.bus.triggerSchedule('lesson-history');
  await local.stack.bus.idle();
});

const entry = (session: Session) =>
  local.api.call<Json>('lessonHistory.get', { ...session, params: { id: group._id } });

describe('a lesson history entry of a group lesson', () => {
  it("shows the admin every participant's own attendance, the recordings and the feedbacks", async () => {
    const { status, body } = await entry(admin);
    expect(status).toBe(200);
    expect(body.attendanceHistory).toEqual([
      expect.objectContaining({
        _id: 'demo-tutor-1',
        role: 'TUTOR',
        joinedAt: minutesAfterStart(-1),
        leftAt: null,
        joinCount: 1,
      }),
      expect.objectContaining({
        _id: 'demo-student-1',
        role: 'STUDENT',
        joinedAt: minutesAfterStart(4),
        lastJoinedAt: minutesAfterStart(20),
        leftAt: minutesAfterStart(10),
        joinCount: 2,
      }),
      expect.objectContaining({
        _id: 'demo-student-2',
        role: 'STUDENT',
        joinedAt: minutesAfterStart(2),
        leftAt: minutesAfterStart(50),
        joinCount: 1,
      }),
    ]);
    expect(body.recordings).toEqual([
      expect.objectContaining({
        fileId: 'file-1',
        provider: 'ZOOM',
        playUrl: 'https://zoom.us/rec/play/file-1',
      }),
    ]);
    expect(body.feedbacks).toEqual([]);
    // The row's chip times: the tutor's first join, the earliest student's.
    expect(body.tutorJoinTime).toBe(minutesAfterStart(-1));
    expect(body.studentJoinTime).toBe(minutesAfterStart(2));
  });

  it('keeps the attendance history from the tutor and the students (admin only), not the recordings', async () => {
    for (const session of [tutor, sam]) {
      const { status, body } = await entry(session);
      expect(status).toBe(200);
      expect(body.attendanceHistory).toBeUndefined();
      expect(body.recordings).toHaveLength(1);
    }
  });
});

describe("a group lesson's class timing chip", () => {
  it("carries each student's own join beside the earliest one, so a classmate's join is never theirs", async () => {
    // Prepare: a group lesson of Tom with Sam and Maya under way since ten minutes; only Maya has joined
    const live = await placeDemoLesson({
      start: -10,
      minutes: 60,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1', 'demo-student-2'],
    });
    const mayaJoined = new Date(Date.parse(live.start) + 60_000).toISOString();
    await recordLessonJoin('demo', live, 'demo-student-2', 'student', mayaJoined);
    const maya = await local.api.signIn(demo.student2.email, demo.student2.password);
    const range = {
      startDate: new Date(Date.parse(live.start) - 3_600_000).toISOString(),
      endDate: new Date(Date.parse(live.end) + 3_600_000).toISOString(),
    };
    const calendarEntry = async (session: Session, userId = session.userId) => {
      const { status, body } = await local.api.call<Json>('schedule.list', {
        ...session,
        params: { userId },
        query: range,
      });
      expect(status).toBe(200);
      return (body.docs as Json[]).find((doc) => doc.sectionId === live._id);
    };

    // Act
    const [forSam, forMaya, forTom, samToAdmin, lessonForSam] = await Promise.all([
      calendarEntry(sam),
      calendarEntry(maya),
      calendarEntry(tutor),
      calendarEntry(admin, 'demo-student-1'),
      local.api.call<Json>('schedule.get', { ...sam, params: { sectionId: live._id } }),
    ]);

    // Assess: the earliest student's join is Maya's for everyone; each student's own is theirs (Sam: none)
    expect(forSam).toMatchObject({ studentJoinTime: mayaJoined, ownJoinTime: null });
    expect(forMaya).toMatchObject({ studentJoinTime: mayaJoined, ownJoinTime: mayaJoined });
    expect(samToAdmin).toMatchObject({ studentJoinTime: mayaJoined, ownJoinTime: null });
    expect(lessonForSam.body).toMatchObject({ studentJoinTime: mayaJoined, ownJoinTime: null });
    // The tutor's calendar is not a student's: no own join, the chip reads the tutor's
    expect(forTom).toMatchObject({ tutorJoinTime: null, studentJoinTime: mayaJoined });
    expect(forTom).not.toHaveProperty('ownJoinTime');
  });
});
