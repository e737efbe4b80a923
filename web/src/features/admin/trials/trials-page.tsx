import { Badge, IconButton, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuExternalLink, LuPencil, LuVideo } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import {
  type Trial,
  trialOutcomeLabels,
  trialOutcomes,
  trialStatuses,
  trialStatusLabels,
} from '../../../../../shared/schemas/trial';
import {
  AdminListPage,
  type AdminResource,
  type ListControls,
  listRead,
} from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { lessonDateFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import { personFilter, personLabel } from '../../../components/admin/person-picker';
import { trialStatusPalette } from '../../../components/trials/trial-badges';
import { MISSING_VALUE } from '../../../config/app-constants';
import { trialRecordingPath } from '../../../config/trial-paths';
import { useApi } from '../../../lib/api-client';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { isTrialChangeable } from './trial-change';
import { TrialRecordingsDialog, TrialUpdateDialog } from './trial-dialogs';

function TrialActions({
  trial,
  list,
  canEdit,
}: {
  trial: Trial;
  list: ListControls<Trial>;
  canEdit: boolean;
}) {
  const [open, setOpen] = useState<'update' | 'recordings' | null>(null);
  return (
    <>
      {canEdit && isTrialChangeable(trial) && (
        <IconButton
          aria-label="Update"
          title="Update status or outcome"
          size="xs"
          variant="ghost"
          onClick={() => setOpen('update')}
        >
          <LuPencil />
        </IconButton>
      )}
      <IconButton
        aria-label="Recordings"
        title="Recordings"
        size="xs"
        variant="ghost"
        onClick={() => setOpen('recordings')}
      >
        <LuVideo />
      </IconButton>
      <IconButton asChild aria-label="Trial page" title="Open the trial page" size="xs" variant="ghost">
        <RouterLink to={trialRecordingPath(trial._id)}>
          <LuExternalLink />
        </RouterLink>
      </IconButton>
      {open === 'update' && <TrialUpdateDialog trial={trial} list={list} onClose={() => setOpen(null)} />}
      {open === 'recordings' && (
        <TrialRecordingsDialog trial={trial} list={list} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

/**
 * The back-office list of free trials (GET /admin/trials, trialClass view): by status, outcome, student,
 * tutor and lesson dates, newest lesson first by default. A trialClass editor changes a trial's status and
 * outcome and its recordings.
 */
function trialsResource(options: { canEdit: boolean; zone: string }): AdminResource<Trial> {
  return {
    useList: (query, listOptions) => listRead(useApi(['trials.adminList', { query }], listOptions)),
    title: 'Trials',
    label: 'trial',
    messages: {},
    dense: true,
    filters: [
      {
        key: 'status',
        label: 'Status',
        options: trialStatuses.map((status) => ({ value: status, label: trialStatusLabels[status] })),
      },
      {
        key: 'outcome',
        label: 'Outcome',
        options: trialOutcomes.map((outcome) => ({ value: outcome, label: trialOutcomeLabels[outcome] })),
      },
      personFilter('studentId', 'Student', 'student'),
      personFilter('tutorId', 'Tutor', 'tutor'),
      ...lessonDateFilters(options.zone),
    ],
    columns: [
      {
        key: 'startDate',
        label: 'Lesson',
        sortable: true,
        render: (t) => <DateTimeCell iso={t.startDate} zone={options.zone} />,
      },
      {
        key: 'student',
        label: 'Student',
        render: (t) => (
          <Text>
            {personLabel(t.student) || MISSING_VALUE}
            <Text as="span" display="block" color="fg.muted">
              {t.student.email}
            </Text>
          </Text>
        ),
      },
      { key: 'tutor', label: 'Tutor', render: (t) => personLabel(t.tutor) || MISSING_VALUE },
      {
        key: 'subject',
        label: 'Class',
        render: (t) => (
          <Text>
            {t.subject} ({t.grade})
            <Text as="span" display="block" color="fg.muted">
              {t.curriculum}
            </Text>
          </Text>
        ),
      },
      {
        key: 'status',
        label: 'Status',
        sortable: true,
        render: (t) => (
          <Badge size="sm" colorPalette={trialStatusPalette[t.status]}>
            {trialStatusLabels[t.status]}
          </Badge>
        ),
      },
      {
        key: 'outcome',
        label: 'Outcome',
        render: (t) => (t.outcome ? trialOutcomeLabels[t.outcome] : MISSING_VALUE),
      },
      { key: 'recordings', label: 'Recordings', render: (t) => t.recordings.length },
      {
        key: 'createdAt',
        label: 'Booked',
        sortable: true,
        render: (t) => <DateTimeCell iso={t.createdAt} zone={options.zone} />,
      },
    ],
    rowActions: (trial, list) => <TrialActions trial={trial} list={list} canEdit={options.canEdit} />,
  };
}

export default function AdminTrialsPage() {
  const canEdit = canCall(useSession()?.user, 'trials.adminUpdate');
  const zone = useAdminZone();
  const config = useMemo(() => trialsResource({ canEdit, zone }), [canEdit, zone]);
  return <AdminListPage config={config} />;
}
