import { useMemo } from 'react';
import type { ScheduledLesson } from '../../../../../shared/routes/schedule';
import { AdminListPage, type AdminResource } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { dateRangeFilters } from '../../../components/admin/date-filters';
import { canChangeLessons } from '../../../components/admin/lesson-change';
import { LessonChangeActions, lessonColumns } from '../../../components/admin/lesson-columns';
import { useSession } from '../../../lib/session';

/** The course's lessons (GET /admin/schedule/meetings?courseId=…) with the class timing chip. */
export function CourseScheduleTab({ courseId }: { courseId: string }) {
  const zone = useAdminZone();
  const canChange = canChangeLessons(useSession()?.user);
  const config = useMemo<AdminResource<ScheduledLesson>>(
    () => ({
      resource: 'schedule',
      routes: { list: 'schedule.adminMeetings', verifyDelete: false },
      title: 'Lessons',
      label: 'lesson',
      listQuery: { courseId },
      searchable: false,
      deletable: false,
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
