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
