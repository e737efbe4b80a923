import { useMemo } from 'react';
import type { RouteId } from '../../../../../shared/routes/catalogue';
import type { PaymentHistoryDoc, TransactionLogDoc } from '../../../../../shared/routes/money-history';
import {
  type AdminColumn,
  AdminListPage,
  type AdminListQuery,
  type AdminResource,
} from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { dayRangeFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import { listQuery } from '../../../components/admin/list-query';
import { personFilter } from '../../../components/admin/person-picker';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { PersonCell } from './person-cell';
import { RecordNotesAction } from './record-notes';

/** A record of the money histories: a payment or a ledger entry, of one student, with its admin notes. */
type MoneyRecord = PaymentHistoryDoc | TransactionLogDoc;

/** The query both histories send their admin list: paging, the student and the days, newest or oldest first. */
export const moneyHistoryQuery = (query: AdminListQuery) =>
  listQuery(query, ['userId', 'startDate', 'endDate'], 'createdAt');

/**
 * What the admin's payment history and transaction logs share (spec 002 section 7): filtered by student and
 * days in the school's zone, not searched; the date, the person, the history's own columns, the description;
 * a row's notes, added and deleted in place. Each page brings its list read, columns and note calls.
 */
export function moneyHistoryResource<T extends MoneyRecord>(parts: {
  zone: string;
  canNote: boolean;
  useList: AdminResource<T>['useList'];
  title: string;
  label: string;
  personLabel: string;
  /** The history's own columns, between the person and the description. */
  kindColumns: AdminColumn<T>[];
  amountColumn: AdminColumn<T>;
  notesTitle: (record: T) => string;
  addNote: (id: string, note: string) => Promise<T>;
  removeNote: (id: string, noteId: string) => Promise<T>;
}): AdminResource<T> {
  const { zone } = parts;
  return {
    useList: parts.useList,
    title: parts.title,
    label: parts.label,
    messages: {},
    searchable: false,
    filters: [personFilter('userId', 'Student', 'student'), ...dayRangeFilters(zone)],
    columns: [
      {
        key: 'createdAt',
        label: 'Date',
        sortable: true,
        render: (r) => <DateTimeCell iso={r.createdAt} zone={zone} />,
      },
      {
        key: 'user',
        label: parts.personLabel,
        render: (r) => <PersonCell user={r.user} userId={r.userId} />,
      },
      ...parts.kindColumns,
      { key: 'description', label: 'Description', hideBelow: 'md', render: (r) => r.description },
      parts.amountColumn,
    ],
    rowActions: (record, list) => (
      <RecordNotesAction
        record={record}
        title={parts.notesTitle(record)}
        canEdit={parts.canNote}
        zone={zone}
        add={parts.addNote}
        remove={parts.removeNote}
        // Keep the person the row shows: the note call answers the record alone.
        onSaved={(saved) => list.replace({ ...saved, user: record.user })}
      />
    ),
    rowLabel: (r) => `${r.description} ${formatDateTime(r.createdAt, zone)}`,
  };
}

/** An admin money history's page: its resource for the school's zone and whether the caller may write notes. */
export function MoneyHistoryPage<T extends MoneyRecord>(props: {
  noteRoute: RouteId;
  resource: (zone: string, canNote: boolean) => AdminResource<T>;
}) {
  const zone = useAdminZone();
  const canNote = canCall(useSession()?.user, props.noteRoute);
  const { resource } = props;
  const config = useMemo(() => resource(zone, canNote), [resource, zone, canNote]);
  return <AdminListPage config={config} />;
}
