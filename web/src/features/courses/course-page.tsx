import { Badge, Box, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { bookingTutor, mayBookInCourse } from '../../../../shared/scheduling/course-booking';
import { flattenSections, lessonNumbers } from '../../../../shared/scheduling/lesson-order';
import { isLessonKind, type SectionTree } from '../../../../shared/schemas/section';
import { RequireSession } from '../../components/require-session';
import { homeworkPath } from '../../config/course-paths';
import { useCourse } from '../../lib/api/courses';
import { usePageMeta } from '../../lib/meta-tags';
import { canCall } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { deviceTimeZone } from '../../lib/time-zone';
import { isActiveCourseTutor } from '../../lib/tutor-mode';
import { BookLessonDialog } from './book-lesson-dialog';
import { CourseBilling } from './course-billing';
import { TutorRatingBadge } from './lesson-feedback';
import { LessonRow } from './lesson-row';
import { NewLessonDialog, schedulableKinds } from './new-lesson-dialog';
import { TrialPanel } from './trial-panel';
import {
  AddContentButtons,
  EditInPlaceButton,
  HomeworkSubmissions,
  InPlaceEditor,
  type TutorTools,
  useTutorTools,
} from './tutor-tools';

const kindLabels: Record<string, string> = { RESOURCE: 'Resource', HOMEWORK: 'Homework' };

/** The course's lessons numbered by date (shared/scheduling/lesson-order.ts), across its folders. */
type Numbers = Map<string, number>;

function SectionNode({
  node,
  depth,
  tools,
  numbers,
}: {
  node: SectionTree;
  depth: number;
  tools: TutorTools;
  numbers: Numbers;
}) {
  const [inPlace, setInPlace] = useState(false);
  if (isLessonKind(node.kind)) {
    return <LessonRow lesson={node} number={numbers.get(node._id)} students={tools.course.students} />;
  }
  if (inPlace) return <InPlaceEditor section={node} tools={tools} onDone={() => setInPlace(false)} />;
  if (node.kind === 'SECTION') {
    return (
      <Stack gap="3" pl={depth > 0 ? '4' : '0'} borderLeftWidth={depth > 0 ? '2px' : '0'}>
        <HStack gap="2" justify="space-between" wrap="wrap">
          <HStack gap="1">
            <Heading size={depth === 0 ? 'md' : 'sm'}>{node.title}</Heading>
            {tools.editing && tools.may('sectionEdit') && (
              <EditInPlaceButton section={node} onClick={() => setInPlace(true)} />
            )}
          </HStack>
          {tools.editing && <AddContentButtons tools={tools} parent={node._id} folderTitle={node.title} />}
        </HStack>
        {node.description && <Text color="fg.muted">{node.description}</Text>}
        {node.sections.map((child) => (
          <SectionNode key={child._id} node={child} depth={depth + 1} tools={tools} numbers={numbers} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="1">
      <HStack gap="2" wrap="wrap">
        <Badge>{kindLabels[node.kind] ?? node.kind}</Badge>
        <Text>{node.title}</Text>
        {tools.editing && tools.may('sectionEdit') && (
          <EditInPlaceButton section={node} onClick={() => setInPlace(true)} />
        )}
        {node.kind === 'HOMEWORK' &&
          (tools.homework ? (
            <HomeworkSubmissions section={node} tools={tools} />
          ) : (
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to={homeworkPath(node.course, node._id)}>Open homework</RouterLink>
            </Link>
          ))}
        {node.kind === 'RESOURCE' && node.resource && (
          <Link href={node.resource.url} target="_blank" rel="noreferrer" color="brand.fg" fontSize="sm">
            Open
          </Link>
        )}
      </HStack>
      {tools.editing && node.description && (
        <Text color="fg.muted" fontSize="sm">
          {node.description}
        </Text>
      )}
    </Stack>
  );
}

function Course() {
  const { courseId } = useParams();
  const {
    data: course,
    error,
    mutate,
  } = useCourse(courseId ?? null, { subSections: '1', deviceTimezone: deviceTimeZone() });
  usePageMeta(course?.title);
  if (error) {
    return (
      <Box maxW="5xl" mx="auto" px="4" py="8">
        <Text>This course could not be loaded.</Text>
      </Box>
    );
  }
  if (!course) return null;
  return <CourseView course={course} reload={() => mutate()} />;
}

/**
 * The lesson actions of the page's header: an enrolled student (with class booking) books a lesson from
 * the course tutor's free slots, except in a group or free-trial course (mayBookInCourse: the server
 * refuses those bookings); the course's own tutor schedules a new lesson.
 */
function LessonActions({ course, reload }: { course: CourseDetail; reload: () => Promise<unknown> }) {
  const session = useSession();
  const user = session?.user;
  const [open, setOpen] = useState<'book' | 'new' | null>(null);
  const members = [...course.tutors, ...course.students];
  const tutor = bookingTutor(course.tutors);
  const books =
    !!tutor && canCall(user, 'meetings.courseMeetingBook') && mayBookInCourse(course, members, user?._id);
  const schedules =
    user?.type === 'tutor' && isActiveCourseTutor(user, course.tutors) && schedulableKinds(course).length > 0;
  if (!books && !schedules) return null;
  return (
    <HStack gap="2">
      {books && (
        <Button size="sm" colorPalette="brand" onClick={() => setOpen('book')}>
          Book a lesson
        </Button>
      )}
      {schedules && (
        <Button size="sm" colorPalette="brand" variant="outline" onClick={() => setOpen('new')}>
          New lesson
        </Button>
      )}
      {open === 'book' && tutor && (
        <BookLessonDialog course={course} tutorId={tutor.user._id} onClose={() => setOpen(null)} />
      )}
      {open === 'new' && <NewLessonDialog course={course} onClose={() => setOpen(null)} onSaved={reload} />}
    </HStack>
  );
}

function CourseView({ course, reload }: { course: CourseDetail; reload: () => Promise<unknown> }) {
  const tools = useTutorTools(course, reload);
  const numbers = lessonNumbers(flattenSections(course.sections ?? []));
  const names = (members: CourseDetail['tutors']) =>
    members.map((m) => `${m.user.firstname} ${m.user.lastname}`).join(', ') || '-';
  return (
    <Box maxW="5xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            {course.isTrial && <Badge colorPalette="purple">Free trial</Badge>}
            <Badge colorPalette="brand">{course.type}</Badge>
            {course.status === 'DRAFT' && <Badge>Draft</Badge>}
          </HStack>
          <Heading as="h1" size="2xl">
            {course.title}
          </Heading>
          <Text color="fg.muted">
            {course.curriculum} · {course.subject} · {course.grade}
          </Text>
          {course.description && <Text>{course.description}</Text>}
          <Text fontSize="sm">
            Tutor: {names(course.tutors)}{' '}
            {bookingTutor(course.tutors) && (
              <TutorRatingBadge tutorId={bookingTutor(course.tutors)?.user._id ?? ''} />
            )}{' '}
            · Students: {names(course.students)}
          </Text>
        </Stack>
        <CourseBilling course={course} reload={reload} />
        <Card.Root>
          <Card.Header>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <HStack gap="2">
                <Heading size="lg">Lessons and materials</Heading>
                {tools.editing && <Badge colorPalette="orange">Editing</Badge>}
                {tools.homework && <Badge colorPalette="orange">Homework mode</Badge>}
              </HStack>
              <HStack gap="2" wrap="wrap">
                <LessonActions course={course} reload={reload} />
                {tools.editing && <AddContentButtons tools={tools} parent={null} />}
              </HStack>
            </HStack>
          </Card.Header>
          <Card.Body gap="5">
            {course.sections?.length ? (
              course.sections.map((node) => (
                <SectionNode key={node._id} node={node} depth={0} tools={tools} numbers={numbers} />
              ))
            ) : (
              <Text color="fg.muted">Nothing here yet.</Text>
            )}
          </Card.Body>
        </Card.Root>
        {course.isTrial && <TrialPanel courseId={course._id} studentId={course.students[0]?.user._id} />}
      </Stack>
    </Box>
  );
}

export default function CoursePage() {
  return (
    <RequireSession>
      <Course />
    </RequireSession>
  );
}
