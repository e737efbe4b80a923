import ical, { ICalEventStatus } from 'ical-generator';
import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import type { ScheduledLesson } from '../../shared/routes/schedule';
import { scheduleRoutes } from '../../shared/routes/schedule';
import { calendarSequence } from '../../shared/scheduling/calendar-feed';
import { adminScheduleRange } from '../../shared/scheduling/date-filters';
import { isDescending } from '../../shared/schemas/paging';
import { isScheduleViewer, requireCalendarAccess } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import { respondText } from '../lib/request';
import { userOfFeedToken } from '../repositories/calendar-feeds';
import { coursesRepository } from '../repositories/courses';
import { type JoinTimes, lessonJoinTimes } from '../repositories/lesson-joins';
import { type LessonRecord, userSchedule } from '../repositories/lessons';
import { lessonsStartingBetween, requireSection, type SectionRecord } from '../repositories/sections';
import { getUser, getUsers } from '../repositories/users';
import { calendarFeedUrl } from './calendar-feed-url';

const DAY_MS = 86_400_000;
/** Lessons with their course title and people, for the admin schedule and the lesson view. */
async function withNames(tenant: string, lessons: SectionRecord[]): Promise<ScheduledLesson[]> {
  const courses = await coursesRepository.getMany(tenant, [...new Set(lessons.map((l) => l.course))]);
  const people = await getUsers(
    tenant,
    lessons.flatMap((l) => [l.tutorId ?? '', ...(l.studentIds ?? [])]).filter(Boolean),
  );
  const person = (id: string) => {
    const user = people.find((u) => u._id === id);
    return user ? { _id: user._id, firstname: user.firstname, lastname: user.lastname } : null;
  };
  // Fields the response does not declare (the buffer) are left out by the pipeline's projection.
  return lessons.map((lesson) => ({
    ...lesson,
    courseTitle: courses.find((c) => c._id === lesson.course)?.title ?? '',
    tutor: lesson.tutorId ? person(lesson.tutorId) : null,
    students: (lesson.studentIds ?? []).map(person).filter((p) => p !== null),
  }));
}

export const handler = resourceHandler('schedule', scheduleRoutes, {
  'schedule.adminMeetings': async ({ tenant, query }) => {
    const q = query;
    const range = adminScheduleRange(q, new Date());
    if (!range.ok) throw new BadRequestError(range.message);
    const { from, to } = range;
    const lessons = (await lessonsStartingBetween(tenant.key, from, to)).filter(
      (l) =>
        (!q.courseId || l.course === q.courseId) &&
        (!q.tutorId || l.tutorId === q.tutorId) &&
        (!q.studentId || (l.studentIds ?? []).includes(q.studentId)),
    );
    if (q.countOnly === '1') return { totalDocs: lessons.length };
    const direction = isDescending(q.sortValue) ? -1 : 1;
    const sortKey = q.sortKey === 'title' || q.sortKey === 'status' ? q.sortKey : 'start';
    lessons.sort((a, b) => direction * String(a[sortKey] ?? '').localeCompare(String(b[sortKey] ?? '')));
    const page = lessons.slice(q.offset, q.offset + q.limit);
    return {
      limit: q.limit,
      offset: q.offset,
      totalDocs: lessons.length,
      docs: await withNames(tenant.key, page),
    };
  },

  'schedule.list': async ({ tenant, caller, params, query }) => {
    await requireCalendarAccess(tenant.key, caller, params.userId);
    const entries = await userSchedule(
      tenant.key,
      params.userId,
      new Date(query.startDate).toISOString(),
      new Date(query.endDate).toISOString(),
    );
    const docs = entries.filter(
      (e) =>
        (!query.courseId || e.courseId === query.courseId) &&
        (!query.tutorId || e.tutorId === query.tutorId) &&
        (!query.studentId || e.studentIds.includes(query.studentId)),
    );
    // The calendar's class timing chip needs the join times of lessons under way or past.
    const times = await lessonJoinTimes(
      tenant.key,
      docs.map((e) => ({ ...e, _id: e.sectionId })),
    );
    return { docs: docs.map((e) => ({ ...e, ...times.get(e.sectionId) })) };
  },

  'schedule.get': async ({ tenant, caller, params }) => {
    const section = await requireSection(tenant.key, params.sectionId);
    const participant =
      section.tutorId === caller.user._id || (section.studentIds ?? []).includes(caller.user._id);
    if (!section.start || (!participant && !isScheduleViewer(caller)))
      throw new NotFoundError('Lesson not found');
    const [lesson] = await withNames(tenant.key, [section]);
    if (!lesson) throw new NotFoundError('Lesson not found');
    const times = section.tutorId
      ? await lessonJoinTimes(tenant.key, [section as LessonRecord])
      : new Map<string, JoinTimes>();
    return { ...lesson, ...times.get(section._id) };
  },

  'schedule.feedUrl': async ({ tenant, caller }) => ({
    url: await calendarFeedUrl(tenant.key, caller.user._id),
  }),

  'schedule.feed': async ({ params }) => {
    const tenantKey = params.tenant;
    const userId = await userOfFeedToken(tenantKey, params.token);
    const user = userId ? await getUser(tenantKey, userId) : undefined;
    if (!user) throw new NotFoundError('Calendar not found');
    const now = Date.now();
    const entries = await userSchedule(
      tenantKey,
      user._id,
      new Date(now - 30 * DAY_MS).toISOString(),
      new Date(now + 180 * DAY_MS).toISOString(),
    );
    const calendar = ical({
      name: `${user.firstname}'s lessons`,
      prodId: { company: 'learning-platform', product: 'lessons' },
    });
    for (const entry of entries) {
      calendar.createEvent({
        id: `${entry.sectionId}@learning-platform`,
        start: new Date(entry.start),
        end: new Date(entry.end),
        summary:
          entry.status === 'CANCELLED'
            ? `Cancelled: ${entry.title}`
            : `${entry.title} · ${entry.courseTitle}`,
        status: entry.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        sequence: calendarSequence(entry.createdAt, entry.updatedAt),
        ...(entry.updatedAt ? { lastModified: new Date(entry.updatedAt) } : {}),
      });
    }
    return respondText(200, calendar.toString(), 'text/calendar; charset=utf-8');
  },
});
