import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useMeetingProviderSeams } from '../../../functions/lib/meeting-providers/provider';
import { zoomSignature } from '../../../functions/lib/meeting-providers/zoom-webhook';
import { lessonAttendance } from '../../../functions/repositories/lesson-joins';
import { lessonRecordingsRepository } from '../../../functions/repositories/lesson-recordings';
import { getSection } from '../../../functions/repositories/sections';
import { demo } from '../../support/api-client';
import { minutesFromNow, quarterHourFromNow } from '../../support/lessons';
import { simulatedProviders, testTeamsSettings, testZoomSettings } from '../../support/meeting-providers';
import { localStackForFile } from '../../support/stack';

// The cloud's adapters (MEETINGS_ADAPTER=provider) through the local stack, Zoom and Graph simulated.
const local = localStackForFile({ MEETINGS_ADAPTER: 'provider' });
const providers = simulatedProviders();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
const COURSE = 'course-demo-igcse-maths';

beforeAll(async () => {
  useMeetingProviderSeams({
    settings: async (tenant, provider) =>
      tenant === 'demo' ? (provider === 'zoom' ? testZoomSettings : testTeamsSettings) : undefined,
    transport: providers.transport,
  });
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  return () => useMeetingProviderSeams({});
});

const create = (kind: 'zoom' | 'teams', start: string, duration = 60, studentIds?: string[]) =>
  local.api.call<Json>(`meetings.${kind}AdminCreate`, {
    ...admin,
    body: {
      course: COURSE,
      title: 'Provider lesson',
      start,
      duration,
      ...(studentIds ? { studentIds } : {}),
    },
  });

describe('a ZOOM lesson and its Zoom meeting', () => {
  it('creates the meeting when booked, moves it when rescheduled and deletes it when cancelled', async () => {
    // Act: book
    const start = quarterHourFromNow(24 * 40);
    const booked = await create('zoom', start);

    // Assess: the meeting was made at Zoom for the lesson's time, and the lesson keeps it
    expect(booked.status).toBe(201);
    const meetingId = booked.body.meeting.meetingId as string;
    expect(booked.body.meeting).toEqual({
      provider: 'ZOOM',
      meetingId,
      joinUrl: `https://zoom.us/j/${meetingId}`,
    });
    const made = providers.requests.find(
      (r) => r.url === 'https://api.zoom.us/v2/users/host%40demo.test/meetings',
    );
    expect(made?.headers.authorization).toBe('Bearer zoom-token');
    expect(JSON.parse(made?.body ?? '{}')).toMatchObject({
      topic: 'Provider lesson',
      start_time: start.replace('.000Z', 'Z'),
      duration: 60,
      type: 2,
    });

    // Act: reschedule a day later
    const later = new Date(Date.parse(start) + 24 * 3600_000).toISOString();
    const moved = await local.api.call<Json>('meetings.zoomAdminReschedule', {
      ...admin,
      params: { id: booked.body._id },
      body: { reason: 'Sickness', start: later },
    });
    expect(moved.status).toBe(200);
    expect(providers.meetings.get(meetingId)).toEqual({ start: later.replace('.000Z', 'Z'), duration: 60 });

    // Act: cancel
    const cancelled = await local.api.call<Json>('meetings.zoomAdminCancel', {
      ...admin,
      params: { id: booked.body._id },
      body: { reason: 'Sickness' },
    });
    expect(cancelled.status).toBe(200);
    expect(providers.meetings.has(meetingId)).toBe(false);
    expect(providers.calls().filter((line) => line.includes(meetingId))).toEqual([
      `PATCH https://api.zoom.us/v2/meetings/${meetingId}`,
      `DELETE https://api.zoom.us/v2/meetings/${meetingId}?schedule_for_reminder=false`,
    ]);
  });

  it('refuses the booking with a 502 saying so when Zoom fails, and books nothing', async () => {
    // Prepare
    const start = quarterHourFromNow(24 * 41);
    providers.failNext(/users\/.*\/meetings$/, 503, { code: 503, message: 'Service unavailable' });

    // Act
    const refused = await create('zoom', start);

    // Assess: the message names Zoom; the slot is still free, so the same booking goes through afterwards
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(
      'Creating the Zoom meeting: the provider answered 503 (Service unavailable)',
    );
    const again = await create('zoom', start);
    expect(again.status).toBe(201);
  });

  it('keeps the lesson at its time when Zoom cannot move the meeting', async () => {
    const start = quarterHourFromNow(24 * 42);
    const booked = await create('zoom', start);
    providers.failNext(/PATCH .*\/meetings\//, 500, { code: 500, message: 'Internal error' });

    const moved = await local.api.call<Json>('meetings.zoomAdminReschedule', {
      ...admin,
      params: { id: booked.body._id },
      body: { reason: 'Sickness', start: new Date(Date.parse(start) + 3600_000).toISOString() },
    });

    expect(moved.status).toBe(502);
    expect(moved.body.message).toContain('Moving the Zoom meeting');
    expect((await getSection('demo', booked.body._id))?.start).toBe(start);
  });
});

describe("a started ZOOM lesson's waiting room", () => {
  it("gives the tutor Zoom's host link (start_url) and the students the join link", async () => {
    // Prepare: a lesson starting in five minutes (its room opens 15 minutes before), started by its tutor
    const booked = await create('zoom', minutesFromNow(5), 30);
    expect(booked.status).toBe(201);
    const tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
    const sam = await local.api.signIn(demo.student.email, demo.student.password);
    const started = await local.api.call('meetings.start', {
      ...tutor,
      body: { waitingId: booked.body._id },
    });
    expect(started.status).toBe(200);
    const meetingId = String(booked.body.meeting.meetingId);

    // Act
    const forTutor = await local.api.call<Json>('meetings.meetingData', {
      ...tutor,
      params: { waitingId: booked.body._id },
    });
    const forSam = await local.api.call<Json>('meetings.meetingData', {
      ...sam,
      params: { waitingId: booked.body._id },
    });

    // Assess
    expect(forTutor.body.hostUrl).toBe(`https://zoom.us/s/${meetingId}?zak=host`);
    expect(forTutor.body.joinUrl).toBe(`https://zoom.us/j/${meetingId}`);
    expect(forSam.body.hostUrl).toBeUndefined();
    expect(forSam.body.joinUrl).toBe(`https://zoom.us/j/${meetingId}`);
  });
});

describe('a TEAMS lesson and its Teams meeting', () => {
  it('creates the online meeting when booked and deletes it with the lesson', async () => {
    const booked = await create('teams', quarterHourFromNow(24 * 43), 45);
    expect(booked.status).toBe(201);
    const meetingId = booked.body.meeting.meetingId as string;
    expect(booked.body.meeting.joinUrl).toBe(`https://teams.microsoft.com/l/meetup-join/${meetingId}`);

    const deleted = await local.api.call<Json>('meetings.teamsAdminDelete', {
      ...admin,
      params: { id: booked.body._id },
    });

    expect(deleted.status).toBe(200);
    expect(providers.calls()).toContain(
      `DELETE https://graph.microsoft.com/v1.0/users/organizer-demo/onlineMeetings/${meetingId}`,
    );
    expect(providers.meetings.has(meetingId)).toBe(false);
  });
});

describe("Zoom's webhook", () => {
  const url = () => `${local.stack.apiUrl}/webhooks/zoom/demo`;
  const post = (
    body: string,
    timestamp = String(Math.floor(Date.now() / 1000)),
    secret = testZoomSettings.webhookSecretToken,
  ) =>
    fetch(url(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-zm-request-timestamp': timestamp,
        'x-zm-signature': zoomSignature(secret, timestamp, body),
      },
      body,
    });

  it('answers the URL validation challenge with the HMAC of its plain token', async () => {
    const response = await post(
      JSON.stringify({ event: 'endpoint.url_validation', payload: { plainToken: 'abc123' } }),
    );
    expect(response.status).toBe(200);
    const { createHmac } = await import('node:crypto');
    expect(await response.json()).toEqual({
      plainToken: 'abc123',
      encryptedToken: createHmac('sha256', testZoomSettings.webhookSecretToken)
        .update('abc123')
        .digest('hex'),
    });
  });

  it('refuses a wrong signature and a stale timestamp (400), and a school without Zoom (502)', async () => {
    const body = JSON.stringify({ event: 'meeting.participant_joined', payload: { object: { id: '1' } } });
    expect((await post(body, undefined, 'not-the-secret')).status).toBe(400);
    expect((await post(body, String(Math.floor(Date.now() / 1000) - 600))).status).toBe(400);
    const other = await fetch(`${local.stack.apiUrl}/webhooks/zoom/northwind`, { method: 'POST', body });
    expect(other.status).toBe(502);
  });

  it("records each participant's join and leave of a group lesson, once, and the finished recording", async () => {
    // Prepare: a group lesson of Sam and Maya (enrolled for it) with its Zoom meeting
    const enrolled = await local.api.call('courseStudents.create', {
      ...admin,
      body: { course: COURSE, student: 'demo-student-2', type: 'CREDIT' },
    });
    expect(enrolled.status).toBe(201);
    const booked = await create('zoom', quarterHourFromNow(24 * 44), 60, [
      'demo-student-1',
      'demo-student-2',
    ]);
    expect(booked.status).toBe(201);
    const lesson = {
      _id: String(booked.body._id),
      start: String(booked.body.start),
      tutorId: String(booked.body.tutorId),
      studentIds: ['demo-student-1', 'demo-student-2'],
    };
    const meetingId = String(booked.body.meeting.meetingId);
    const participant = (event: string, email: string, field: 'join_time' | 'leave_time', at: string) =>
      JSON.stringify({
        event,
        event_ts: Date.parse(at),
        payload: {
          account_id: 'acct-demo',
          object: { id: meetingId, uuid: 'u1==', participant: { user_name: email, email, [field]: at } },
        },
      });
    const at = (minutes: number) =>
      new Date(Date.parse(lesson.start) + minutes * 60_000).toISOString().replace('.000Z', 'Z');

    // Act: the tutor, Sam and Maya join; Sam's join is delivered twice; Maya leaves early; the recording ends
    const deliveries = [
      participant('meeting.participant_joined', 'tutor1@demo.test', 'join_time', at(-2)),
      participant('meeting.participant_joined', 'student1@demo.test', 'join_time', at(3)),
      participant('meeting.participant_joined', 'student1@demo.test', 'join_time', at(3)),
      participant('meeting.participant_joined', 'student2@demo.test', 'join_time', at(0)),
      participant('meeting.participant_left', 'student2@demo.test', 'leave_time', at(40)),
      JSON.stringify({
        event: 'recording.completed',
        payload: {
          object: {
            id: meetingId,
            recording_files: [
              {
                id: 'rec-file-1',
                file_type: 'MP4',
                recording_start: at(0),
                recording_end: at(60),
                play_url: 'https://zoom.us/rec/play/1',
                file_size: 2048,
              },
            ],
          },
        },
      }),
    ];
    const answers = [];
    for (const body of deliveries) answers.push(await (await post(body)).json());

    // Assess: the repeat was recorded once; every participant has their own join (and Maya her leave)
    expect(answers.map((a) => a.recorded)).toEqual([true, true, false, true, true, true]);
    await vi.waitFor(
      async () => {
        const attendance = await lessonAttendance('demo', lesson);
        expect(
          attendance.map(({ userId, role, joinedAt, leftAt }) => ({ userId, role, joinedAt, leftAt })),
        ).toEqual([
          {
            userId: 'demo-tutor-1',
            role: 'tutor',
            joinedAt: new Date(at(-2)).toISOString(),
            leftAt: undefined,
          },
          {
            userId: 'demo-student-1',
            role: 'student',
            joinedAt: new Date(at(3)).toISOString(),
            leftAt: undefined,
          },
          {
            userId: 'demo-student-2',
            role: 'student',
            joinedAt: new Date(at(0)).toISOString(),
            leftAt: new Date(at(40)).toISOString(),
          },
        ]);
        expect(await lessonRecordingsRepository.of('demo', lesson._id)).toEqual([
          expect.objectContaining({
            fileId: 'rec-file-1',
            fileType: 'MP4',
            playUrl: 'https://zoom.us/rec/play/1',
          }),
        ]);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
