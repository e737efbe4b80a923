import { describe, expect, it } from 'vitest';
import { fakeTransport } from '../../../test/support/fake-transport';
import { MeetingProviderError, TokenCache } from './http';
import { zoomMeetingProvider, zoomSettingsSchema } from './zoom';

const settings = zoomSettingsSchema.parse({
  accountId: 'acct-1',
  clientId: 'client-1',
  clientSecret: 'secret-1',
  hostUserId: 'host@school.example',
  webhookSecretToken: 'whtoken',
});
const basic = `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`;
const tokenExchange = (token = 'tok-1', expiresIn = 3599) => ({
  method: 'POST' as const,
  url: 'https://zoom.us/oauth/token?grant_type=account_credentials&account_id=acct-1',
  headers: { authorization: basic },
  status: 200,
  answer: { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: 'meeting:write' },
});
const spec = {
  lessonId: 'lesson-1',
  topic: 'Algebra 1',
  start: '2026-12-01T09:00:00.000Z',
  durationMinutes: 60,
};

describe('Zoom adapter', () => {
  it('creates a scheduled meeting for the host with a Server-to-Server token, then reuses the token', async () => {
    // Prepare
    const transport = fakeTransport([
      tokenExchange(),
      {
        method: 'POST',
        url: 'https://api.zoom.us/v2/users/host%40school.example/meetings',
        headers: { authorization: 'Bearer tok-1', 'content-type': 'application/json' },
        json: {
          topic: 'Algebra 1',
          start_time: '2026-12-01T09:00:00Z',
          duration: 60,
          timezone: 'UTC',
          type: 2,
          agenda: 'Lesson lesson-1',
          settings: { join_before_host: false, waiting_room: false, auto_recording: 'cloud' },
        },
        status: 201,
        answer: {
          id: 85746065432,
          uuid: 'aDYlohsHRtCd4ii1uC2+hA==',
          join_url: 'https://zoom.us/j/85746065432?pwd=x',
        },
      },
      {
        method: 'PATCH',
        url: 'https://api.zoom.us/v2/meetings/85746065432',
        headers: { authorization: 'Bearer tok-1' },
        json: { topic: 'Algebra 1', start_time: '2026-12-02T10:30:00Z', duration: 45, timezone: 'UTC' },
        status: 204,
      },
      {
        method: 'DELETE',
        url: 'https://api.zoom.us/v2/meetings/85746065432?schedule_for_reminder=false',
        headers: { authorization: 'Bearer tok-1' },
        status: 204,
      },
    ]);
    const zoom = zoomMeetingProvider(settings, transport, new TokenCache());

    // Act
    const meeting = await zoom.create(spec);
    await zoom.update(meeting.meetingId, { ...spec, start: '2026-12-02T10:30:00.000Z', durationMinutes: 45 });
    await zoom.cancel(meeting.meetingId);

    // Assess
    expect(meeting).toEqual({
      provider: 'ZOOM',
      meetingId: '85746065432',
      joinUrl: 'https://zoom.us/j/85746065432?pwd=x',
    });
    expect(transport.remaining()).toBe(0);
  });

  it('fetches a new token once the cached one is about to expire', async () => {
    let now = 0;
    const transport = fakeTransport([
      tokenExchange('tok-1', 3600),
      {
        method: 'GET',
        url: 'https://api.zoom.us/v2/meetings/1',
        headers: { authorization: 'Bearer tok-1' },
        status: 200,
        answer: { start_url: 'https://zoom.us/s/1?zak=a' },
      },
      {
        method: 'GET',
        url: 'https://api.zoom.us/v2/meetings/1',
        headers: { authorization: 'Bearer tok-1' },
        status: 200,
        answer: { start_url: 'https://zoom.us/s/1?zak=b' },
      },
      tokenExchange('tok-2', 3600),
      {
        method: 'GET',
        url: 'https://api.zoom.us/v2/meetings/1',
        headers: { authorization: 'Bearer tok-2' },
        status: 200,
        answer: { start_url: 'https://zoom.us/s/1?zak=c' },
      },
    ]);
    const zoom = zoomMeetingProvider(settings, transport, new TokenCache(() => now));
    const meeting = { provider: 'ZOOM' as const, meetingId: '1', joinUrl: 'https://zoom.us/j/1' };
    expect(await zoom.startUrl(meeting)).toBe('https://zoom.us/s/1?zak=a');
    now = 3_000_000; // 50 minutes: still inside the hour, past no margin
    expect(await zoom.startUrl(meeting)).toBe('https://zoom.us/s/1?zak=b');
    now = 3_550_000; // inside the last minute: renewed
    expect(await zoom.startUrl(meeting)).toBe('https://zoom.us/s/1?zak=c');
    expect(transport.remaining()).toBe(0);
  });

  it('reads every page of the past meeting participants and the recording files', async () => {
    const transport = fakeTransport([
      tokenExchange(),
      {
        method: 'GET',
        url: 'https://api.zoom.us/v2/past_meetings/%252FabcD%252F%252Fx%253D%253D/participants?page_size=300',
        status: 200,
        answer: {
          participants: [
            {
              id: 'p1',
              name: 'Tara Tutor',
              user_email: 'tara@school.example',
              join_time: '2026-12-01T08:59:00Z',
              leave_time: '2026-12-01T10:00:00Z',
            },
          ],
          next_page_token: 'page-2',
        },
      },
      {
        method: 'GET',
        url: 'https://api.zoom.us/v2/past_meetings/%252FabcD%252F%252Fx%253D%253D/participants?page_size=300&next_page_token=page-2',
        status: 200,
        answer: {
          participants: [{ id: 'p2', name: 'Sam', user_email: '', join_time: '2026-12-01T09:03:00Z' }],
          next_page_token: '',
        },
      },
      {
        method: 'GET',
        url: 'https://api.zoom.us/v2/meetings/1/recordings',
        status: 200,
        answer: {
          recording_files: [
            {
              id: 'r1',
              file_type: 'MP4',
              recording_start: '2026-12-01T09:00:00Z',
              recording_end: '2026-12-01T10:00:00Z',
              play_url: 'https://zoom.us/rec/play/r1',
              file_size: 1000,
            },
          ],
        },
      },
      {
        method: 'GET',
        url: 'https://api.zoom.us/v2/meetings/2/recordings',
        status: 404,
        answer: { code: 3301, message: 'This recording does not exist.' },
      },
    ]);
    const zoom = zoomMeetingProvider(settings, transport, new TokenCache());
    expect(await zoom.participants('/abcD//x==')).toEqual([
      {
        name: 'Tara Tutor',
        email: 'tara@school.example',
        joinedAt: '2026-12-01T08:59:00Z',
        leftAt: '2026-12-01T10:00:00Z',
      },
      { name: 'Sam', email: null, joinedAt: '2026-12-01T09:03:00Z', leftAt: null },
    ]);
    expect(await zoom.recordings('1')).toEqual([
      {
        id: 'r1',
        fileType: 'MP4',
        startedAt: '2026-12-01T09:00:00Z',
        endedAt: '2026-12-01T10:00:00Z',
        playUrl: 'https://zoom.us/rec/play/r1',
        sizeBytes: 1000,
      },
    ]);
    expect(await zoom.recordings('2')).toEqual([]);
  });

  it("turns Zoom's refusal into a 502 naming the call, and takes a meeting already gone as cancelled", async () => {
    const transport = fakeTransport([
      tokenExchange(),
      {
        method: 'POST',
        url: 'https://api.zoom.us/v2/users/host%40school.example/meetings',
        status: 429,
        answer: { code: 429, message: 'You have exceeded the daily rate limit' },
      },
      {
        method: 'DELETE',
        url: 'https://api.zoom.us/v2/meetings/9?schedule_for_reminder=false',
        status: 404,
        answer: { code: 3001, message: 'Meeting does not exist' },
      },
    ]);
    const zoom = zoomMeetingProvider(settings, transport, new TokenCache());
    const refused = await zoom.create(spec).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MeetingProviderError);
    expect(refused).toMatchObject({ statusCode: 502 });
    expect(String(refused)).toContain(
      'Creating the Zoom meeting: the provider answered 429 (You have exceeded the daily rate limit)',
    );
    await expect(zoom.cancel('9')).resolves.toBeUndefined();
  });

  it('does not keep a failed sign-in: the next call tries again', async () => {
    const transport = fakeTransport([
      {
        ...tokenExchange(),
        status: 401,
        answer: { reason: 'Invalid client_id or client_secret', error: 'invalid_client' },
      },
      tokenExchange('tok-2'),
      {
        method: 'DELETE',
        url: 'https://api.zoom.us/v2/meetings/9?schedule_for_reminder=false',
        headers: { authorization: 'Bearer tok-2' },
        status: 204,
      },
    ]);
    const zoom = zoomMeetingProvider(settings, transport, new TokenCache());
    await expect(zoom.cancel('9')).rejects.toThrow(
      'Zoom sign-in: the provider answered 401 (invalid_client)',
    );
    await zoom.cancel('9');
    expect(transport.remaining()).toBe(0);
  });
});
