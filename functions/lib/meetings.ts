import { randomUUID } from 'node:crypto';
import { config } from './config';

/**
 * The meeting port: where participants join a live lesson. The local adapter sends everyone to the
 * platform's own waiting room for the lesson; a video-meeting adapter (Zoom, Teams) would create the
 * meeting here and answer its join URL.
 */
export function meetingJoinUrl(sectionId: string): string {
  return `${config().WEB_ORIGIN}/learning-portal/waiting-room/${sectionId}`;
}

/**
 * Where a started meeting is joined from its waiting room. The local adapter's meeting room is, for now,
 * a placeholder page of the SPA (/meeting-room/{id}) that the meetings work (issue 19 item 3) fills; a
 * video-meeting adapter would answer its meeting's join URL.
 */
export function meetingRoomUrl(sectionId: string): string {
  return `${config().WEB_ORIGIN}/learning-portal/meeting-room/${sectionId}`;
}

/**
 * The meeting's event id (a video-meeting adapter would answer its own meeting id). Random, not
 * time-ordered: lesson history shows its first 8 characters as the reference key, which must tell lessons
 * apart even when they were booked in the same minute.
 */
export function newMeetingEventId(): string {
  return randomUUID().replace(/-/g, '');
}
