import { Badge, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { type CallLog, type CallStatus, callStatuses } from '../../../../../shared/schemas/call-log';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { lessonDateFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import { listQuery } from '../../../components/admin/list-query';
import { peopleNames, personName } from '../../../components/admin/person-names';
import { personFilter } from '../../../components/admin/person-picker';
import { useApi } from '../../../lib/api-client';
import { choiceOf } from '../../../lib/choice';
import { formatDateTime } from '../../../lib/time-zone';

const statusLabels: Record<CallStatus, string> = {
  COMPLETED: 'Completed',
  TUTOR_ABSENT: 'Tutor absent',
  STUDENT_ABSENT: 'Student absent',
  MISSED: 'Missed',
};
const statusPalettes: Record<CallStatus, string> = {
  COMPLETED: 'green',
  TUTOR_ABSENT: 'red',
  STUDENT_ABSENT: 'amber',
  MISSED: 'gray',
};

/** "10:03 (3 min late)", "On time", or a dash for someone who never joined (spec 001 section 4 chips). */
function JoinCell({ at, late, zone }: { at: string | null; late: number | null; zone: string }) {
  if (!at || late === null) return <Text color="fg.muted">-</Text>;
  return (
    <Text whiteSpace="nowrap">
      {formatDateTime(at, zone)}
      <Text as="span" display="block" fontSize="xs" color={late > 0 ? 'fg.error' : 'fg.muted'}>
        {late > 0 ? `${late} Min Late` : 'On Time'}
      </Text>
    </Text>
  );
}

function callLogsResource(zone: string): AdminResource<CallLog> {
  return {
    useList: (query, options) =>
      listRead(
        useApi(
          [
            'callLogs.list',
            {
              query: {
                ...listQuery(query, ['tutorId', 'studentId', 'startDate', 'endDate'], 'start'),
                status: choiceOf(callStatuses, String(query.status ?? '')),
              },
            },
          ],
          options,
        ),
      ),
    title: 'Call logs',
    label: 'call',
    messages: {},
    searchable: false,
    dense: true,
    filters: [
      personFilter('tutorId', 'Tutor', 'tutor'),
      personFilter('studentId', 'Student', 'student'),
      {
        key: 'status',
        label: 'Status',
        options: callStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
      },
      ...lessonDateFilters(zone),
    ],
    columns: [
      {
        key: 'start',
        label: 'Lesson',
        sortable: true,
        render: (c) => <DateTimeCell iso={c.start} zone={zone} />,
      },
      { key: 'course', label: 'Course', hideBelow: 'md', render: (c) => c.course.title || c.title },
      { key: 'tutor', label: 'Tutor', render: (c) => personName(c.tutor) },
      { key: 'students', label: 'Students', hideBelow: 'md', render: (c) => peopleNames(c.students) },
      {
        key: 'tutorJoin',
        label: 'Tutor joined',
        hideBelow: 'sm',
        render: (c) => <JoinCell at={c.tutorJoinTime} late={c.tutorLateMinutes} zone={zone} />,
      },
      {
        key: 'studentJoin',
        label: 'Student joined',
        hideBelow: 'sm',
        render: (c) => <JoinCell at={c.studentJoinTime} late={c.studentLateMinutes} zone={zone} />,
      },
      {
        key: 'status',
        label: 'Status',
        render: (c) => (
          <Badge size="sm" colorPalette={statusPalettes[c.status]}>
            {statusLabels[c.status]}
          </Badge>
        ),
      },
    ],
    rowLabel: (c) => `${c.title} ${formatDateTime(c.start, zone)}`,
  };
}

/** Spec 002 "Call logs": each lesson call that ended, who joined it when, and how it went. */
export default function CallLogsPage() {
  const zone = useAdminZone();
  const config = useMemo(() => callLogsResource(zone), [zone]);
  return <AdminListPage config={config} />;
}
