import { NotFoundError } from '../../shared/http/errors';
import { logger } from '../lib/logger';
import { parseZoomEvent, type ZoomEvent } from '../lib/meeting-providers/zoom-webhook';
import { requireLesson } from '../meetings/lessons';
import { meetingState, pushMeeting } from '../meetings/waiting-room';
import { type JoinRole, recordLessonLeave, recordProviderJoin } from '../repositories/lesson-joins';
import { lessonRecordingsRepository } from '../repositories/lesson-recordings';
import type { LessonRecord } from '../repositories/lessons';
import { providerMeetingsRepository } from '../repositories/provider-meetings';
import { getUsers } from '../repositories/users';
import { getZoomEvent } from '../repositories/zoom-events';

/** A leave that came before its join: thrown so the bus delivers it again once the join is recorded. */
export class LeaveBeforeJoin extends Error {}

/**
 * Applies one recorded Zoom event (the event pipeline calls this once per event id):
 * - meeting.participant_joined / meeting.participant_left: the participant's join or leave, when their
 *   Zoom e-mail is the lesson's tutor's or one of its students' (anyone else is logged and skipped);
 * - recording.completed: the lesson's recordings.
 * An event about a meeting no lesson has (one made by hand in Zoom) is skipped.
 */
export async function applyZoomEvent(tenant: string, eventId: string): Promise<void> {
  const recorded = await getZoomEvent(tenant, eventId);
  if (!recorded) {
    logger.warn('Zoom event not found (expired?)', { eventId });
    return;
  }
  const event = parseZoomEvent(recorded.payload);
  const lesson = await lessonOfEvent(tenant, event);
  if (!lesson) return;
  switch (event.event) {
    case 'meeting.participant_joined':
    case 'meeting.participant_left':
      return applyParticipant(tenant, lesson, event);
    case 'recording.completed':
      return applyRecording(tenant, lesson, event);
    default:
      logger.info('Zoom event not used', { type: event.event });
  }
}

async function lessonOfEvent(tenant: string, event: ZoomEvent): Promise<LessonRecord | undefined> {
  const meetingId = event.payload.object?.id;
  if (!meetingId) return undefined;
  const ref = await providerMeetingsRepository.lessonOf(tenant, 'ZOOM', meetingId);
  if (!ref) {
    logger.info('Zoom event of a meeting no lesson has', { meetingId });
    return undefined;
  }
  try {
    return await requireLesson(tenant, ref.sectionId);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** Which of the lesson's people a Zoom participant is, by e-mail (Zoom's sign-in of the person). */
async function personOf(
  tenant: string,
  lesson: LessonRecord,
  email: string | undefined,
): Promise<{ userId: string; role: JoinRole } | undefined> {
  if (!email) return undefined;
  const wanted = email.trim().toLowerCase();
  const people = await getUsers(tenant, [lesson.tutorId, ...lesson.studentIds]);
  const person = people.find((user) => user.email.toLowerCase() === wanted);
  if (!person) return undefined;
  return { userId: person._id, role: person._id === lesson.tutorId ? 'tutor' : 'student' };
}

async function applyParticipant(tenant: string, lesson: LessonRecord, event: ZoomEvent): Promise<void> {
  const participant = event.payload.object?.participant;
  const person = await personOf(tenant, lesson, participant?.email);
  if (!participant || !person) {
    logger.info("A Zoom participant who is not one of the lesson's people", { sectionId: lesson._id });
    return;
  }
  if (event.event === 'meeting.participant_joined' && participant.join_time) {
    await recordProviderJoin(tenant, lesson, person.userId, person.role, iso(participant.join_time));
  }
  if (event.event === 'meeting.participant_left' && participant.leave_time) {
    const kept = await recordLessonLeave(tenant, lesson, person.userId, iso(participant.leave_time));
    if (!kept) throw new LeaveBeforeJoin('A Zoom leave came before its join: delivered again later');
  }
  // The waiting room shows who is in: tell it.
  await pushMeeting(tenant, await meetingState(tenant, lesson));
}

async function applyRecording(tenant: string, lesson: LessonRecord, event: ZoomEvent): Promise<void> {
  const files = event.payload.object?.recording_files ?? [];
  await lessonRecordingsRepository.putMany(
    tenant,
    files.map((file) => ({
      sectionId: lesson._id,
      fileId: file.id,
      provider: 'ZOOM',
      fileType: file.file_type,
      startedAt: file.recording_start ?? null,
      endedAt: file.recording_end ?? null,
      playUrl: file.play_url ?? null,
      sizeBytes: file.file_size ?? null,
    })),
  );
}

/** Zoom's times are ISO instants without milliseconds; the attendance compares them as ours (with). */
function iso(time: string): string {
  return new Date(time).toISOString();
}
