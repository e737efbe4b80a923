import { describe, expect, it } from 'vitest';
import { fakeTransport } from '../../../test/support/fake-transport';
import { TokenCache } from './http';
import { teamsMeetingProvider, teamsSettingsSchema } from './teams';

const settings = teamsSettingsSchema.parse({
  directoryId: 'dir-1',
  clientId: 'app-1',
  clientSecret: 's3cr3t&x',
  organizerUserId: 'organizer-1',
});
const tokenExchange = {
  method: 'POST' as const,
  url: 'https://login.microsoftonline.com/dir-1/oauth2/v2.0/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  text: 'client_id=app-1&client_secret=s3cr3t%26x&scope=https%3A%2F%2Fgraph.microsoft.com%2F.default&grant_type=client_credentials',
  status: 200,
  answer: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: 'graph-1' },
};
const meetings = 'https://graph.microsoft.com/v1.0/users/organizer-1/onlineMeetings';
const spec = {
  lessonId: 'lesson-1',
  topic: 'Physics',
  start: '2026-12-01T09:00:00.000Z',
  durationMinutes: 90,
};

describe('Teams adapter', () => {
  it('creates, moves and deletes an online meeting of the organizer with a client-credentials token', async () => {
    const transport = fakeTransport([
      tokenExchange,
      {
        method: 'POST',
        url: meetings,
        headers: { authorization: 'Bearer graph-1', 'content-type': 'application/json' },
        json: {
          subject: 'Physics',
          startDateTime: '2026-12-01T09:00:00.000Z',
          endDateTime: '2026-12-01T10:30:00.000Z',
          lobbyBypassSettings: { scope: 'organization' },
          recordAutomatically: true,
        },
        status: 201,
        answer: { id: 'MSpkYzE3', joinWebUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_x' },
      },
      {
        method: 'PATCH',
        url: `${meetings}/MSpkYzE3`,
        headers: { authorization: 'Bearer graph-1' },
        json: {
          subject: 'Physics',
          startDateTime: '2026-12-03T09:00:00.000Z',
          endDateTime: '2026-12-03T10:30:00.000Z',
        },
        status: 200,
        answer: { id: 'MSpkYzE3', joinWebUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_x' },
      },
      {
        method: 'DELETE',
        url: `${meetings}/MSpkYzE3`,
        headers: { authorization: 'Bearer graph-1' },
        status: 204,
      },
    ]);
    const teams = teamsMeetingProvider(settings, transport, new TokenCache());
    const meeting = await teams.create(spec);
    await teams.update(meeting.meetingId, { ...spec, start: '2026-12-03T09:00:00.000Z' });
    await teams.cancel(meeting.meetingId);
    expect(meeting).toEqual({
      provider: 'TEAMS',
      meetingId: 'MSpkYzE3',
      joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_x',
    });
    expect(await teams.startUrl(meeting)).toBe(meeting.joinUrl);
    expect(transport.remaining()).toBe(0);
  });

  it("reads each attendance report's records as one stay per interval, and the recordings", async () => {
    const transport = fakeTransport([
      tokenExchange,
      {
        method: 'GET',
        url: `${meetings}/m1/attendanceReports`,
        status: 200,
        answer: { value: [{ id: 'rep-1', totalParticipantCount: 2 }] },
      },
      {
        method: 'GET',
        url: `${meetings}/m1/attendanceReports/rep-1/attendanceRecords`,
        status: 200,
        answer: {
          value: [
            {
              emailAddress: 'sam@school.example',
              role: 'Attendee',
              identity: { displayName: 'Sam Student' },
              attendanceIntervals: [
                {
                  joinDateTime: '2026-12-01T09:02:00Z',
                  leaveDateTime: '2026-12-01T09:30:00Z',
                  durationInSeconds: 1680,
                },
                {
                  joinDateTime: '2026-12-01T09:35:00Z',
                  leaveDateTime: '2026-12-01T10:30:00Z',
                  durationInSeconds: 3300,
                },
              ],
            },
          ],
        },
      },
      {
        method: 'GET',
        url: `${meetings}/m1/recordings`,
        status: 200,
        answer: {
          value: [
            {
              id: 'rec-1',
              createdDateTime: '2026-12-01T09:00:00Z',
              endDateTime: '2026-12-01T10:30:00Z',
              recordingContentUrl: 'https://graph.microsoft.com/v1.0/rec-1/content',
            },
          ],
        },
      },
    ]);
    const teams = teamsMeetingProvider(settings, transport, new TokenCache());
    expect(await teams.participants('m1')).toEqual([
      {
        name: 'Sam Student',
        email: 'sam@school.example',
        joinedAt: '2026-12-01T09:02:00Z',
        leftAt: '2026-12-01T09:30:00Z',
      },
      {
        name: 'Sam Student',
        email: 'sam@school.example',
        joinedAt: '2026-12-01T09:35:00Z',
        leftAt: '2026-12-01T10:30:00Z',
      },
    ]);
    expect(await teams.recordings('m1')).toEqual([
      {
        id: 'rec-1',
        fileType: 'MP4',
        startedAt: '2026-12-01T09:00:00Z',
        endedAt: '2026-12-01T10:30:00Z',
        playUrl: 'https://graph.microsoft.com/v1.0/rec-1/content',
        sizeBytes: null,
      },
    ]);
  });

  it("says what Graph refused: its error's message in a 502", async () => {
    const transport = fakeTransport([
      tokenExchange,
      {
        method: 'POST',
        url: meetings,
        status: 403,
        answer: { error: { code: 'Forbidden', message: 'No application access policy found for this app.' } },
      },
    ]);
    const teams = teamsMeetingProvider(settings, transport, new TokenCache());
    const refused = await teams.create(spec).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 502 });
    expect(String(refused)).toContain(
      'Creating the Teams meeting: the provider answered 403 (No application access policy found for this app.)',
    );
  });
});
