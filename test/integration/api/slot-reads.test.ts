import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/lib/db';
import {
  getAvailability,
  putAvailability,
  teachingAvailabilities,
  teachingKey,
} from '../../../functions/repositories/availability';
import { getJobWatermark } from '../../../functions/repositories/job-watermarks';
import {
  busyDays,
  busyLessons,
  busyLessonsIn,
  type LessonRecord,
  lessonWrites,
  migrateLegacyBusyDays,
} from '../../../functions/repositories/lessons';
import { getTenant } from '../../../functions/repositories/tenants';
import { trialSlots } from '../../../functions/scheduling/slot-finder';
import { seedScheduling } from '../../../functions/seed/scheduling-seed';
import { keys } from '../../../functions/table/access-patterns';
import { writeTransaction } from '../../../functions/table/transactions';
import { BUSY_SHARDS, busyEntry, busyShard } from '../../../shared/scheduling/claims';
import { lessonRecord, placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

localStackForFile();

const TENANT = 'demo';
const DAYS = ['2031-03-10', '2031-03-11', '2031-03-12'];

function book(_id: string, tutorId: string, start: string): Promise<LessonRecord> {
  return placeLesson(TENANT, {
    _id,
    start,
    minutes: 60,
    tutorId,
    studentIds: ['slot-reads-student'],
    course: 'slot-reads-course',
    bufferMinutes: 15,
  });
}

const sortById = (lessons: Array<{ sectionId: string }> = []) =>
  lessons.toSorted((a, b) => a.sectionId.localeCompare(b.sectionId));

// The setup is 77 lesson transactions of about 20 items each (the lesson, its time claims, the day shard),
// one after another so that shard writes never conflict: about 0.4 s each on one core, so the budget is
// that, not the default 30 s.
describe('busy lessons of many tutors', { timeout: 120_000 }, () => {
  it('reads the same lessons for many tutors at once as one tutor at a time, only for the days asked', async () => {
    const tutors = Array.from({ length: 25 }, (_, i) => `slot-reads-tutor-${i}`);
    let n = 0;
    for (const [i, tutorId] of tutors.entries()) {
      for (const day of DAYS) {
        await book(`slot-reads-${n++}`, tutorId, `${day}T0${i % 9}:00:00.000Z`);
      }
    }
    // Across midnight: listed on two days, returned once.
    await book('slot-reads-midnight', tutors[5]!, `${DAYS[0]}T23:30:00.000Z`);
    // A tutor not asked for, busy the same days (and sharing a shard with some of those asked for).
    await book('slot-reads-other', 'slot-reads-elsewhere', `${DAYS[1]}T10:00:00.000Z`);
    expect(new Set(tutors.map(busyShard)).size).toBe(BUSY_SHARDS);

    const together = await busyLessons(TENANT, tutors, DAYS);
    expect(together.size).toBe(25);
    for (const tutorId of tutors) {
      const alone = await busyLessons(TENANT, [tutorId], DAYS);
      expect(sortById(together.get(tutorId))).toEqual(sortById(alone.get(tutorId)));
      expect(together.get(tutorId)!.length).toBeGreaterThanOrEqual(3);
    }
    expect(together.get(tutors[5]!)!.filter((l) => l.sectionId === 'slot-reads-midnight')).toHaveLength(1);
    expect(together.get(tutors[5]!)).toHaveLength(4);
    expect(together.has('slot-reads-elsewhere')).toBe(false);

    // Each tutor's own days: only those are returned.
    const firstDayOnly = await busyLessons(TENANT, tutors, (tutorId) =>
      tutorId === tutors[1] ? [DAYS[0]!] : DAYS,
    );
    expect(firstDayOnly.get(tutors[1]!)!.map((l) => l.start.toISOString())).toEqual([
      `${DAYS[0]}T01:00:00.000Z`,
    ]);
    expect(sortById(firstDayOnly.get(tutors[2]!))).toEqual(sortById(together.get(tutors[2]!)));
  });

  it('picks the same lessons from whole days read before the tutors are known (the trial dialog)', async () => {
    const tutors = Array.from({ length: 25 }, (_, i) => `slot-reads-tutor-${i}`);
    const ownDays = (tutorId: string) => (tutorId === tutors[1] ? [DAYS[0]!] : DAYS.slice(0, 2));
    const wholeDays = await busyDays(TENANT, DAYS);
    // Every shard of every day, whoever is in it.
    expect(new Set(wholeDays.map(({ item }) => item.pk)).size).toBeLessThanOrEqual(BUSY_SHARDS * DAYS.length);
    const picked = busyLessonsIn(wholeDays, tutors, ownDays);
    const read = await busyLessons(TENANT, tutors, ownDays);
    for (const tutorId of tutors) expect(sortById(picked.get(tutorId))).toEqual(sortById(read.get(tutorId)));
    expect(picked.has('slot-reads-elsewhere')).toBe(false);
    expect(picked.get(tutors[5]!)!.filter((l) => l.sectionId === 'slot-reads-midnight')).toHaveLength(1);
  });

  it('moves a lesson between tutors of one shard in a single update of the day item', async () => {
    const [from, to] = sameShardTutors();
    const lesson = await book('slot-reads-handover', from, `${DAYS[1]}T14:00:00.000Z`);
    const moved = { ...lesson, tutorId: to, updatedAt: new Date().toISOString() };
    const dayItemUpdates = (await lessonWrites(TENANT, lesson, moved, 'Course')).items.filter(
      (item) => item.Update?.Key?.pk === keys.busyDayShard(TENANT, DAYS[1]!, busyShard(from)).pk,
    );
    expect(dayItemUpdates).toHaveLength(1);
    expect(dayItemUpdates[0]!.Update!.UpdateExpression).toMatch(/^SET .* REMOVE /);

    await writeTransaction((await lessonWrites(TENANT, lesson, moved, 'Course')).items, () => {
      throw new Error('the handover should not meet a failing condition');
    });
    const busy = await busyLessons(TENANT, [from, to], [DAYS[1]!]);
    expect(busy.get(from)!.map((l) => l.sectionId)).not.toContain('slot-reads-handover');
    expect(busy.get(to)!.map((l) => l.sectionId)).toEqual(['slot-reads-handover']);
  });

  it('moves busy days kept per tutor (before the shards) into the day shards (the seed runs this once per tenant)', async () => {
    const tutors = Array.from({ length: 30 }, (_, i) => `slot-reads-legacy-${i}`);
    const legacy = lessonRecord({
      _id: 'slot-reads-legacy-lesson',
      start: `${DAYS[2]}T08:00:00.000Z`,
      minutes: 60,
      tutorId: tutors[0]!,
      studentIds: [],
    });
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `${keys.legacyBusyDayPrefix(TENANT)}${tutors[0]}#${DAYS[2]}`,
          sk: 'BUSY',
          [`L_${legacy._id}`]: busyEntry({ start: new Date(legacy.start), end: new Date(legacy.end) }),
        },
      }),
    );
    const before = await busyLessons(TENANT, tutors, DAYS);
    expect(before.get(tutors[0]!)).toEqual([]);

    expect(await migrateLegacyBusyDays(TENANT)).toBeGreaterThanOrEqual(1);
    const after = await busyLessons(TENANT, tutors, DAYS);
    expect(after.get(tutors[0]!)!.map((l) => l.sectionId)).toEqual([legacy._id]);
    expect(await migrateLegacyBusyDays(TENANT)).toBe(0);
  });

  it('the seed looks for legacy busy days once per tenant: after the first run a marker stands in for the scan', async () => {
    const tenant = (await getTenant(TENANT))!;
    expect(await getJobWatermark(TENANT, 'busy-day-shards-migration')).toEqual(expect.any(String));
    const tutorId = 'slot-reads-late-legacy';
    const late = lessonRecord({ start: `${DAYS[1]}T08:00:00.000Z`, minutes: 60, tutorId, studentIds: [] });
    const legacyItem = {
      pk: `${keys.legacyBusyDayPrefix(TENANT)}${tutorId}#${DAYS[1]}`,
      sk: 'BUSY',
      [`L_${late._id}`]: busyEntry({ start: new Date(late.start), end: new Date(late.end) }),
    };
    await db().send(new PutCommand({ TableName: tableName(), Item: legacyItem }));

    await seedScheduling(tenant, { withDemoCourse: false });
    expect((await busyLessons(TENANT, [tutorId], [DAYS[1]!])).get(tutorId)).toEqual([]);
    expect(await migrateLegacyBusyDays(TENANT)).toBe(1);
  });
});

/** Two tutor ids that hash to the same busy-day shard. */
function sameShardTutors(): [string, string] {
  const first = 'slot-reads-handover-a';
  for (let i = 0; ; i++) {
    const other = `slot-reads-handover-b${i}`;
    if (busyShard(other) === busyShard(first)) return [first, other];
  }
}

describe('tutors teaching a combination, with their hours', () => {
  const subject = { curriculum: 'Slot Reads', subject: 'Physics', grade: 'Grade 11' };

  it('answers every tutor with the fields the slot rule reads, from one index query', async () => {
    const record = await putAvailability(TENANT, 'slot-reads-teacher', {
      status: 'available',
      timezone: 'Europe/London',
      weeklyHours: [{ weekday: 1, from: '09:00', to: '12:00' }],
      exceptions: [{ date: '2031-03-10', kind: 'dayOff' }],
      windows: [],
      subjects: [subject],
    });
    const [found, ...rest] = await teachingAvailabilities(TENANT, subject);
    expect(rest).toEqual([]);
    expect(found).toEqual({
      userId: 'slot-reads-teacher',
      status: record.status,
      timezone: record.timezone,
      weeklyHours: record.weeklyHours,
      exceptions: record.exceptions,
      windows: record.windows,
    });

    // A change of status or hours reaches the index with the save.
    await putAvailability(TENANT, 'slot-reads-teacher', { ...record, status: 'onABreak' });
    expect((await teachingAvailabilities(TENANT, subject))[0]!.status).toBe('onABreak');
  });

  it('completes index items written before they carried the hours from the availability records', async () => {
    await putAvailability(TENANT, 'slot-reads-older', {
      status: 'available',
      timezone: 'Asia/Singapore',
      weeklyHours: [{ weekday: 3, from: '10:00', to: '11:00' }],
      exceptions: [],
      windows: [],
      subjects: [],
    });
    const older = { ...subject, grade: 'Grade 12' };
    const combination = teachingKey(older);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.teaching(TENANT, 'slot-reads-older', combination),
          gsi1pk: keys.tutorsTeachingIndex(TENANT, combination),
          gsi1sk: 'slot-reads-older',
          entity: 'teaching',
          userId: 'slot-reads-older',
          ...older,
        },
      }),
    );
    const [found] = await teachingAvailabilities(TENANT, older);
    const stored = await getAvailability(TENANT, 'slot-reads-older');
    expect(found).toMatchObject({
      userId: 'slot-reads-older',
      timezone: 'Asia/Singapore',
      weeklyHours: stored!.weeklyHours,
    });
  });
});

describe('trial slots for a combination with many tutors', () => {
  it('reads every tutor’s busy days from the day shards and leaves their booked times out', async () => {
    const subject = { curriculum: 'Slot Reads', subject: 'Chemistry', grade: 'Grade 9' };
    const zones = ['Europe/London', 'Asia/Singapore', 'America/New_York', 'Australia/Sydney'];
    const tutors = Array.from({ length: 36 }, (_, i) => `slot-reads-chem-${i}`);
    // A Wednesday 1-2 weeks ahead (inside the booking horizon).
    let day = DateTime.utc().startOf('day').plus({ days: 7 });
    while (day.weekday !== 3) day = day.plus({ days: 1 });
    const date = day.toISODate()!;
    for (const [i, tutorId] of tutors.entries()) {
      await putAvailability(TENANT, tutorId, {
        status: 'available',
        timezone: zones[i % zones.length]!,
        weeklyHours: [{ weekday: 3, from: '09:00', to: '12:00' }],
        exceptions: [],
        windows: [],
        subjects: [subject],
      });
    }
    // Every tutor is booked 09:00-10:00 London time (their own morning for the London tutors).
    for (const tutorId of tutors) await book(`${tutorId}-lesson`, tutorId, `${date}T09:00:00.000Z`);

    const tenant = (await getTenant(TENANT))!;
    const query = { date, ...subject, deviceTimezone: 'Europe/London' };
    const first = await trialSlots(tenant, query);
    expect(first.docs.length).toBeGreaterThan(0);
    // London tutors' 09:00 is booked (with its buffer), so no slot starts at 09:00 London for them.
    const londoners = new Set(tutors.filter((_, i) => i % zones.length === 0));
    for (const slot of first.docs.filter((doc) => londoners.has(doc.tutorId!))) {
      expect(Date.parse(slot.start) >= Date.parse(`${date}T10:00:00.000Z`)).toBe(true);
    }
    // 72 writes one after another (their lessons share a day's counter, so not at once): about 2 s alone,
    // past the default 30 s once in a CI run beside another worker's JVM.
  }, 120_000);
});
