import { type MeetingProvider, meetingRoomUrl } from '../meetings';

/**
 * The local stack's meeting: the lesson's own meeting room page (/meeting-room/{lessonId}), so a person can
 * go through a whole lesson on this machine. Nothing to create, move or cancel at a provider; who was in the
 * room is recorded by the room itself (its socket registration: functions/realtime/meeting-room.ts), so the
 * provider has no participants or recordings to report.
 */
export const localMeetingProvider: MeetingProvider = {
  name: 'LOCAL',
  create: async (spec) => ({
    provider: 'LOCAL',
    meetingId: spec.lessonId,
    joinUrl: meetingRoomUrl(spec.lessonId),
  }),
  update: async () => undefined,
  cancel: async () => undefined,
  joinUrl: (meeting) => meeting.joinUrl,
  startUrl: async (meeting) => meeting.joinUrl,
  participants: async () => [],
  recordings: async () => [],
};
