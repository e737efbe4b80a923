import { useMemo } from 'react';
import type { ScheduledLesson } from '../../../../../shared/routes/schedule';
import {
  type AdminListOptions,
  AdminListPage,
  type AdminListQuery,
  type AdminResource,
  listRead,
} from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { dateRangeFilters } from '../../../components/admin/date-filters';
import { canChangeLessons } from '../../../components/admin/lesson-change';
import { LessonChangeActions, lessonColumns } from '../../../components/admin/lesson-columns';
import { useApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The list read of a course's lessons: the list page's `useList` hook for that course. */
const lessonsOfCourse = (courseId: string) =>
  function useCourseLessons(query: AdminListQuery, options: AdminListOptions) {
    return listRead(useApi(['schedule.adminMeetings', { query: { ...query, courseId } }], options));
  };

/** The course's lessons (GET /admin/schedule/meetings?courseId=…) with the class timing chip. */
export function CourseScheduleTab({ courseId }: { courseId: string }) {
  const zone = useAdminZone();
  const canChange = canChangeLessons(useSession()?.user);
  const config = useMemo<AdminResource<ScheduledLesson>>(
    () => ({
      useList: lessonsOfCourse(courseId),
      title: 'Lessons',
      // The course page's tabs keep their lists' states apart in its address.
      urlPrefix: 'lessons.',
      label: 'lesson',
      searchable: false,
      messages: {},
      // From a month back to three months ahead by default; clear "To" for the server's 60-day window.
      filters: dateRangeFilters(zone, { from: -30, to: 90 }),
      columns: lessonColumns({ withCourse: false, zone }),
      ...(canChange
        ? { rowActions: (lesson, list) => <LessonChangeActions lesson={lesson} list={list} zone={zone} /> }
        : {}),
    }),
    [courseId, zone, canChange],
  );
  return <AdminListPage config={config} />;
}
