import { DateTime } from 'luxon';
import { formatMajor, type Money } from '../money/money';
import type { LessonHistory } from '../schemas/lesson-history';

/**
 * The lesson history's column permissions (spec 001 section 6, `lessonHistory` of the permission
 * catalogue): which fields of a row a role sees, and which columns its CSV export has ("Column permissions
 * control which export columns appear"; the admin-only columns only for a back-office role, whatever the
 * role holds: "tutor and admin columns in exports depend on an admin flag").
 */

/** The pay fields each column permission shows (only with includeTutorAmountData=1). */
export const payFieldsOfColumn = {
  tutorRate: ['tutorRate', 'tutorRateCurrency', 'tutorRateId', 'tutorRateSource', 'tutorRateKind'],
  tutorAmount: [
    'allocatedTutorAmount',
    'tutorAmount',
    'tutorAmountCurrency',
    'lessonExtension',
    'lessonExtensionTutorAmount',
    'classExtensionRequestStatus',
    'tutorConcern',
  ],
  tutorPenalty: ['tutorPenalty', 'tutorPenaltyAmount', 'tutorPenaltyReason'],
  trialStatus: ['isTrialConverted', 'trialConversionStatus', 'trialConversionAmount'],
} as const satisfies Record<string, ReadonlyArray<keyof LessonHistory>>;
export type PayColumn = keyof typeof payFieldsOfColumn;
/** Every pay field of a row (what a caller without the columns, or without includeTutorAmountData, loses). */
export const allPayFields: ReadonlyArray<keyof LessonHistory> = Object.values(payFieldsOfColumn).flat();

export interface ExportColumn {
  header: string;
  value: (row: LessonHistory, timeZone: string) => string;
}

const money = (amount: Money | null | undefined) => (amount ? formatMajor(amount) : '');
const name = (person: { firstname: string; lastname: string } | null) =>
  person ? `${person.firstname} ${person.lastname}`.trim() : '';
const when = (instant: string | null, timeZone: string) =>
  instant ? DateTime.fromISO(instant, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm') : '';

/** The export's columns of each column permission, in the list's order. */
const columnsOf: Record<string, ExportColumn[]> = {
  referenceKey: [{ header: 'Reference key', value: (row) => row.referenceKey }],
  dateTime: [
    { header: 'Start', value: (row, zone) => when(row.start, zone) },
    { header: 'End', value: (row, zone) => when(row.end, zone) },
    { header: 'Duration (minutes)', value: (row) => String(row.duration) },
  ],
  students: [{ header: 'Students', value: (row) => row.students.map(name).join('; ') }],
  tutors: [{ header: 'Tutor', value: (row) => name(row.tutor) }],
  course: [{ header: 'Course', value: (row) => row.course.title }],
  lessonType: [{ header: 'Lesson type', value: (row) => row.lessonType }],
  paymentType: [{ header: 'Payment type', value: (row) => row.paymentType }],
  subject: [{ header: 'Subject', value: (row) => row.subject }],
  curriculum: [{ header: 'Curriculum', value: (row) => row.curriculum }],
  grade: [{ header: 'Grade', value: (row) => row.grade }],
  studentJoinTime: [{ header: 'Student join time', value: (row, zone) => when(row.studentJoinTime, zone) }],
  tutorJoinTime: [{ header: 'Tutor join time', value: (row, zone) => when(row.tutorJoinTime, zone) }],
  studentCountries: [
    {
      header: 'Student countries',
      value: (row) => [...new Set(row.students.map((s) => s.country).filter(Boolean))].join('; '),
    },
  ],
  tutorRate: [
    { header: 'Tutor rate (hourly)', value: (row) => money(row.tutorRate) },
    { header: 'Tutor rate currency', value: (row) => row.tutorRate?.currency ?? '' },
  ],
  tutorAmount: [
    { header: 'Allocated tutor amount', value: (row) => money(row.allocatedTutorAmount) },
    { header: 'Lesson extension (minutes)', value: (row) => String(row.lessonExtension ?? '') },
    { header: 'Lesson extension amount', value: (row) => money(row.lessonExtensionTutorAmount) },
    { header: 'Tutor amount', value: (row) => money(row.tutorAmount) },
    { header: 'Tutor amount currency', value: (row) => row.tutorAmountCurrency ?? '' },
  ],
  tutorPenalty: [
    { header: 'Tutor penalty (%)', value: (row) => String(row.tutorPenalty ?? '') },
    { header: 'Tutor penalty amount', value: (row) => money(row.tutorPenaltyAmount) },
    { header: 'Tutor penalty reason', value: (row) => row.tutorPenaltyReason ?? '' },
  ],
  tutorPaymentStatus: [{ header: 'Tutor payment status', value: (row) => row.tutorPaymentStatus }],
  trialStatus: [
    {
      header: 'Trial converted',
      value: (row) => (row.isTrialConverted == null ? '' : row.isTrialConverted ? 'Yes' : 'No'),
    },
    { header: 'Trial conversion status', value: (row) => row.trialConversionStatus ?? '' },
  ],
};

/** The admin-only columns, in the export only for a back-office role that holds them. */
const adminColumnsOf: Record<string, ExportColumn[]> = {
  adminNotes: [
    { header: 'Admin notes', value: (row) => (row.adminNotes ?? []).map((note) => note.note).join(' | ') },
  ],
};

/** The export's columns for a caller: those of the column permissions it holds, in a fixed order. */
export function exportColumns(holds: (column: string) => boolean, backOffice: boolean): ExportColumn[] {
  return [
    ...Object.entries(columnsOf).filter(([column]) => holds(column)),
    ...(backOffice ? Object.entries(adminColumnsOf).filter(([column]) => holds(column)) : []),
  ].flatMap(([, columns]) => columns);
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text cell a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with an apostrophe; money is written by us as
 * digits and a sign, never as a formula, and is left as it is.
 */
export function csvField(value: string, kind: 'text' | 'number' = 'text'): string {
  const safe = kind === 'text' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const numeric = /^-?\d+(\.\d+)?$/;

/** The CSV text of the rows with the columns (a header line, then a line per row; CRLF line ends). */
export function lessonHistoryCsv(
  rows: readonly LessonHistory[],
  columns: ExportColumn[],
  timeZone: string,
): string {
  const lines = [
    columns.map((column) => csvField(column.header)).join(','),
    ...rows.map((row) =>
      columns
        .map((column) => {
          const value = column.value(row, timeZone);
          return csvField(value, numeric.test(value) ? 'number' : 'text');
        })
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
