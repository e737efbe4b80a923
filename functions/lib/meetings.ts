import { config } from './config';

/**
 * The meeting port: where participants join a live lesson. The local adapter sends everyone to the
 * platform's own waiting room for the lesson; a video-meeting adapter (Zoom, Teams) would create the
 * meeting here and answer its join URL.
 */
export function meetingJoinUrl(sectionId: string): string {
  return `${config().WEB_ORIGIN}/learning-portal/waiting-room/${sectionId}`;
}
