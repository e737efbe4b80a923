import { Badge, IconButton, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuEye, LuReply } from 'react-icons/lu';
import {
  changeScopeLabel,
  requesterRoles,
  requestStatuses,
  requestTypes,
} from '../../../../../shared/scheduling/lesson-changes';
import type { PresentedMeetingRequest } from '../../../../../shared/schemas/meeting';
import {
  AdminListPage,
  type AdminResource,
  type ListControls,
  listRead,
} from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { lessonDateFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import { peopleNames, personName } from '../../../components/admin/person-names';
import { personFilter } from '../../../components/admin/person-picker';
import { TutorPaymentStatusAction, tutorPaymentLabels } from '../../../components/admin/tutor-payment-status';
import { MISSING_VALUE } from '../../../config/app-constants';
import { callApi, useApi } from '../../../lib/api-client';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { RequestDialog } from './request-dialog';
import { roleLabels, statusLabels, statusPalettes, typeLabels } from './request-labels';

/** The row's button: opens the request (to respond to it while pending). */
function OpenRequest({
  request,
  list,
  canRespond,
}: {
  request: PresentedMeetingRequest;
  list: ListControls<PresentedMeetingRequest>;
  canRespond: boolean;
}) {
  const [open, setOpen] = useState(false);
  const responds = canRespond && request.status === 'PENDING';
  return (
    <>
      <IconButton
        aria-label={responds ? 'Respond' : 'View'}
        title={responds ? 'Respond' : 'View'}
        size="xs"
        variant={responds ? 'subtle' : 'ghost'}
        onClick={() => setOpen(true)}
      >
        {responds ? <LuReply /> : <LuEye />}
      </IconButton>
      {open && (
        <RequestDialog request={request} list={list} canRespond={canRespond} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

const allStatuses = requestStatuses.join(',');

function requestsResource(options: {
  canRespond: boolean;
  canSetPayment: boolean;
  zone: string;
}): AdminResource<PresentedMeetingRequest> {
  return {
    useList: (query, listOptions) =>
      listRead(
        useApi(
          ['meetingRequests.adminList', { query: { ...query, includeTutorAmountData: '1' } }],
          listOptions,
        ),
      ),
    title: 'Lesson requests',
    label: 'lesson request',
    messages: {},
    dense: true,
    filters: [
      {
        key: 'statuses',
        label: 'Status',
        allLabel: null,
        initial: 'PENDING',
        options: [
          ...requestStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
          { value: allStatuses, label: 'All' },
        ],
      },
      {
        key: 'type',
        label: 'Type',
        options: requestTypes.map((type) => ({ value: type, label: typeLabels[type] })),
      },
      personFilter('studentId', 'Student', 'student'),
      personFilter('tutorId', 'Tutor', 'tutor'),
      {
        key: 'requestedByRole',
        label: 'Requested by',
        options: requesterRoles.map((role) => ({ value: role, label: roleLabels[role] })),
      },
      ...lessonDateFilters(options.zone),
    ],
    columns: [
      {
        key: 'createdAt',
        label: 'Created',
        sortable: true,
        render: (r) => <DateTimeCell iso={r.createdAt} zone={options.zone} />,
      },
      { key: 'course', label: 'Course', render: (r) => r.courseTitle || MISSING_VALUE },
      { key: 'lesson', label: 'Lesson', render: (r) => r.lessonTitle || MISSING_VALUE },
      {
        key: 'type',
        label: 'Type',
        sortable: true,
        render: (r) => (
          <>
            <Badge size="sm">{typeLabels[r.type] ?? r.type}</Badge>
            {changeScopeLabel(r) && (
              <Text display="block" color="fg.muted" fontSize="xs">
                {changeScopeLabel(r)}
              </Text>
            )}
          </>
        ),
      },
      {
        key: 'start',
        label: 'Old time',
        sortable: true,
        render: (r) => <DateTimeCell iso={r.start} zone={options.zone} />,
      },
      {
        key: 'newStart',
        label: 'New time',
        sortable: true,
        render: (r) => <DateTimeCell iso={r.newStart} zone={options.zone} />,
      },
      { key: 'students', label: 'Students', render: (r) => peopleNames(r.students) },
      { key: 'tutors', label: 'Tutor', render: (r) => peopleNames(r.tutors) },
      {
        key: 'requestedBy',
        label: 'Requested by',
        render: (r) => (
          <Text>
            {personName(r.requestedBy)}
            <Text as="span" display="block" color="fg.muted">
              {roleLabels[r.requestedByRole] ?? r.requestedByRole}
            </Text>
          </Text>
        ),
      },
      {
        key: 'reason',
        label: 'Reason',
        render: (r) => (
          <Text lineClamp={2} title={r.note ?? undefined}>
            {r.reason || MISSING_VALUE}
          </Text>
        ),
      },
      {
        key: 'status',
        label: 'Status',
        sortable: true,
        render: (r) => (
          <Badge size="sm" colorPalette={statusPalettes[r.status]}>
            {statusLabels[r.status] ?? r.status}
          </Badge>
        ),
      },
      {
        key: 'tutorPaymentStatus',
        label: 'Tutor payment',
        render: (r) =>
          r.tutorPaymentStatus ? (
            <Badge size="sm" colorPalette={r.tutorPaymentStatus === 'PAID' ? 'green' : 'gray'}>
              {tutorPaymentLabels[r.tutorPaymentStatus]}
            </Badge>
          ) : (
            MISSING_VALUE
          ),
      },
    ],
    rowLabel: (r) => `${r.courseTitle} ${r.lessonTitle} ${formatDateTime(r.start, options.zone)}`,
    rowActions: (request, list) => (
      <OpenRequest request={request} list={list} canRespond={options.canRespond} />
    ),
    ...(options.canSetPayment
      ? {
          bulkActions: (selected, list) => (
            <TutorPaymentStatusAction
              selected={selected}
              list={list}
              apply={(tutorPaymentStatus, meetingRequestIds) =>
                callApi('meetingRequests.updateTutorPaymentStatus', {
                  body: { tutorPaymentStatus, meetingRequestIds },
                })
              }
            />
          ),
        }
      : {}),
  };
}

export default function AdminPresentedMeetingRequestsPage() {
  const user = useSession()?.user;
  const canRespond = canCall(user, 'meetingRequests.respond');
  const canSetPayment = canCall(user, 'meetingRequests.updateTutorPaymentStatus');
  const zone = useAdminZone();
  const config = useMemo(
    () => requestsResource({ canRespond, canSetPayment, zone }),
    [canRespond, canSetPayment, zone],
  );
  return <AdminListPage config={config} />;
}
