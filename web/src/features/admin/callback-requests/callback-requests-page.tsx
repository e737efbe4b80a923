import { Stack, Text } from '@chakra-ui/react';
import type { CallbackRequest } from '../../../../../shared/schemas/callback-request';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useApi } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/time-zone';

/** What the person was trying to book: a trial's combination, or a course's lesson. */
function about(request: CallbackRequest): string {
  const subject = [request.curriculum, request.subject, request.grade].filter(Boolean).join(' · ');
  return request.courseId ? `A lesson${subject ? `: ${subject}` : ''}` : subject || '-';
}

/**
 * Callback requests left in the booking dialogs when no tutor had a free time (GET
 * /admin/callback-requests), newest first, for whoever answers the school's phone.
 */
const callbackRequestsResource: AdminResource<CallbackRequest> = {
  useList: (query, options) =>
    listRead(
      useApi(['trials.callbackRequests', { query: { limit: query.limit, offset: query.offset } }], options),
    ),
  title: 'Callback requests',
  label: 'callback request',
  messages: {},
  searchable: false,
  columns: [
    { key: 'name', label: 'Name', render: (request) => request.name },
    {
      key: 'contact',
      label: 'Contact',
      render: (request) => (
        <Stack gap="0.5">
          {request.email && <Text>{request.email}</Text>}
          {request.phone && <Text>{request.phone}</Text>}
        </Stack>
      ),
    },
    { key: 'about', label: 'About', render: about },
    {
      key: 'note',
      label: 'Note',
      render: (request) => (
        <Text maxW="xs" lineClamp={3}>
          {request.note || '-'}
        </Text>
      ),
    },
    { key: 'timezone', label: 'Time zone', render: (request) => request.timezone ?? '-' },
    { key: 'createdAt', label: 'Received', render: (request) => formatDateTime(request.createdAt) },
  ],
};

export default function CallbackRequestsPage() {
  return <AdminListPage config={callbackRequestsResource} />;
}
