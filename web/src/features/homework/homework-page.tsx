import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { summarizeLabels } from '../../../../shared/rules/labels';
import type { HomeworkSubmission, Section } from '../../../../shared/schemas/section';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { useCourse } from '../../lib/api/courses';
import { callApi, useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { holdsReader } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { type Attachment, SubmissionForm } from './submission-form';

const statusLabels: Record<HomeworkSubmission['status'], string> = {
  SUBMITTED: 'Awaiting review',
  REVIEWED: 'Reviewed',
};

function StatusBadge({ status }: { status: HomeworkSubmission['status'] }) {
  return (
    <Badge colorPalette={status === 'REVIEWED' ? 'green' : 'orange'} data-testid="submission-status">
      {statusLabels[status]}
    </Badge>
  );
}

function Attachments({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <Stack gap="1">
      <Text fontSize="sm" fontWeight="medium">
        Attachments
      </Text>
      {attachments.map((attachment) => (
        <Link
          key={attachment.url}
          href={attachment.url}
          target="_blank"
          rel="noreferrer"
          color="brand.fg"
          fontSize="sm"
        >
          {attachment.fileName ?? attachment.url}
        </Link>
      ))}
    </Stack>
  );
}

function Answer({ submission }: { submission: HomeworkSubmission }) {
  return (
    <Stack gap="2">
      {submission.text ? (
        <Text whiteSpace="pre-wrap" data-testid="submission-text">
          {submission.text}
        </Text>
      ) : (
        <Text color="fg.muted">No written answer.</Text>
      )}
      <Attachments attachments={submission.attachments} />
    </Stack>
  );
}

function Review({ submission }: { submission: HomeworkSubmission }) {
  if (submission.status !== 'REVIEWED') return null;
  return (
    <Box bg="green.subtle" rounded="md" p="3" data-testid="review">
      <Text fontWeight="semibold">Grade: {submission.grade || '-'}</Text>
      <Text whiteSpace="pre-wrap">{submission.feedback || 'No feedback written.'}</Text>
    </Box>
  );
}

/** The tutor's (or an admin's) review of one submission: grade, feedback, and marking it reviewed. */
function ReviewForm({ submission, onSaved }: { submission: HomeworkSubmission; onSaved: () => void }) {
  const [grade, setGrade] = useState(submission.grade ?? '');
  const [feedback, setFeedback] = useState(submission.feedback ?? '');
  const [busy, setBusy] = useState(false);
  const name = `${submission.student.firstname} ${submission.student.lastname}`;
  const save = async () => {
    setBusy(true);
    try {
      await callApi('homework.update', {
        params: { id: submission._id },
        body: { grade: grade.trim(), feedback: feedback.trim(), status: 'REVIEWED' },
      });
      toastSuccess('Review Saved');
      onSaved();
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3">
      <HStack gap="3" align="start" wrap="wrap">
        <Field.Root w="40">
          <Field.Label>Grade</Field.Label>
          <Input
            aria-label={`Grade for ${name}`}
            value={grade}
            maxLength={50}
            onChange={(e) => setGrade(e.target.value)}
          />
        </Field.Root>
        <Field.Root flex="1" minW="64">
          <Field.Label>Feedback</Field.Label>
          <Textarea
            aria-label={`Feedback for ${name}`}
            rows={3}
            value={feedback}
            maxLength={5000}
            onChange={(e) => setFeedback(e.target.value)}
          />
        </Field.Root>
      </HStack>
      <Button alignSelf="start" size="sm" colorPalette="brand" loading={busy} onClick={save}>
        {submission.status === 'REVIEWED' ? 'Update review' : 'Mark reviewed'}
      </Button>
    </Stack>
  );
}

function ReviewerView({
  course,
  submissions,
  reload,
}: {
  course: CourseDetail;
  submissions: HomeworkSubmission[];
  reload: () => void;
}) {
  const handedIn = new Set(submissions.map((s) => s.student._id));
  const missing = course.students
    .filter((s) => s.enrolment === 'ENROLLED' && !handedIn.has(s.user._id))
    .map((s) => `${s.user.firstname} ${s.user.lastname}`);
  const reviewed = submissions.filter((s) => s.status === 'REVIEWED').length;
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Heading size="lg">Submissions</Heading>
        <Badge colorPalette="brand">{submissions.length} handed in</Badge>
        <Badge colorPalette="green">{reviewed} reviewed</Badge>
      </HStack>
      {missing.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          Not handed in yet: {summarizeLabels(missing)}
        </Text>
      )}
      {submissions.length === 0 && <Text color="fg.muted">No one has handed this in yet.</Text>}
      {submissions.map((submission) => (
        <Card.Root key={submission._id} data-testid="submission">
          <Card.Body gap="3">
            <HStack justify="space-between" wrap="wrap">
              <Text fontWeight="semibold">
                {submission.student.firstname} {submission.student.lastname}
              </Text>
              <HStack gap="2">
                <Text fontSize="xs" color="fg.muted">
                  {formatDateTime(submission.updatedAt)}
                </Text>
                <StatusBadge status={submission.status} />
              </HStack>
            </HStack>
            <Answer submission={submission} />
            <ReviewForm submission={submission} onSaved={reload} />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

function StudentView({
  section,
  submission,
  reload,
}: {
  section: Section;
  submission: HomeworkSubmission | undefined;
  reload: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!submission) {
    return (
      <Card.Root>
        <Card.Header>
          <Heading size="md">Hand in your work</Heading>
        </Card.Header>
        <Card.Body>
          <SubmissionForm
            submitLabel="Submit homework"
            onSubmit={async (value) => {
              try {
                await callApi('homework.submit', { body: { section: section._id, ...value } });
              } catch {
                return false;
              }
              toastSuccess('Homework Submitted');
              reload();
              return true;
            }}
          />
        </Card.Body>
      </Card.Root>
    );
  }
  const withdraw = async () => {
    setBusy(true);
    try {
      await callApi('homework.delete', { params: { id: submission._id } });
      toastSuccess('Submission Deleted');
      reload();
    } catch {
      // Toasted (e.g. it was reviewed meanwhile).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root data-testid="my-submission">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading size="md">Your submission</Heading>
          <StatusBadge status={submission.status} />
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        {editing ? (
          <SubmissionForm
            initial={{ text: submission.text, attachments: submission.attachments }}
            submitLabel="Save changes"
            onCancel={() => setEditing(false)}
            onSubmit={async (value) => {
              try {
                await callApi('homework.update', { params: { id: submission._id }, body: value });
              } catch {
                return false;
              }
              toastSuccess('Submission Updated');
              setEditing(false);
              reload();
              return true;
            }}
          />
        ) : (
          <>
            <Answer submission={submission} />
            <Text fontSize="xs" color="fg.muted">
              Handed in {formatDateTime(submission.createdAt)}
              {submission.updatedAt !== submission.createdAt
                ? ` · changed ${formatDateTime(submission.updatedAt)}`
                : ''}
            </Text>
            <Review submission={submission} />
            {submission.status === 'SUBMITTED' && (
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" colorPalette="red" loading={busy} onClick={withdraw}>
                  Withdraw
                </Button>
              </HStack>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Homework() {
  const { courseId = '', sectionId = '' } = useParams();
  const session = useSession();
  const user = session?.user;
  const { data: course, error: courseError } = useCourse(courseId, { subSections: '0' });
  const { data: section, error: sectionError } = useApi(['sections.get', { params: { id: sectionId } }]);
  const {
    data: submissions,
    error: submissionsError,
    mutate,
  } = useApi(section ? ['homework.list', { query: { section: section._id, limit: 100, offset: 0 } }] : null);
  usePageMeta(section?.title);
  const back = `${paths.portalCourses}/${encodeURIComponent(courseId)}`;
  if (courseError || sectionError || submissionsError || (section && section.kind !== 'HOMEWORK')) {
    return (
      <Box maxW="4xl" mx="auto" px="4" py="8">
        <Text>This homework could not be loaded.</Text>
      </Box>
    );
  }
  if (!course || !section || !user) return null;
  // Its tutors and course admins review; everyone else on the course is a student handing in.
  const reviewer =
    course.tutors.some((t) => t.user._id === user._id && t.status === 'ENABLE') ||
    holdsReader(user, 'anyCourse');
  const mine = submissions?.docs.find((s) => s.student._id === user._id);
  const due = section.homework?.dueAt;
  const overdue = !!due && Date.parse(due) < Date.now();
  return (
    <Box maxW="4xl" mx="auto" px="4" py="8">
      <Stack gap="6">
        <Button asChild variant="ghost" size="xs" alignSelf="start" px="1">
          <RouterLink to={back}>
            <LuArrowLeft /> {course.title}
          </RouterLink>
        </Button>
        <Stack gap="2">
          <HStack gap="2">
            <Badge colorPalette="purple">Homework</Badge>
            {overdue && <Badge colorPalette="red">Past due</Badge>}
          </HStack>
          <Heading as="h1" size="2xl">
            {section.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {due ? `Due ${formatDateTime(due)}` : 'No due date'}
          </Text>
          {section.description && <Text>{section.description}</Text>}
          {section.homework?.instructions && (
            <Box bg="bg.muted" rounded="md" p="4">
              <Text fontWeight="medium" mb="1">
                Instructions
              </Text>
              <Text whiteSpace="pre-wrap">{section.homework.instructions}</Text>
            </Box>
          )}
        </Stack>
        {!submissions ? null : reviewer ? (
          <ReviewerView course={course} submissions={submissions.docs} reload={() => void mutate()} />
        ) : (
          <StudentView section={section} submission={mine} reload={() => void mutate()} />
        )}
      </Stack>
    </Box>
  );
}

/** /portal/courses/:courseId/homework/:sectionId: a student hands in; the course's tutor reviews. */
export default function HomeworkPage() {
  return (
    <RequireSession>
      <Homework />
    </RequireSession>
  );
}
