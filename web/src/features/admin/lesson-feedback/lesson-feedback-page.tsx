import { Badge, HStack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type FeedbackKind,
  feedbackKinds,
  type LessonFeedback,
} from '../../../../../shared/schemas/lesson-feedback';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { personName } from '../../../components/admin/person-names';
import { callApi, useApi } from '../../../lib/api-client';
import { choiceOf } from '../../../lib/choice';
import { formatDateTime } from '../../../lib/time-zone';

/** Tutor feedback is students' on their tutors; student feedback, tutors' on their students. */
const kindLabels = { tutor: 'Tutor feedback', student: 'Student feedback' };

/**
 * The back-office's lesson feedback (spec 002 admin lists: "lesson feedback"): either kind, newest first,
 * with the lesson, the people, the rating, the rewards and the comment; an admin deletes one that should
 * not stand (the tutor's rating loses it).
 */
function feedbackResource(zone: string, kind: FeedbackKind): AdminResource<LessonFeedback> {
  return {
    useList: (query, options) => {
      const page = { limit: query.limit, offset: query.offset };
      return listRead(
        useApi(
          kind === 'tutor'
            ? ['tutorFeedbacks.list', { query: page }]
            : ['studentFeedbacks.list', { query: page }],
          options,
        ),
      );
    },
    delete: (id) =>
      kind === 'student'
        ? callApi('studentFeedbacks.adminDelete', { params: { id } })
        : callApi('tutorFeedbacks.adminDelete', { params: { id } }),
    title: 'Lesson feedback',
    label: 'feedback',
    messages: { deleted: 'Feedback deleted' },
    searchable: false,
    filters: [
      {
        key: 'kind',
        label: 'Kind',
        allLabel: null,
        initial: 'tutor',
        options: feedbackKinds.map((kind) => ({ value: kind, label: kindLabels[kind] })),
      },
    ],
    columns: [
      { key: 'lessonStart', label: 'Lesson', render: (row) => formatDateTime(row.lessonStart, zone) },
      { key: 'tutor', label: 'Tutor', render: (row) => personName(row.tutor) },
      { key: 'student', label: 'Student', render: (row) => personName(row.student) },
      {
        key: 'rating',
        label: 'Rating',
        render: (row) => (
          <Text whiteSpace="nowrap" aria-label={`${row.rating} out of 5`}>
            {'★'.repeat(row.rating)}
            {'☆'.repeat(5 - row.rating)}
          </Text>
        ),
      },
      {
        key: 'rewards',
        label: 'Rewards',
        render: (row) => (
          <HStack gap="1" wrap="wrap">
            {row.rewards.map((reward) => (
              <Badge key={reward} size="sm" colorPalette="brand" variant="subtle">
                {reward}
              </Badge>
            ))}
          </HStack>
        ),
      },
      {
        key: 'comment',
        label: 'Comment',
        render: (row) => (
          <Text fontSize="sm" color="fg.muted" lineClamp={3} maxW="sm">
            {row.comment || '-'}
          </Text>
        ),
      },
      { key: 'createdAt', label: 'Given', render: (row) => formatDateTime(row.createdAt, zone) },
    ],
    rowLabel: (row) => `${personName(row.student)} on ${formatDateTime(row.lessonStart, zone)}`,
  };
}

/** The kind shown is the Kind filter's, in the page address (the list's state lives there). */
export default function AdminLessonFeedbackPage() {
  const zone = useAdminZone();
  const [params] = useSearchParams();
  const kind = choiceOf(feedbackKinds, params.get('kind') ?? '') ?? 'tutor';
  const config = useMemo(() => feedbackResource(zone, kind), [zone, kind]);
  return <AdminListPage config={config} />;
}
