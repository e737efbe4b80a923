import { ForbiddenError } from '../../shared/http/errors';
import type { JoinMeetingResponse } from '../../shared/schemas/meeting';
import { requireOpenCourse } from '../access/course-visibility';
import { meetingRoomUrl } from '../lib/meetings';
import type { Caller } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import { type JoinRole, recordLessonJoin } from '../repositories/lesson-joins';
import { requireLesson } from './lessons';
import { pushMeetingCoalesced, requireOpenRoom } from './waiting-room';

/**
 * notify-user-joined-to-meeting: the lesson's tutor or one of its students joins it while it is open
 * (shared/scheduling/join-window.ts). Their first join time is kept for the lesson history; the answer
 * says where the meeting is. An unknown lesson (or another tenant's) is a 404, anyone else a 403, a
 * lesson not open for joining a 409.
 */
export async function joinLesson(
  tenant: string,
  caller: Caller,
  sectionId: string,
  now = new Date(),
): Promise<JoinMeetingResponse> {
  const lesson = await requireLesson(tenant, sectionId);
  const userId = caller.user._id;
  const role: JoinRole | undefined =
    lesson.tutorId === userId ? 'tutor' : lesson.studentIds.includes(userId) ? 'student' : undefined;
  if (!role) throw new ForbiddenError("Only this lesson's tutor and students can join it");
  if (role === 'student') {
    // A draft course's lessons are not its students' yet (shared/rules/course-visibility.ts).
    const course = await coursesRepository.get(tenant, lesson.course);
    if (course) requireOpenCourse(course, 'learner', 'Lesson not found');
  }
  requireOpenRoom(lesson, now);
  const joinedAt = await recordLessonJoin(tenant, lesson, userId, role, now.toISOString());
  // The waiting room shows who is in: tell it.
  await pushMeetingCoalesced(tenant, lesson);
  // Where the meeting is: its provider's link, or the local room.
  return { joinedAt, joinUrl: lesson.meeting?.joinUrl ?? meetingRoomUrl(lesson._id) };
}
