import { logger } from '../lib/logger';
import { meetingProviderFor, providerOfKind } from '../lib/meeting-providers/provider';
import type { MeetingSpec, ProviderMeeting } from '../lib/meetings';
import type { LessonRecord } from '../repositories/lessons';
import { providerMeetingsRepository } from '../repositories/provider-meetings';

/**
 * A ZOOM or TEAMS lesson's meeting follows the lesson: created when it is booked, moved when it is
 * rescheduled, cancelled when it is cancelled or deleted.
 *
 * What a provider failure does (decided here, for every caller):
 * - Booking: the meeting is created before anything is written, and a failure refuses the booking with a
 *   502 that names the provider and says the lesson was not booked. A lesson "booked without its meeting"
 *   would hold the tutor's slot and spend the student's credit or minutes while giving nobody a place to
 *   meet, and would need a retry job to become right; refusing leaves nothing to repair, and the user can
 *   simply book again. Should the booking's own write then fail (a slot taken meanwhile), the meetings
 *   just created are cancelled again.
 * - Moving: the meeting is moved first, so a failure refuses the reschedule (502, the lesson keeps its
 *   time); should the lesson's write then fail, the meeting is moved back.
 * - Cancelling and deleting: the lesson is cancelled first, whatever the provider says; a meeting the
 *   provider failed to cancel is logged (its room refuses a cancelled lesson's joins, so nobody is sent
 *   to it) and can be removed by hand at the provider.
 */

const MINUTE_MS = 60_000;

function specOf(lesson: LessonRecord): MeetingSpec {
  return {
    lessonId: lesson._id,
    topic: lesson.title,
    start: lesson.start,
    durationMinutes: Math.round((Date.parse(lesson.end) - Date.parse(lesson.start)) / MINUTE_MS),
  };
}

function kindOf(lesson: LessonRecord): 'ZOOM' | 'TEAMS' {
  return lesson.kind === 'TEAMS' ? 'TEAMS' : 'ZOOM';
}

/** Cancels meetings at their provider, logging (not throwing) a failure: used where the lesson is gone. */
async function cancelQuietly(tenant: string, meetings: ProviderMeeting[]): Promise<void> {
  await Promise.all(
    meetings.map(async (meeting) => {
      try {
        await (await meetingProviderFor(tenant, meeting.provider)).cancel(meeting.meetingId);
      } catch (error) {
        logger.error('A meeting could not be cancelled at its provider; remove it there by hand', {
          provider: meeting.provider,
          meetingId: meeting.meetingId,
          error: error as Error,
        });
      }
    }),
  );
}

/** How many meetings of a series are created at once: providers rate-limit bursts. */
const CREATE_CONCURRENCY = 4;

/**
 * Creates the meeting of each new lesson, then runs `write` with the lessons carrying them. A provider
 * failure cancels the meetings already created and throws its 502 (nothing is written); a failed write
 * cancels them all and throws its own error.
 */
export async function withNewMeetings<T>(
  tenant: string,
  lessons: LessonRecord[],
  write: (lessons: LessonRecord[]) => Promise<T>,
): Promise<T> {
  const first = lessons[0];
  if (!first) return write(lessons);
  const provider = await meetingProviderFor(tenant, providerOfKind(kindOf(first)));
  const created: ProviderMeeting[] = [];
  const withMeetings: LessonRecord[] = [];
  try {
    for (let index = 0; index < lessons.length; index += CREATE_CONCURRENCY) {
      const batch = lessons.slice(index, index + CREATE_CONCURRENCY);
      const meetings = await Promise.allSettled(batch.map((lesson) => provider.create(specOf(lesson))));
      for (const outcome of meetings) if (outcome.status === 'fulfilled') created.push(outcome.value);
      const failed = meetings.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      batch.forEach((lesson, at) => {
        const meeting = meetings[at];
        if (meeting?.status === 'fulfilled') withMeetings.push({ ...lesson, meeting: meeting.value });
      });
    }
    // The provider's webhooks name the meeting: each finds its lesson through this pointer.
    await providerMeetingsRepository.putMany(
      tenant,
      withMeetings.flatMap(({ _id, meeting }) =>
        meeting && meeting.provider !== 'LOCAL'
          ? [{ provider: meeting.provider, meetingId: meeting.meetingId, sectionId: _id }]
          : [],
      ),
    );
  } catch (error) {
    await cancelQuietly(tenant, created);
    logger.warn('Booking refused: its meeting could not be created', { error: error as Error });
    throw error;
  }
  try {
    return await write(withMeetings);
  } catch (error) {
    await cancelQuietly(tenant, created);
    throw error;
  }
}

/** Whether a change moves the lesson's meeting: its time, or its title (the meeting's topic). */
function moves(before: LessonRecord, after: LessonRecord): boolean {
  return before.start !== after.start || before.end !== after.end || before.title !== after.title;
}

function isCancelled(before: LessonRecord, after: LessonRecord | undefined): boolean {
  return after === undefined || (after.status === 'CANCELLED' && before.status !== 'CANCELLED');
}

/**
 * Writes lesson changes with their meetings (see the rules above): each pair the lesson before and after
 * its change, `after` undefined for a deleted lesson. Lessons without a meeting (booked before meetings
 * were created, or of the local stack) are written as they are.
 */
export async function withMeetingChanges<T>(
  tenant: string,
  changes: Array<{ before: LessonRecord; after: LessonRecord | undefined }>,
  write: () => Promise<T>,
): Promise<T> {
  const moved: Array<{ meeting: ProviderMeeting; before: LessonRecord; after: LessonRecord }> = [];
  const cancelled: ProviderMeeting[] = [];
  for (const { before, after } of changes) {
    const meeting = before.meeting;
    if (!meeting) continue;
    if (isCancelled(before, after)) cancelled.push(meeting);
    else if (after && after.status !== 'CANCELLED' && moves(before, after))
      moved.push({ meeting, before, after });
  }
  const done: typeof moved = [];
  try {
    for (const change of moved) {
      const provider = await meetingProviderFor(tenant, change.meeting.provider);
      await provider.update(change.meeting.meetingId, specOf(change.after));
      done.push(change);
    }
  } catch (error) {
    await moveBack(tenant, done);
    throw error;
  }
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await moveBack(tenant, done);
    throw error;
  }
  await cancelQuietly(tenant, cancelled);
  return result;
}

async function moveBack(
  tenant: string,
  moved: Array<{ meeting: ProviderMeeting; before: LessonRecord }>,
): Promise<void> {
  for (const { meeting, before } of moved) {
    try {
      await (await meetingProviderFor(tenant, meeting.provider)).update(meeting.meetingId, specOf(before));
    } catch (error) {
      logger.error("A meeting could not be moved back to its lesson's time", {
        provider: meeting.provider,
        meetingId: meeting.meetingId,
        error: error as Error,
      });
    }
  }
}
