import * as z from 'zod';
import type {
  MeetingProvider,
  MeetingSpec,
  ProviderMeeting,
  ProviderParticipant,
  ProviderRecording,
} from '../meetings';
import { bearerJsonApi, type HttpTransport, sendJson, TokenCache } from './http';

/**
 * Zoom through its REST API v2 with a Server-to-Server OAuth app of the school's own Zoom account
 * (https://developers.zoom.us/docs/internal-apps/s2s-oauth/): an `account_credentials` token, cached until
 * shortly before it expires; meetings created for the account's host user, moved with PATCH and deleted;
 * participants from the past meeting; recordings from the cloud recording.
 */
export const zoomSettingsSchema = z.object({
  accountId: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** The Zoom user who hosts the meetings (an e-mail or user id); `me` is the app's owner. */
  hostUserId: z.string().min(1).default('me'),
  /** The webhook's Secret Token (the app's Feature page): signs the events and answers URL validation. */
  webhookSecretToken: z.string().min(1),
});
export type ZoomSettings = z.infer<typeof zoomSettingsSchema>;

const ZOOM_OAUTH_URL = 'https://zoom.us/oauth/token';
const ZOOM_API_URL = 'https://api.zoom.us/v2';

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const meetingSchema = z.object({ id: z.union([z.number(), z.string()]), join_url: z.string() });
const startSchema = z.object({ start_url: z.string() });
const participantsSchema = z.object({
  participants: z.array(
    z.object({
      name: z.string().default(''),
      user_email: z.string().nullish(),
      join_time: z.string(),
      leave_time: z.string().nullish(),
    }),
  ),
  next_page_token: z.string().nullish(),
});
/** A recording file as Zoom's API and its `recording.completed` webhook both give it. */
export const zoomRecordingFileSchema = z.object({
  id: z.string(),
  file_type: z.string().default(''),
  recording_start: z.string().nullish(),
  recording_end: z.string().nullish(),
  play_url: z.string().nullish(),
  file_size: z.number().nullish(),
});
const recordingsSchema = z.object({ recording_files: z.array(zoomRecordingFileSchema).default([]) });

/** Zoom wants the start in UTC as `yyyy-MM-ddTHH:mm:ssZ`, without milliseconds. */
function zoomTime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A meeting UUID that begins with "/" or holds "//" must be encoded twice (Zoom's rule). */
function pathMeetingId(meetingId: string): string {
  const once = encodeURIComponent(meetingId);
  return meetingId.startsWith('/') || meetingId.includes('//') ? encodeURIComponent(once) : once;
}

const tokens = new TokenCache();

export function zoomMeetingProvider(
  settings: ZoomSettings,
  transport: HttpTransport,
  cache = tokens,
): MeetingProvider {
  const accessToken = () =>
    cache.get(`zoom:${settings.accountId}:${settings.clientId}`, async () => {
      const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
      const { json } = await sendJson(
        transport,
        {
          method: 'POST',
          url: `${ZOOM_OAUTH_URL}?grant_type=account_credentials&account_id=${encodeURIComponent(settings.accountId)}`,
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        },
        'Zoom sign-in',
      );
      const token = tokenSchema.parse(json);
      return { token: token.access_token, expiresInSeconds: token.expires_in };
    });

  const call = bearerJsonApi(transport, ZOOM_API_URL, accessToken);

  const schedule = (spec: MeetingSpec) => ({
    topic: spec.topic.slice(0, 200),
    start_time: zoomTime(spec.start),
    duration: spec.durationMinutes,
    timezone: 'UTC',
  });

  return {
    name: 'ZOOM',
    async create(spec): Promise<ProviderMeeting> {
      const { json } = await call(
        'POST',
        `/users/${encodeURIComponent(settings.hostUserId)}/meetings`,
        'Creating the Zoom meeting',
        {
          ...schedule(spec),
          // 2: a scheduled meeting. Participants wait until the tutor (the host) starts it.
          type: 2,
          agenda: `Lesson ${spec.lessonId}`,
          settings: { join_before_host: false, waiting_room: false, auto_recording: 'cloud' },
        },
      );
      const meeting = meetingSchema.parse(json);
      return { provider: 'ZOOM', meetingId: String(meeting.id), joinUrl: meeting.join_url };
    },
    async update(meetingId, spec) {
      await call('PATCH', `/meetings/${pathMeetingId(meetingId)}`, 'Moving the Zoom meeting', schedule(spec));
    },
    async cancel(meetingId) {
      // 404: already deleted (at Zoom, or by an earlier try of this cancel).
      await call(
        'DELETE',
        `/meetings/${pathMeetingId(meetingId)}?schedule_for_reminder=false`,
        'Cancelling the Zoom meeting',
        undefined,
        [404],
      );
    },
    joinUrl: (meeting) => meeting.joinUrl,
    async startUrl(meeting) {
      const { json } = await call(
        'GET',
        `/meetings/${pathMeetingId(meeting.meetingId)}`,
        'Reading the Zoom meeting',
      );
      return startSchema.parse(json).start_url;
    },
    async participants(meetingId): Promise<ProviderParticipant[]> {
      const found: ProviderParticipant[] = [];
      let pageToken = '';
      do {
        const query = `page_size=300${pageToken ? `&next_page_token=${encodeURIComponent(pageToken)}` : ''}`;
        const { json } = await call(
          'GET',
          `/past_meetings/${pathMeetingId(meetingId)}/participants?${query}`,
          "Reading the Zoom meeting's participants",
        );
        const page = participantsSchema.parse(json);
        for (const person of page.participants) {
          found.push({
            name: person.name,
            email: person.user_email || null,
            joinedAt: person.join_time,
            leftAt: person.leave_time ?? null,
          });
        }
        pageToken = page.next_page_token ?? '';
      } while (pageToken);
      return found;
    },
    async recordings(meetingId): Promise<ProviderRecording[]> {
      const { json } = await call(
        'GET',
        `/meetings/${pathMeetingId(meetingId)}/recordings`,
        "Reading the Zoom meeting's recordings",
        undefined,
        [404],
      );
      if (json === undefined) return [];
      const parsed = recordingsSchema.safeParse(json);
      // 404 (no recording) answers Zoom's error body: no files.
      if (!parsed.success) return [];
      return parsed.data.recording_files.map((file) => ({
        id: file.id,
        fileType: file.file_type,
        startedAt: file.recording_start ?? null,
        endedAt: file.recording_end ?? null,
        playUrl: file.play_url ?? null,
        sizeBytes: file.file_size ?? null,
      }));
    },
  };
}
