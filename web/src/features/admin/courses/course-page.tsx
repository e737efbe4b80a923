import { Badge, Box, Button, Flex, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft, LuExternalLink, LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { CourseDetail } from '../../../../../shared/routes/scheduling';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import { formatDuration } from '../../../../../shared/scheduling/durations';
import type { CourseInput } from '../../../../../shared/schemas/course';
import { FormDialog } from '../../../components/form-dialog';
import { paths } from '../../../config/paths';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { usePageMeta } from '../../../lib/meta-tags';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toaster';
import { ContentTab } from './content-tab';
import { CourseForm, courseToInput, paymentTypeLabels, statusLabels, validateCourse } from './course-form';
import { CourseScheduleTab } from './course-schedule-tab';
import { StudentsTab, TutorsTab } from './members-tabs';

const tabs = ['content', 'tutors', 'students', 'schedule'] as const;
type Tab = (typeof tabs)[number];

function EditCourseDialog({
  course,
  onClose,
  onSaved,
}: {
  course: CourseDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [value, setValue] = useState<CourseInput>(() => courseToInput(course));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const checked = validateCourse(value);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await callApi('courses.adminUpdate', { params: { id: course._id }, body: checked.body });
    } catch {
      setBusy(false); // toasted by the API client; the input stays
      return;
    }
    toastSuccess('Course Updated');
    onSaved();
  };
  return (
    <FormDialog onClose={onClose} size="lg" title="Edit course" onSave={save} busy={busy}>
      <CourseForm value={value} onChange={setValue} errors={errors} />
    </FormDialog>
  );
}

function DeleteCourseDialog({ course, onClose }: { course: CourseDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await callApi('courses.adminDelete', { params: { id: course._id } });
    } catch {
      // The server says why (e.g. upcoming lessons); the toast shows it.
      setBusy(false);
      onClose();
      return;
    }
    toastSuccess('Course Deleted');
    // Decision (spec 000 s2 / 001 s2): an admin's "courses list" is the back-office list, not the portal one.
    navigate(paths.adminCourses);
  };
  return (
    <FormDialog
      onClose={onClose}
      role="alertdialog"
      title="Delete course"
      onSave={remove}
      busy={busy}
      saveLabel="Delete"
      saveColorPalette="red"
    >
      <Text>
        Delete <b>{course.title}</b> with its sections and members? This cannot be undone.
      </Text>
    </FormDialog>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0" minW="28">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {children}
      </Text>
    </Stack>
  );
}

/** /admin/courses/:courseId: the course's fields with edit and delete, and its content, people and lessons. */
export default function AdminCoursePage() {
  const { courseId = '' } = useParams();
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(searchParams.get('tab') ?? '')
    ? (searchParams.get('tab') as Tab)
    : 'content';
  const [dialog, setDialog] = useState<'edit' | 'delete' | undefined>();
  const {
    data: course,
    error,
    mutate,
  } = useApi(['courses.adminGet', { params: { id: courseId }, query: { subSections: '1' } }]);
  const canEdit = canCall(session?.user, 'courses.adminUpdate');
  const canDelete = canCall(session?.user, 'courses.adminDelete');
  usePageMeta(course?.title);

  if (error) {
    return (
      <Stack gap="3">
        <Text>This course could not be loaded.</Text>
        <Button asChild variant="outline" size="sm" alignSelf="start">
          <Link to={paths.adminCourses}>Back to courses</Link>
        </Button>
      </Stack>
    );
  }
  if (!course) return <Text color="fg.muted">Loading course…</Text>;

  return (
    <Stack gap="5">
      <Button asChild variant="ghost" size="xs" alignSelf="start" px="1">
        <Link to={paths.adminCourses}>
          <LuArrowLeft /> Courses
        </Link>
      </Button>
      <Box bg="bg" rounded="lg" borderWidth="1px" p="5">
        <Flex justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="2" minW="0">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={course.status === 'ACTIVE' ? 'green' : 'gray'}>
                {statusLabels[course.status]}
              </Badge>
              <Badge colorPalette="brand">{enumLabels.classType[course.type]}</Badge>
              {course.isTrial && <Badge colorPalette="purple">Trial</Badge>}
            </HStack>
            <Heading as="h1" size="2xl">
              {course.title}
            </Heading>
            <Text color="fg.muted">
              {course.curriculum} · {course.subject} · {course.grade}
            </Text>
            {course.description && <Text maxW="3xl">{course.description}</Text>}
          </Stack>
          <HStack gap="2">
            <Button asChild size="sm" variant="ghost">
              <Link to={`${paths.portalCourses}/${encodeURIComponent(course._id)}`}>
                <LuExternalLink /> Portal view
              </Link>
            </Button>
            {canEdit && (
              <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
                <LuPencil /> Edit
              </Button>
            )}
            {canDelete && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog('delete')}>
                <LuTrash2 /> Delete
              </Button>
            )}
          </HStack>
        </Flex>
        <Flex gap="6" wrap="wrap" mt="4">
          <Fact label="Payment">{paymentTypeLabels[course.paymentType]}</Fact>
          <Fact label="Lesson length">{formatDuration(course.lessonDuration)}</Fact>
          <Fact label="Tutors">{course.tutors.filter((t) => t.status === 'ENABLE').length}</Fact>
          <Fact label="Students">{course.students.filter((s) => s.enrolment === 'ENROLLED').length}</Fact>
          <Fact label="Created">{formatDate(course.createdAt)}</Fact>
          <Fact label="Updated">{formatDate(course.updatedAt)}</Fact>
        </Flex>
      </Box>

      <Tabs.Root
        value={tab}
        onValueChange={(e) => {
          setSearchParams((current) => {
            const next = new URLSearchParams(current);
            next.set('tab', e.value);
            return next;
          });
          // Tutors or students changed on one tab show in the header and the lesson dialog's tutor list.
          void mutate();
        }}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          <Tabs.Trigger value="content">Content</Tabs.Trigger>
          <Tabs.Trigger value="tutors">Tutors</Tabs.Trigger>
          <Tabs.Trigger value="students">Students</Tabs.Trigger>
          <Tabs.Trigger value="schedule">Schedule</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="content">
          <ContentTab course={course} reload={() => mutate()} canEdit={canEdit} canDelete={canDelete} />
        </Tabs.Content>
        <Tabs.Content value="tutors">
          <TutorsTab
            courseId={course._id}
            onChanged={() => mutate()}
            onCourse={course.tutors.map((member) => member.user._id)}
          />
        </Tabs.Content>
        <Tabs.Content value="students">
          <StudentsTab
            courseId={course._id}
            onChanged={() => mutate()}
            onCourse={course.students.map((member) => member.user._id)}
          />
        </Tabs.Content>
        <Tabs.Content value="schedule">
          <CourseScheduleTab courseId={course._id} />
        </Tabs.Content>
      </Tabs.Root>

      {dialog === 'edit' && (
        <EditCourseDialog
          course={course}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            void mutate();
          }}
        />
      )}
      {dialog === 'delete' && <DeleteCourseDialog course={course} onClose={() => setDialog(undefined)} />}
    </Stack>
  );
}
