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
 * Microsoft Teams through Microsoft Graph's online meetings
 * (https://learn.microsoft.com/graph/api/resources/onlinemeeting): an app registration of the school's
 * Entra ID tenant with the OnlineMeetings.ReadWrite.All and OnlineMeetingArtifact.Read.All application
 * permissions and an application access policy that lets it act for the organizer. A client-credentials
 * token, cached until shortly before it expires; meetings under /users/{organizer}/onlineMeetings;
 * attendance from the meeting's attendance reports.
 */
export const teamsSettingsSchema = z.object({
  /** The Entra ID (Azure AD) directory id of the school. */
  directoryId: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** The Entra user id (object id) of the account that organizes the lessons' meetings. */
  organizerUserId: z.string().min(1),
});
export type TeamsSettings = z.infer<typeof teamsSettingsSchema>;

const GRAPH_URL = 'https://graph.microsoft.com/v1.0';
const loginUrl = (directoryId: string) =>
  `https://login.microsoftonline.com/${encodeURIComponent(directoryId)}/oauth2/v2.0/token`;

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const meetingSchema = z.object({ id: z.string(), joinWebUrl: z.string() });
const listOf = <T extends z.ZodType>(item: T) => z.object({ value: z.array(item) });
const reportSchema = z.object({ id: z.string() });
const attendanceRecordSchema = z.object({
  emailAddress: z.string().nullish(),
  identity: z.object({ displayName: z.string().nullish() }).nullish(),
  attendanceIntervals: z
    .array(z.object({ joinDateTime: z.string(), leaveDateTime: z.string().nullish() }))
    .default([]),
});
const recordingSchema = z.object({
  id: z.string(),
  createdDateTime: z.string().nullish(),
  endDateTime: z.string().nullish(),
  recordingContentUrl: z.string().nullish(),
});

const tokens = new TokenCache();

export function teamsMeetingProvider(
  settings: TeamsSettings,
  transport: HttpTransport,
  cache = tokens,
): MeetingProvider {
  const accessToken = () =>
    cache.get(`teams:${settings.directoryId}:${settings.clientId}`, async () => {
      const form = new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
        grant_type: 'client_credentials',
      });
      const { json } = await sendJson(
        transport,
        {
          method: 'POST',
          url: loginUrl(settings.directoryId),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        'Microsoft sign-in',
      );
      const token = tokenSchema.parse(json);
      return { token: token.access_token, expiresInSeconds: token.expires_in };
    });

  const meetingsPath = `/users/${encodeURIComponent(settings.organizerUserId)}/onlineMeetings`;
  const call = bearerJsonApi(transport, GRAPH_URL, accessToken);
  const times = (spec: MeetingSpec) => ({
    subject: spec.topic.slice(0, 255),
    startDateTime: new Date(spec.start).toISOString(),
    endDateTime: new Date(Date.parse(spec.start) + spec.durationMinutes * 60_000).toISOString(),
  });
  const meetingPath = (meetingId: string) => `${meetingsPath}/${encodeURIComponent(meetingId)}`;

  return {
    name: 'TEAMS',
    async create(spec): Promise<ProviderMeeting> {
      const { json } = await call('POST', meetingsPath, 'Creating the Teams meeting', {
        ...times(spec),
        // The lesson's people come in straight from its waiting room; anyone else waits in the lobby.
        lobbyBypassSettings: { scope: 'organization' },
        recordAutomatically: true,
      });
      const meeting = meetingSchema.parse(json);
      return { provider: 'TEAMS', meetingId: meeting.id, joinUrl: meeting.joinWebUrl };
    },
    async update(meetingId, spec) {
      await call('PATCH', meetingPath(meetingId), 'Moving the Teams meeting', times(spec));
    },
    async cancel(meetingId) {
      await call('DELETE', meetingPath(meetingId), 'Cancelling the Teams meeting', undefined, [404]);
    },
    joinUrl: (meeting) => meeting.joinUrl,
    // Teams has one link: the organizer (the tutor's account, or one acting for it) joins as presenter.
    startUrl: async (meeting) => meeting.joinUrl,
    async participants(meetingId): Promise<ProviderParticipant[]> {
      const { json } = await call(
        'GET',
        `${meetingPath(meetingId)}/attendanceReports`,
        "Reading the Teams meeting's attendance reports",
      );
      const reports = listOf(reportSchema).parse(json).value;
      const found: ProviderParticipant[] = [];
      for (const report of reports) {
        const { json: records } = await call(
          'GET',
          `${meetingPath(meetingId)}/attendanceReports/${encodeURIComponent(report.id)}/attendanceRecords`,
          "Reading the Teams meeting's attendance",
        );
        for (const record of listOf(attendanceRecordSchema).parse(records).value) {
          for (const interval of record.attendanceIntervals) {
            found.push({
              name: record.identity?.displayName ?? '',
              email: record.emailAddress || null,
              joinedAt: interval.joinDateTime,
              leftAt: interval.leaveDateTime ?? null,
            });
          }
        }
      }
      return found;
    },
    async recordings(meetingId): Promise<ProviderRecording[]> {
      const { json } = await call(
        'GET',
        `${meetingPath(meetingId)}/recordings`,
        "Reading the Teams meeting's recordings",
      );
      return listOf(recordingSchema)
        .parse(json)
        .value.map((recording) => ({
          id: recording.id,
          fileType: 'MP4',
          startedAt: recording.createdDateTime ?? null,
          endedAt: recording.endDateTime ?? null,
          playUrl: recording.recordingContentUrl ?? null,
          sizeBytes: null,
        }));
    },
  };
}
