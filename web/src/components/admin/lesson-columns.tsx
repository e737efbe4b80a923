import { IconButton, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { LuCalendarClock, LuCalendarX } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import type { ScheduledLesson } from '../../../../shared/routes/schedule';
import { summarizeLabels } from '../../../../shared/rules/labels';
import { formatDuration } from '../../../../shared/scheduling/durations';
import { MISSING_VALUE } from '../../config/app-constants';
import { adminCoursePath } from '../../config/course-paths';
import { useSession } from '../../lib/session';
import { formatTime } from '../../lib/time-zone';
import { ClassTimingChip } from '../lessons/class-timing-chip';
import { AdminLessonChangeDialog } from './admin-lesson-change-dialog';
import type { AdminColumn, ListControls } from './admin-list-page';
import { allowedChanges, type ChangeMode, canChangeLesson } from './lesson-change';
import { personLabel } from './person-picker';
import { kindLabels } from './section-kind-labels';

/** YYYY MMM DD of an instant in a zone (spec 001 section 9). */
function dateIn(iso: string | undefined, zone: string): string {
  const day = iso ? DateTime.fromISO(iso, { zone }) : undefined;
  return day?.isValid ? day.toFormat('yyyy LLL dd') : MISSING_VALUE;
}

/** The columns of a lesson list: date YYYY MMM DD, time hh:mm A, people summarised after two names. */
export function lessonColumns(options: {
  withCourse: boolean;
  zone: string;
}): AdminColumn<ScheduledLesson>[] {
  const { zone } = options;
  return [
    {
      key: 'start',
      label: 'Date',
      sortable: true,
      render: (lesson) => (
        <Stack gap="0">
          <Text fontWeight="medium">{dateIn(lesson.start, zone)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatTime(lesson.start, zone)} – {formatTime(lesson.end, zone)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'title',
      label: 'Lesson',
      sortable: true,
      render: (lesson) => (
        <Stack gap="0">
          <Text fontWeight="medium">{lesson.title}</Text>
          <Text fontSize="xs" color="fg.muted">
            {kindLabels[lesson.kind]} · {formatDuration(lesson.duration ?? 0)}
          </Text>
        </Stack>
      ),
    },
    ...(options.withCourse
      ? [
          {
            key: 'course',
            label: 'Course',
            render: (lesson: ScheduledLesson) => (
              <Link to={adminCoursePath(lesson.course)}>
                <Text color="brand.fg" textDecoration="underline">
                  {lesson.courseTitle}
                </Text>
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'tutor',
      label: 'Tutor',
      render: (lesson) => (lesson.tutor ? personLabel(lesson.tutor) : MISSING_VALUE),
    },
    {
      key: 'students',
      label: 'Students',
      render: (lesson) => summarizeLabels(lesson.students.map(personLabel)) || MISSING_VALUE,
    },
    {
      key: 'status',
      label: 'Timing',
      sortable: true,
      render: (lesson) => <ClassTimingChip lesson={lesson} />,
    },
  ];
}

/** A lesson row's Reschedule and Cancel buttons (admin calls); the list is read again after a change. */
export function LessonChangeActions({
  lesson,
  list,
  zone,
}: {
  lesson: ScheduledLesson;
  list: ListControls<ScheduledLesson>;
  zone: string;
}) {
  const [mode, setMode] = useState<ChangeMode | undefined>();
  const allowed = allowedChanges(useSession()?.user, lesson.kind);
  if (!canChangeLesson(lesson)) return null;
  return (
    <>
      {allowed.includes('RESCHEDULE') && (
        <IconButton
          aria-label={`Reschedule ${lesson.title}`}
          title="Reschedule"
          size="xs"
          variant="ghost"
          onClick={() => setMode('RESCHEDULE')}
        >
          <LuCalendarClock />
        </IconButton>
      )}
      {allowed.includes('CANCEL') && (
        <IconButton
          aria-label={`Cancel ${lesson.title}`}
          title="Cancel lesson"
          size="xs"
          variant="ghost"
          colorPalette="red"
          onClick={() => setMode('CANCEL')}
        >
          <LuCalendarX />
        </IconButton>
      )}
      {mode && (
        <AdminLessonChangeDialog
          lesson={lesson}
          mode={mode}
          zone={zone}
          onClose={() => setMode(undefined)}
          onDone={() => {
            setMode(undefined);
            void list.reload();
          }}
        />
      )}
    </>
  );
}
