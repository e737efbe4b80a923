import ical, { ICalEventStatus } from 'ical-generator';
import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import type { ScheduledLesson } from '../../shared/routes/schedule';
import { scheduleRoutes } from '../../shared/routes/schedule';
import { calendarSequence } from '../../shared/scheduling/calendar-feed';
import { adminScheduleRange } from '../../shared/scheduling/date-filters';
import { isDescending } from '../../shared/schemas/paging';
import { openCourseIds, requireOpenCourse, viewerOf, viewerOfAccount } from '../access/course-visibility';
import { isScheduleViewer, requireCalendarAccess } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import { respondText } from '../lib/request';
import { userOfFeedToken } from '../repositories/calendar-feeds';
import { coursesRepository } from '../repositories/courses';
import { type JoinTimes, lessonJoinTimes } from '../repositories/lesson-joins';
import { type LessonRecord, userSchedule } from '../repositories/lessons';
import { requireSection, type SectionRecord } from '../repositories/sections';
import { getUser, getUsers } from '../repositories/users';
import { adminSchedule } from './admin-schedule';
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
  'schedule.adminMeetings': async ({ tenant, query: q }) => {
    const range = adminScheduleRange(q, new Date());
    if (!range.ok) throw new BadRequestError(range.message);
    const sortKey = q.sortKey === 'title' || q.sortKey === 'status' ? q.sortKey : 'start';
    const page = await adminSchedule(
      tenant.key,
      {
        from: range.from,
        to: range.to,
        courseId: q.courseId,
        tutorId: q.tutorId,
        studentId: q.studentId,
        sort: { key: sortKey, descending: isDescending(q.sortValue) },
        limit: q.limit,
        offset: q.offset,
      },
      q.countOnly === '1',
    );
    if (!page.docs) return { totalDocs: page.totalDocs, ...(page.partial ? { partial: page.partial } : {}) };
    return {
      limit: q.limit,
      offset: q.offset,
      totalDocs: page.totalDocs,
      docs: await withNames(tenant.key, page.docs),
      ...(page.partial ? { partial: page.partial } : {}),
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
    // A student's or parent's calendar leaves out the lessons of draft courses (shared/rules/course-visibility.ts).
    const isOpen = await openCourseIds(
      tenant.key,
      entries.map((e) => e.courseId),
      viewerOf(caller),
    );
    const docs = entries.filter(
      (e) =>
        isOpen(e.courseId) &&
        (!query.courseId || e.courseId === query.courseId) &&
        (!query.tutorId || e.tutorId === query.tutorId) &&
        (!query.studentId || e.studentIds.includes(query.studentId)),
    );
    // The calendar's class timing chip needs the join times of lessons under way or past.
    const times = await lessonJoinTimes(
      tenant.key,
      docs.map((e) => ({ ...e, _id: e.sectionId })),
      params.userId,
    );
    return { docs: docs.map((e) => ({ ...e, ...times.get(e.sectionId) })) };
  },

  'schedule.get': async ({ tenant, caller, params }) => {
    const section = await requireSection(tenant.key, params.sectionId);
    const participant =
      section.tutorId === caller.user._id || (section.studentIds ?? []).includes(caller.user._id);
    if (!section.start || (!participant && !isScheduleViewer(caller)))
      throw new NotFoundError('Lesson not found');
    const course = await coursesRepository.get(tenant.key, section.course);
    if (course) requireOpenCourse(course, viewerOf(caller), 'Lesson not found');
    const [lesson] = await withNames(tenant.key, [section]);
    if (!lesson) throw new NotFoundError('Lesson not found');
    const times = section.tutorId
      ? await lessonJoinTimes(tenant.key, [section as LessonRecord], caller.user._id)
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
    const isOpen = await openCourseIds(
      tenantKey,
      entries.map((e) => e.courseId),
      viewerOfAccount(user),
    );
    for (const entry of entries.filter((e) => isOpen(e.courseId))) {
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
