import { mutate } from 'swr';
import type { MeetingStart, MeetingState } from '../../../../../shared/realtime/socket-events';
import type { MeetingData } from '../../../../../shared/routes/meetings';
import { apiKey, callApi, useApi } from '../../../lib/api-client';
import { withMeeting } from '../room-view';

const meetingDataKey = (waitingId: string) => apiKey('meetings.meetingData', { params: { waitingId } });

/**
 * GET meeting-data/{waitingId}: the lesson, the viewer's part and the meeting (its people and admins;
 * anyone else gets a 403, an unknown lesson a 404). Read once: what changes afterwards is pushed over the
 * socket (`keepMeeting`), and the read is made again only after a reconnection.
 */
export function useMeetingData(waitingId: string | undefined) {
  return useApi(waitingId ? meetingDataKey(waitingId) : null, { revalidateOnFocus: false });
}

/** A meeting as the server answered or pushed it, taken into the room's meeting data (no new read). */
export function keepMeeting(meeting: MeetingState | MeetingStart): void {
  void mutate<MeetingData>(
    meetingDataKey(meeting.waitingId),
    (data) => (data ? withMeeting(data, meeting) : data),
    { revalidate: false },
  );
}

/**
 * POST notify-user-waiting: the viewer (the lesson's tutor or student) is in the open room. The page sends
 * it by itself when the room opens, so a 409 (this device's clock a little ahead of the server's) is not
 * toasted: the room simply waits as before.
 */
export async function notifyWaiting(waitingId: string): Promise<void> {
  keepMeeting(await callApi('meetings.notifyWaiting', { body: { waitingId }, quietStatuses: [409] }));
}

/** POST start-meeting: the tutor starts the lesson; everyone in the room gets the join link. */
export async function startMeeting(waitingId: string): Promise<void> {
  keepMeeting(await callApi('meetings.start', { body: { waitingId } }));
}

/**
 * Join: tells the server (which records the first join time for the lesson history) and opens the started
 * meeting. The tab is opened at the click, since browsers block a window opened after an await; when the
 * call fails (already toasted) the meeting still opens, so the user is never held back.
 */
export async function joinMeeting(waitingId: string, joinUrl: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  await callApi('meetings.notifyJoined', { body: { sectionId: waitingId } }).catch(() => undefined);
  if (tab) tab.location.href = joinUrl;
  else window.location.assign(joinUrl);
}
