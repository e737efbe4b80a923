import { randomUUID } from 'node:crypto';
import type { LessonMeetingProvider } from '../../shared/schemas/section';
import { config } from './config';

/**
 * The meeting port: where a live lesson happens. A lesson of kind ZOOM or TEAMS gets its meeting from the
 * tenant's provider when it is booked, moves it when it is rescheduled and cancels it when it is cancelled
 * or deleted (functions/meetings/provider-sync.ts); its participants and recordings come back from the
 * provider (and, for Zoom, its webhooks). Three adapters: the local stack's own meeting room
 * (functions/lib/meeting-providers/local.ts), Zoom and Microsoft Teams.
 */
export interface MeetingSpec {
  /** The lesson (section) id: the local room's address, and a key the provider keeps for us. */
  lessonId: string;
  topic: string;
  /** ISO instant. */
  start: string;
  durationMinutes: number;
}

/** The provider's meeting as the lesson keeps it (on its section item, `meeting`). */
export interface ProviderMeeting {
  provider: LessonMeetingProvider;
  meetingId: string;
  joinUrl: string;
}

/** One stay of one participant in a meeting, as the provider reports it. */
export interface ProviderParticipant {
  name: string;
  email: string | null;
  joinedAt: string;
  leftAt: string | null;
}

export interface ProviderRecording {
  id: string;
  /** What it is: MP4, M4A, TRANSCRIPT, CHAT... as the provider names it. */
  fileType: string;
  startedAt: string | null;
  endedAt: string | null;
  /** Where a person watches it (the provider's page, signed in). */
  playUrl: string | null;
  sizeBytes: number | null;
}

export interface MeetingProvider {
  readonly name: LessonMeetingProvider;
  create(spec: MeetingSpec): Promise<ProviderMeeting>;
  /** Moves (or renames) the meeting: the lesson was rescheduled. */
  update(meetingId: string, spec: MeetingSpec): Promise<void>;
  /** Cancels the meeting; one already gone counts as cancelled. */
  cancel(meetingId: string): Promise<void>;
  /** Where the lesson's people join. */
  joinUrl(meeting: ProviderMeeting): string;
  /** Where the host (the tutor) starts it: Zoom's start URL lasts two hours, so it is read when needed. */
  startUrl(meeting: ProviderMeeting): Promise<string>;
  participants(meetingId: string): Promise<ProviderParticipant[]>;
  recordings(meetingId: string): Promise<ProviderRecording[]>;
}

/** The local meeting room of a lesson: the SPA's /meeting-room/{id}, apart from its waiting room. */
export function meetingRoomUrl(sectionId: string): string {
  return `${config().WEB_ORIGIN}/learning-portal/meeting-room/${sectionId}`;
}

/**
 * The lesson's own link (`joinUrl` on the section): its waiting room, which leads on to the meeting once
 * the tutor started it, so every join passes through the room and is recorded there.
 */
export function meetingJoinUrl(sectionId: string): string {
  return `${config().WEB_ORIGIN}/learning-portal/waiting-room/${sectionId}`;
}

/**
 * The meeting's event id (lesson history's reference key is its first 8 characters). Random, not
 * time-ordered: the key must tell lessons apart even when they were booked in the same minute.
 */
export function newMeetingEventId(): string {
  return randomUUID().replace(/-/g, '');
}
