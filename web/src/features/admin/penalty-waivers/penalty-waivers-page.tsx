import { Badge, Box, Button, HStack, IconButton, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { type ReactNode, useMemo, useState } from 'react';
import { LuEye, LuReply } from 'react-icons/lu';
import { adjustmentTypes } from '../../../../../shared/money/money';
import {
  appealStatuses,
  type PenaltyWaiverDoc,
  penaltyWaiverCreateSchema,
  penaltyWaiverSortKeys,
} from '../../../../../shared/schemas/penalty-waiver';
import {
  AdminListPage,
  type AdminResource,
  type ListControls,
  listRead,
} from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { lessonDateFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import {
  MoneyField,
  type MoneyInput,
  readMoney,
  useMoneySettings,
} from '../../../components/admin/money-field';
import { peopleNames, personName } from '../../../components/admin/person-names';
import { PersonSelect, personFilter } from '../../../components/admin/person-picker';
import { TutorPaymentStatusAction, tutorPaymentLabels } from '../../../components/admin/tutor-payment-status';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { AppealBadge, appealLabels, waiverAmountText } from '../../../components/penalty-waiver-labels';
import { SelectField } from '../../../components/select-field';
import { MISSING_VALUE } from '../../../config/app-constants';
import { callApi, useApi } from '../../../lib/api-client';
import { choiceOf } from '../../../lib/choice';
import { fieldErrors } from '../../../lib/form-errors';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';

type CreateBody = ReturnType<typeof penaltyWaiverCreateSchema.parse>;
interface WaiverInput {
  requestKey: string;
  tutorId: string;
  type: string;
  amount: MoneyInput;
  reason: string;
}

const typeLabels = { ADDITION: 'Addition (give back)', DEDUCTION: 'Deduction (penalty)' };

/** One waiver in full; an admin answers a pending appeal here ("Appeal responded!"). */
function WaiverDialog({
  waiver,
  list,
  canRespond,
  zone,
  onClose,
}: {
  waiver: PenaltyWaiverDoc;
  list: ListControls<PenaltyWaiverDoc>;
  canRespond: boolean;
  zone: string;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'ACCEPTED' | 'REJECTED' | undefined>();
  const responds = canRespond && waiver.appealStatus === 'PENDING';
  const answer = async (appealStatus: 'ACCEPTED' | 'REJECTED') => {
    setBusy(appealStatus);
    try {
      const answered = await callApi('penaltyWaivers.appealRespond', {
        params: { penaltyWaiverId: waiver._id },
        body: { appealStatus, ...(note.trim() ? { appealAdminNote: note.trim() } : {}) },
      });
      toastSuccess('Appeal responded!');
      list.replace(answered);
      onClose();
    } catch {
      // Toasted by the API client (e.g. another admin answered first).
      setBusy(undefined);
    }
  };
  const row = (label: string, value: ReactNode) => (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box>{value}</Box>
    </Box>
  );
  return (
    <FormDialog
      onClose={onClose}
      title="Penalty waiver"
      size="lg"
      onSave={() => (responds ? void answer('ACCEPTED') : onClose())}
      saveLabel={responds ? 'Accept appeal' : 'Close'}
      busy={busy === 'ACCEPTED'}
      cancelLabel={responds ? 'Cancel' : 'Back'}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {row('Tutor', personName(waiver.tutor))}
          {row('Amount', waiverAmountText(waiver))}
          {row('Type', typeLabels[waiver.type])}
          {row('Payment', tutorPaymentLabels[waiver.paymentStatus])}
          {row('Course', waiver.courseTitle ?? MISSING_VALUE)}
          {row('Lesson', <DateTimeCell iso={waiver.lessonStart} zone={zone} />)}
          {row('Students', peopleNames(waiver.students) || MISSING_VALUE)}
          {row('Appeal', <AppealBadge status={waiver.appealStatus} />)}
        </SimpleGrid>
        {row('Reason', waiver.reason)}
        {waiver.appealTutorNote && row("Tutor's appeal", waiver.appealTutorNote)}
        {waiver.appealAdminNote && row('Answer', waiver.appealAdminNote)}
        {waiver.appealRespondedBy &&
          row(
            'Answered by',
            `${personName(waiver.appealRespondedBy)}, ${formatDateTime(waiver.appealRespondedAt ?? '', zone)}`,
          )}
        {responds && (
          <Stack gap="2">
            <Text fontWeight="medium">Answer the appeal</Text>
            <Textarea
              aria-label="Note to the tutor"
              placeholder="Note to the tutor (optional)"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <HStack>
              <Button
                variant="outline"
                colorPalette="red"
                size="sm"
                loading={busy === 'REJECTED'}
                onClick={() => void answer('REJECTED')}
              >
                Reject appeal
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}

function OpenWaiver(props: {
  waiver: PenaltyWaiverDoc;
  list: ListControls<PenaltyWaiverDoc>;
  canRespond: boolean;
  zone: string;
}) {
  const [open, setOpen] = useState(false);
  const responds = props.canRespond && props.waiver.appealStatus === 'PENDING';
  return (
    <>
      <IconButton
        aria-label={responds ? 'Answer appeal' : 'View'}
        title={responds ? 'Answer appeal' : 'View'}
        size="xs"
        variant={responds ? 'subtle' : 'ghost'}
        onClick={() => setOpen(true)}
      >
        {responds ? <LuReply /> : <LuEye />}
      </IconButton>
      {open && <WaiverDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

const newKey = () => crypto.randomUUID().replaceAll('-', '');

function waiversResource(options: {
  canCreate: boolean;
  canRespond: boolean;
  canSetPayment: boolean;
  zone: string;
  currencies: readonly MoneyInput['currency'][];
  defaultCurrency: MoneyInput['currency'];
}): AdminResource<PenaltyWaiverDoc, WaiverInput, CreateBody> {
  const { zone } = options;
  return {
    useList: (query, listOptions) =>
      listRead(
        useApi(
          [
            'penaltyWaivers.list',
            {
              query: {
                ...query,
                sortKey: choiceOf(penaltyWaiverSortKeys, query.sortKey ?? ''),
                includeTutorAmountData: '1',
              },
            },
          ],
          listOptions,
        ),
      ),
    title: 'Penalty waivers',
    label: 'penalty waiver',
    createLabel: 'New penalty waiver',
    createOnly: true,
    searchable: false,
    messages: { created: 'Penalty waiver created!' },
    dense: true,
    filters: [
      personFilter('tutorId', 'Tutor', 'tutor'),
      personFilter('studentId', 'Student', 'student'),
      {
        key: 'appealStatus',
        label: 'Appeal',
        options: appealStatuses.map((status) => ({ value: status, label: appealLabels[status] })),
      },
      ...lessonDateFilters(zone),
    ],
    columns: [
      {
        key: 'lessonStart',
        label: 'Lesson',
        sortable: true,
        render: (w) => <DateTimeCell iso={w.lessonStart ?? w.createdAt} zone={zone} />,
      },
      { key: 'tutor', label: 'Tutor', render: (w) => personName(w.tutor) },
      { key: 'course', label: 'Course', hideBelow: 'md', render: (w) => w.courseTitle ?? MISSING_VALUE },
      {
        key: 'amount',
        label: 'Amount',
        render: (w) => (
          <Text
            whiteSpace="nowrap"
            color={w.type === 'DEDUCTION' ? 'fg.error' : 'fg.success'}
            textDecoration={w.appealStatus === 'ACCEPTED' ? 'line-through' : undefined}
            title={w.appealStatus === 'ACCEPTED' ? 'Lifted on appeal' : undefined}
          >
            {waiverAmountText(w)}
            {w.percent ? ` (${w.percent}%)` : ''}
          </Text>
        ),
      },
      {
        key: 'reason',
        label: 'Reason',
        hideBelow: 'md',
        render: (w) => (
          <Text lineClamp={2} maxW="xs">
            {w.reason}
          </Text>
        ),
      },
      { key: 'appealStatus', label: 'Appeal', render: (w) => <AppealBadge status={w.appealStatus} /> },
      {
        key: 'paymentStatus',
        label: 'Payment',
        render: (w) => (
          <Badge size="sm" colorPalette={w.paymentStatus === 'PAID' ? 'green' : 'gray'}>
            {tutorPaymentLabels[w.paymentStatus]}
          </Badge>
        ),
      },
    ],
    rowLabel: (w) => `${personName(w.tutor)} ${waiverAmountText(w)}`,
    rowActions: (waiver, list) => (
      <OpenWaiver waiver={waiver} list={list} canRespond={options.canRespond} zone={zone} />
    ),
    ...(options.canSetPayment
      ? {
          bulkActions: (selected, list) => (
            <TutorPaymentStatusAction
              selected={selected}
              list={list}
              message="Payment status updated!"
              apply={(tutorPaymentStatus, penaltyWaiverIds) =>
                callApi('penaltyWaivers.updateTutorPaymentStatus', {
                  body: { tutorPaymentStatus, penaltyWaiverIds },
                })
              }
            />
          ),
        }
      : {}),
    ...(options.canCreate
      ? {
          emptyInput: () => ({
            requestKey: newKey(),
            tutorId: '',
            type: 'DEDUCTION',
            amount: { amount: '', currency: options.defaultCurrency },
            reason: '',
          }),
          toInput: () => ({
            requestKey: newKey(),
            tutorId: '',
            type: 'DEDUCTION',
            amount: { amount: '', currency: options.defaultCurrency },
            reason: '',
          }),
          validate: (value: WaiverInput) => {
            const amount = readMoney(value.amount);
            const parsed = penaltyWaiverCreateSchema.safeParse({
              requestKey: value.requestKey,
              type: value.type,
              amount: amount.ok ? amount.price : undefined,
              reason: value.reason,
              tutorId: value.tutorId || undefined,
            });
            if (parsed.success && amount.ok) return { ok: true as const, body: parsed.data };
            const errors = parsed.success ? {} : fieldErrors(parsed.error);
            if (!amount.ok) errors.amount = amount.problem;
            if (!value.tutorId) errors.tutorId = 'Choose the tutor';
            return { ok: false as const, errors };
          },
          create: (body: CreateBody) => callApi('penaltyWaivers.create', { body }),
          update: () => Promise.reject(new Error('A penalty waiver is not edited')),
          renderForm: (
            value: WaiverInput,
            onChange: (value: WaiverInput) => void,
            errors: Record<string, string>,
          ) => (
            <Stack gap="4">
              <PersonSelect
                label="Tutor"
                userTypes="tutor"
                required
                value={value.tutorId}
                error={errors.tutorId}
                onChange={(tutorId) => onChange({ ...value, tutorId })}
              />
              <SelectField
                label="Type"
                value={value.type}
                onChange={(type) => onChange({ ...value, type })}
                error={errors.type}
              >
                {adjustmentTypes.map((type) => (
                  <option key={type} value={type}>
                    {typeLabels[type]}
                  </option>
                ))}
              </SelectField>
              <MoneyField
                label="Amount"
                value={value.amount}
                onChange={(amount) => onChange({ ...value, amount })}
                error={errors.amount}
                currencies={options.currencies}
              />
              <FormField
                label="Reason"
                required
                multiline
                value={value.reason}
                error={errors.reason}
                onValueChange={(reason) => onChange({ ...value, reason })}
              />
            </Stack>
          ),
        }
      : {}),
  };
}

/** Spec 001 "Penalty waivers": the tutors' penalties and give-backs, their appeals and their payment. */
export default function PenaltyWaiversPage() {
  const user = useSession()?.user;
  const zone = useAdminZone();
  const money = useMoneySettings();
  const canCreate = canCall(user, 'penaltyWaivers.create');
  const canRespond = canCall(user, 'penaltyWaivers.appealRespond');
  const canSetPayment = canCall(user, 'penaltyWaivers.updateTutorPaymentStatus');
  const config = useMemo(
    () =>
      waiversResource({
        canCreate,
        canRespond,
        canSetPayment,
        zone,
        currencies: money.currencies,
        defaultCurrency: money.defaultCurrency,
      }),
    [canCreate, canRespond, canSetPayment, zone, money.currencies, money.defaultCurrency],
  );
  return <AdminListPage config={config} />;
}
