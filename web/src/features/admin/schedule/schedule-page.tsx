import { Badge, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuExternalLink } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import type { ScheduledLesson } from '../../../../../shared/routes/schedule';
import {
  type AdminListOptions,
  AdminListPage,
  type AdminListQuery,
  type AdminResource,
  listRead,
} from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { dateRangeFilters, dayInZone, dayStartIso } from '../../../components/admin/date-filters';
import { canChangeLessons } from '../../../components/admin/lesson-change';
import { LessonChangeActions, lessonColumns } from '../../../components/admin/lesson-columns';
import { personLabel } from '../../../components/admin/person-picker';
import { adminCoursePath } from '../../../config/course-paths';
import { type ApiQuery, useApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Every lesson, a page at a time: the list page's `useList` hook. */
function useLessons(query: AdminListQuery, options: AdminListOptions) {
  return listRead(useApi(['schedule.adminMeetings', { query }], options));
}

/** How far ahead the "upcoming" badge counts. */
const UPCOMING_DAYS = 7;

function usePeople(userTypes: 'tutor' | 'student') {
  return useApi(['users.adminDropdown', { query: { userTypes, limit: 100, offset: 0 } }]).data?.docs;
}

/** The count badge: lessons from now to a week ahead (countOnly=1 answers only totalDocs). */
function UpcomingCount({ zone }: { zone: string }) {
  const query = useMemo(
    (): ApiQuery<'schedule.adminMeetings'> => ({
      countOnly: '1',
      startDate: new Date().toISOString(),
      endDate: dayStartIso(dayInZone(zone, UPCOMING_DAYS), zone),
    }),
    [zone],
  );
  const { data } = useApi(['schedule.adminMeetings', { query }]);
  // Drawn into the right of the list's title row (the list page has no slot there).
  return (
    <HStack gap="2" justify="end" mb="-11" position="relative" zIndex="1" pointerEvents="none">
      <Badge colorPalette="brand" size="lg" data-testid="upcoming-count">
        {data ? data.totalDocs : '…'}
      </Badge>
      <Text fontSize="sm" color="fg.muted">
        {data?.totalDocs === 1 ? 'lesson' : 'lessons'} in the next {UPCOMING_DAYS} days ({zone})
      </Text>
    </HStack>
  );
}

function OpenCourseAction({ lesson }: { lesson: ScheduledLesson }) {
  return (
    <HStack>
      <IconButton asChild aria-label="Open course" title="Open course" size="xs" variant="ghost">
        <Link to={adminCoursePath(lesson.course)}>
          <LuExternalLink />
        </Link>
      </IconButton>
    </HStack>
  );
}

/** /admin/schedule: every lesson with the date, course, tutor and student filters of spec 001 section 7. */
export default function AdminSchedulePage() {
  const zone = useAdminZone();
  const canChange = canChangeLessons(useSession()?.user);
  const courses = useApi(['courses.adminList', { query: { limit: 100, offset: 0 } }]).data?.docs;
  const tutors = usePeople('tutor');
  const students = usePeople('student');
  const config = useMemo<AdminResource<ScheduledLesson>>(
    () => ({
      useList: useLessons,
      title: 'Schedule',
      label: 'lesson',
      searchable: false,
      messages: {},
      filters: [
        // From today, for the server's default 60 days unless "To" is set.
        ...dateRangeFilters(zone, { from: 0 }),
        {
          key: 'courseId',
          label: 'Course',
          options: (courses ?? []).map((course) => ({ value: course._id, label: course.title })),
        },
        {
          key: 'tutorId',
          label: 'Tutor',
          options: (tutors ?? []).map((tutor) => ({ value: tutor._id, label: personLabel(tutor) })),
        },
        {
          key: 'studentId',
          label: 'Student',
          options: (students ?? []).map((student) => ({ value: student._id, label: personLabel(student) })),
        },
      ],
      columns: lessonColumns({ withCourse: true, zone }),
      rowActions: (lesson, list) => (
        <>
          {canChange && <LessonChangeActions lesson={lesson} list={list} zone={zone} />}
          <OpenCourseAction lesson={lesson} />
        </>
      ),
    }),
    [zone, courses, tutors, students, canChange],
  );
  return (
    <Stack gap="3">
      <UpcomingCount zone={zone} />
      <AdminListPage config={config} />
    </Stack>
  );
}
