import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { enumLabels, enumOptions } from '../../../../../shared/rules/enum-labels';
import { tutorPaymentStatuses } from '../../../../../shared/scheduling/lesson-changes';
import {
  lessonHistorySortKeys,
  lessonTypes,
  type PresentedLessonHistory,
} from '../../../../../shared/schemas/lesson-history';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { peopleNames, personName } from '../../../components/admin/person-names';
import { TutorPaymentStatusAction, tutorPaymentLabels } from '../../../components/admin/tutor-payment-status';
import { FormDialog } from '../../../components/form-dialog';
import { joinTimeCell } from '../../../components/lessons/join-time';
import { LessonRecords } from '../../../components/lessons/lesson-records';
import { MISSING_VALUE } from '../../../config/app-constants';
import { callApi, useApi } from '../../../lib/api-client';
import { choiceOf } from '../../../lib/choice';
import { moneyText } from '../../../lib/money-text';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime, formatTime } from '../../../lib/time-zone';
import { LessonPayActions } from './pay-actions';

const timingPalette = { red: 'red', blue: 'blue', amber: 'orange', green: 'green' } as const;

/** A join time in the viewer's zone with its On Time / N Min Late chip; a dash when nobody joined. */
function JoinTime({
  joinedAt,
  row,
  zone,
}: {
  joinedAt: string | null;
  row: PresentedLessonHistory;
  zone: string;
}) {
  const { text, timing } = joinTimeCell(joinedAt, row, zone);
  return (
    <Stack gap="1" align="start">
      <Text whiteSpace="nowrap">{text}</Text>
      {timing && (
        <Badge size="sm" colorPalette={timingPalette[timing.color]}>
          {timing.label}
        </Badge>
      )}
    </Stack>
  );
}

/** The tutor's pay for the lesson: the amount owed, and what made it differ from the allocation. */
function TutorPay({ row }: { row: PresentedLessonHistory }) {
  const notes = [
    row.tutorPenalty ? `Penalty ${row.tutorPenalty}% (${moneyText(row.tutorPenaltyAmount)})` : null,
    row.lessonExtension && row.classExtensionRequestStatus === 'APPROVED'
      ? `Extension ${row.lessonExtension} min (${moneyText(row.lessonExtensionTutorAmount)})`
      : null,
    row.tutorConcern?.status === 'PENDING' ? 'Concern raised' : null,
  ].filter((note) => note !== null);
  return (
    <Stack gap="0.5" align="start">
      <Text whiteSpace="nowrap" fontWeight="medium">
        {moneyText(row.tutorAmount)}
      </Text>
      {row.allocatedTutorAmount && (
        <Text whiteSpace="nowrap" color="fg.muted">
          of {moneyText(row.allocatedTutorAmount)} allocated
        </Text>
      )}
      {notes.map((note) => (
        <Badge key={note} size="sm" colorPalette={note.startsWith('Penalty') ? 'red' : 'blue'}>
          {note}
        </Badge>
      ))}
    </Stack>
  );
}

/** The entry's attendance history, recordings and feedbacks (GET /lesson-history/{id}), in a dialog. */
function LessonDetails({ row, zone }: { row: PresentedLessonHistory; zone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`Attendance of lesson ${row.referenceKey}`}
        data-entry-id={row._id}
      >
        Attendance
      </Button>
      {open && (
        <FormDialog
          title={`Lesson ${row.referenceKey}`}
          onClose={() => setOpen(false)}
          onSave={() => setOpen(false)}
          saveLabel="Done"
          cancelLabel="Close"
          cancelVariant="ghost"
          size="lg"
        >
          <LessonRecords entryId={row._id} zone={zone} />
        </FormDialog>
      )}
    </>
  );
}

/** The list's filters as the export takes them (the page keeps them in its address). */
function useExportQuery() {
  const [params] = useSearchParams();
  const lessonType = choiceOf(lessonTypes, params.get('lessonType') ?? '');
  const tutorPaymentStatus = choiceOf(tutorPaymentStatuses, params.get('tutorPaymentStatus') ?? '');
  return { ...(lessonType && { lessonType }), ...(tutorPaymentStatus && { tutorPaymentStatus }) };
}

/** Downloads the filtered list as CSV: the server writes exactly the columns the role may see. */
function ExportButton({ zone }: { zone: string }) {
  const query = useExportQuery();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const csv = await callApi('lessonHistory.export', { query: { ...query, timeZone: zone } });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([typeof csv === 'string' ? csv : ''], { type: 'text/csv' }));
      link.download = `lesson-history-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      const href = link.href;
      // Chromium has taken the file by then; the blob is let go of later, not under the download's feet.
      window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack justify="flex-end">
      <Button size="sm" variant="outline" loading={busy} onClick={download}>
        Export CSV
      </Button>
    </HStack>
  );
}

function historyResource(zone: string, canSetPayment: boolean): AdminResource<PresentedLessonHistory> {
  return {
    useList: (query, options) =>
      listRead(
        useApi(
          [
            'lessonHistory.list',
            // Only these fields sort (the sortable columns' keys).
            {
              query: {
                ...query,
                sortKey: choiceOf(lessonHistorySortKeys, query.sortKey ?? ''),
                includeTutorAmountData: '1',
              },
            },
          ],
          options,
        ),
      ),
    title: 'Lesson history',
    label: 'lesson',
    messages: {},
    searchable: false,
    dense: true,
    filters: [
      {
        key: 'lessonType',
        label: 'Lesson type',
        options: enumOptions(lessonTypes, enumLabels.lessonType),
      },
      {
        key: 'tutorPaymentStatus',
        label: 'Tutor payment',
        options: tutorPaymentStatuses.map((status) => ({ value: status, label: tutorPaymentLabels[status] })),
      },
    ],
    columns: [
      {
        key: 'start',
        label: 'Date',
        sortable: true,
        render: (row) => (
          <Text whiteSpace="nowrap">
            {formatDateTime(row.start, zone)}
            <Text as="span" display="block" color="fg.muted">
              to {formatTime(row.end, zone)}
            </Text>
          </Text>
        ),
      },
      { key: 'referenceKey', label: 'Reference', sortable: true, render: (row) => row.referenceKey },
      { key: 'course', label: 'Course', render: (row) => row.course?.title || MISSING_VALUE },
      { key: 'tutor', label: 'Tutor', render: (row) => personName(row.tutor) },
      { key: 'students', label: 'Students', render: (row) => peopleNames(row.students) },
      {
        key: 'lessonType',
        label: 'Type',
        sortable: true,
        render: (row) => enumLabels.lessonType[row.lessonType],
      },
      {
        key: 'tutorJoinTime',
        label: 'Tutor joined',
        render: (row) => <JoinTime joinedAt={row.tutorJoinTime} row={row} zone={zone} />,
      },
      {
        key: 'studentJoinTime',
        label: 'Student joined',
        render: (row) => <JoinTime joinedAt={row.studentJoinTime} row={row} zone={zone} />,
      },
      {
        key: 'tutorRate',
        label: 'Rate / hour',
        render: (row) => <Text whiteSpace="nowrap">{moneyText(row.tutorRate)}</Text>,
      },
      { key: 'tutorAmount', label: 'Tutor pay', render: (row) => <TutorPay row={row} /> },
      {
        key: 'tutorPaymentStatus',
        label: 'Tutor payment',
        sortable: true,
        render: (row) =>
          row.tutorPaymentStatus ? tutorPaymentLabels[row.tutorPaymentStatus] : MISSING_VALUE,
      },
    ],
    rowLabel: (row) => `${row.course?.title ?? 'Lesson'} ${formatDateTime(row.start, zone)}`,
    rowActions: (row, list) => (
      <HStack gap="1">
        <LessonDetails row={row} zone={zone} />
        <LessonPayActions row={row} zone={zone} onChanged={list.replace} />
      </HStack>
    ),
    ...(canSetPayment
      ? {
          bulkActions: (selected, list) => (
            <TutorPaymentStatusAction
              selected={selected}
              list={list}
              apply={(tutorPaymentStatus, lesssonHistoryIds) =>
                callApi('lessonHistory.updateTutorPaymentStatus', {
                  body: { tutorPaymentStatus, lesssonHistoryIds },
                })
              }
            />
          ),
        }
      : {}),
  };
}

/** /admin/lesson-history: the lessons that ended, with the people's join times in the viewer's zone. */
export default function AdminLessonHistoryPage() {
  const zone = useAdminZone();
  const canSetPayment = canCall(useSession()?.user, 'lessonHistory.updateTutorPaymentStatus');
  const config = useMemo(() => historyResource(zone, canSetPayment), [zone, canSetPayment]);
  return (
    <Stack gap="3">
      <ExportButton zone={zone} />
      <AdminListPage config={config} />
    </Stack>
  );
}
