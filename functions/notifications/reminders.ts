import { DEFAULT_REMINDER_MINUTES } from '../../shared/notifications/notification';
import { logger } from '../lib/logger';
import { getJobWatermark, setJobWatermark } from '../repositories/job-watermarks';
import { lessonsStartingBetween, type SectionRecord } from '../repositories/sections';
import { getTenant, listTenantKeys } from '../repositories/tenants';
import { getUsers } from '../repositories/users';
import { deliverNotification } from './deliver';
import { reminderDraft } from './messages';

export const LESSON_REMINDERS_JOB = 'lesson-reminders';

/** The schedule's period: a first run (no watermark yet) looks back this far. */
const PERIOD_MS = 5 * 60_000;
const MINUTE_MS = 60_000;

export interface ReminderReport {
  tenant: string;
  /** Lessons read from the start index, over every window's slice. */
  read: number;
  /** Reminders written now (new), and those found already sent (a run fired twice or overlapping). */
  sent: number;
  duplicate: number;
}

/**
 * Which lessons' reminders fall due in a run: for each window W (minutes before the start), the lessons
 * whose due time (start - W) is in [from, now), that is, starting in [from + W, now + W), and not started
 * yet. `from` is where the last run got to, so a late run covers everything since and a run after a long
 * stop does not remind lessons already begun. Pure: the slices as [start, end) instants.
 */
export function reminderSlices(
  windows: readonly number[],
  from: number,
  now: number,
): Array<{ windowMinutes: number; start: string; end: string }> {
  return [...new Set(windows)].flatMap((windowMinutes) => {
    const start = Math.max(from + windowMinutes * MINUTE_MS, now);
    const end = now + windowMinutes * MINUTE_MS;
    return start < end
      ? [{ windowMinutes, start: new Date(start).toISOString(), end: new Date(end).toISOString() }]
      : [];
  });
}

type RemindedLesson = SectionRecord & { start: string; end: string; tutorId: string; studentIds: string[] };

const isLive = (section: SectionRecord): section is RemindedLesson =>
  section.status === 'ACTIVE' && Boolean(section.start && section.end && section.tutorId);

/**
 * One tenant's due reminders: each window's slice read from the lessons' start index (a range Query of
 * gsi2, never a scan), and each participant of each live lesson in it reminded once. Exactly once per
 * lesson, participant, window and start however the runs fall (twice, late, overlapping): the reminder's
 * notification is written only if absent (its id is that cause's). A cancelled lesson is left out; a moved
 * one is found at its new start only, and its new start makes it a new cause.
 */
export async function remindTenant(tenant: string, now = Date.now()): Promise<ReminderReport> {
  const record = await getTenant(tenant);
  const windows = record?.settings?.notifications?.reminderMinutes ?? DEFAULT_REMINDER_MINUTES;
  const watermark = await getJobWatermark(tenant, LESSON_REMINDERS_JOB);
  const from = watermark ? Date.parse(watermark) : now - PERIOD_MS;
  const report: ReminderReport = { tenant, read: 0, sent: 0, duplicate: 0 };
  const context = { tenant, tenantName: record?.name ?? 'Learning Portal' };
  for (const slice of reminderSlices(windows, from, now)) {
    const lessons = await lessonsStartingBetween(tenant, slice.start, slice.end);
    report.read += lessons.length;
    const live = lessons.filter(isLive);
    const people = new Map(
      (
        await getUsers(
          tenant,
          live.flatMap((lesson) => [lesson.tutorId, ...lesson.studentIds]),
        )
      ).map((user) => [user._id, user]),
    );
    for (const lesson of live) {
      for (const id of [lesson.tutorId, ...lesson.studentIds]) {
        const person = people.get(id);
        if (!person) continue;
        const outcome = await deliverNotification(
          person,
          reminderDraft(
            {
              sectionId: lesson._id,
              title: lesson.title,
              courseTitle: '',
              start: lesson.start,
              end: lesson.end,
            },
            person,
            slice.windowMinutes,
          ),
          context,
        );
        if (outcome === 'sent') report.sent++;
        if (outcome === 'duplicate') report.duplicate++;
      }
    }
  }
  // Only forward: an overlapping run that finishes later with an older `now` leaves it where it is.
  await setJobWatermark(tenant, LESSON_REMINDERS_JOB, new Date(now).toISOString());
  return report;
}

/** The schedule's tick: every tenant, one after another; one tenant's failure does not stop the others. */
export async function remindEverywhere(now = Date.now()): Promise<ReminderReport[]> {
  const reports: ReminderReport[] = [];
  let failed: unknown;
  for (const tenant of await listTenantKeys()) {
    try {
      reports.push(await remindTenant(tenant, now));
    } catch (error) {
      logger.error('Lesson reminders failed for a tenant', { tenant, error: error as Error });
      failed ??= error;
    }
  }
  // Thrown after the others ran: the bus retries the tick, and the claims make the retry send only what is due.
  if (failed) throw failed;
  return reports;
}
