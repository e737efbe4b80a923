import * as z from 'zod';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import type { LessonRecord } from './lessons';

/**
 * A lesson's waiting room, per sitting (the lesson's start, as its joins: a lesson moved to another time
 * starts with nobody waiting and its meeting not started). Both kinds of item sit in the lesson's
 * attendance partition beside the joins, never on the section item, whose `updatedAt` guards every
 * cancel and reschedule: waiting and starting never make those fail.
 */
type Sitting = Pick<LessonRecord, '_id' | 'start'>;

/** The meeting's start: written once, by the first start (the condition holds it, not a read). */
const lessonMeetings = defineEntity({
  name: 'lessonMeeting',
  schema: z.object({
    sectionId: z.string(),
    lessonStart: z.string(),
    startedAt: z.string(),
    startedBy: z.string(),
  }),
  keyAttributes: ['sectionId', 'lessonStart'],
  key: (tenant, meeting) => keys.lessonMeeting(tenant, meeting.sectionId, meeting.lessonStart),
});
export type LessonMeeting = z.infer<typeof lessonMeetings.schema>;

/** A participant's first wait in the room (written only by recordWaiting's update). */
const lessonWaits = defineEntity({
  name: 'lessonWaiting',
  schema: z.object({
    sectionId: z.string(),
    lessonStart: z.string(),
    userId: z.string(),
    waitingSince: z.string(),
  }),
  keyAttributes: ['sectionId', 'lessonStart', 'userId'],
  key: (tenant, wait) => keys.lessonWaiting(tenant, wait.sectionId, wait.lessonStart, wait.userId),
});
export type LessonWait = z.infer<typeof lessonWaits.schema>;

export const lessonMeetingsRepository = {
  /** The sitting's meeting, or undefined while nobody started it (read consistently: a start just made counts). */
  meetingOf(tenant: string, lesson: Sitting): Promise<LessonMeeting | undefined> {
    return lessonMeetings.get(
      tenant,
      { sectionId: lesson._id, lessonStart: lesson.start },
      { consistent: true },
    );
  },

  /**
   * Starts the sitting's meeting unless it was started already, and answers the meeting as it stands:
   * of two tutors' tabs starting together, one write wins and both are told its time.
   */
  async start(tenant: string, lesson: Sitting, userId: string, at: string): Promise<LessonMeeting> {
    const meeting = { sectionId: lesson._id, lessonStart: lesson.start, startedAt: at, startedBy: userId };
    try {
      await lessonMeetings.put(tenant, meeting, 'absent');
      return meeting;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      const started = await this.meetingOf(tenant, lesson);
      if (!started) throw error;
      return started;
    }
  },

  /** Records a participant's wait; `if_not_exists` keeps the first time however often the room is opened. */
  async recordWaiting(tenant: string, lesson: Sitting, userId: string, at: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: lessonWaits.key(tenant, { sectionId: lesson._id, lessonStart: lesson.start, userId }),
        UpdateExpression:
          'SET waitingSince = if_not_exists(waitingSince, :at), entity = :entity, ' +
          'sectionId = :section, lessonStart = :start, userId = :user',
        ExpressionAttributeValues: {
          ':at': at,
          ':entity': lessonWaits.name,
          ':section': lesson._id,
          ':start': lesson.start,
          ':user': userId,
        },
      }),
    );
  },

  /** Who has waited in the sitting's room: one Query of the attendance partition's waiting entries. */
  waitsOf(tenant: string, lesson: Sitting): Promise<LessonWait[]> {
    return lessonWaits.query({
      partition: keys.lessonWaiting(tenant, lesson._id, lesson.start, '').pk,
      sortKey: { beginsWith: keys.lessonWaitingPrefix(lesson.start) },
      consistent: true,
    });
  },
};
