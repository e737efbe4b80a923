import { Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuChevronDown } from 'react-icons/lu';
import type { CurrencyCode } from '../../../../../shared/money/currencies';
import { adjustmentTypes } from '../../../../../shared/money/money';
import type { RouteId } from '../../../../../shared/routes/catalogue';
import {
  adjustmentBodySchema,
  classExtensionBodySchema,
  MAX_EXTENSION_MINUTES,
  type PresentedLessonHistory,
  payRequestStatuses,
  respondToConcernBodySchema,
  trialConversionBodySchema,
  tutorConcernDecisions,
  tutorPenaltyBodySchema,
} from '../../../../../shared/schemas/lesson-history';
import { AdminNotes } from '../../../components/admin/admin-notes';
import {
  MoneyField,
  type MoneyInput,
  readMoney,
  useMoneySettings,
} from '../../../components/admin/money-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { callApi } from '../../../lib/api-client';
import { moneyText } from '../../../lib/money-text';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { checkedInput, useSubmit } from '../../../lib/use-submit';

/**
 * The admin's pay actions on one lesson of the history (spec 001 section 7, tutor payments): a menu on the
 * row, each action behind the permission its route needs, each opening a dialog. Every action answers the
 * lesson; the row is then read again (with its pay columns) and shown in place of the old one.
 */

type Row = PresentedLessonHistory;
type ActionKind = 'adjustment' | 'concern' | 'extension' | 'penalty' | 'trial' | 'notes';

const actions: Array<{ kind: ActionKind; label: string; route: RouteId; shown?: (row: Row) => boolean }> = [
  { kind: 'adjustment', label: 'Adjust pay', route: 'lessonHistory.adjustments' },
  {
    kind: 'concern',
    label: 'Respond to concern',
    route: 'lessonHistory.respondToConcern',
    shown: (row) => row.tutorConcern?.status === 'PENDING',
  },
  { kind: 'extension', label: 'Class extension', route: 'lessonHistory.classExtension' },
  { kind: 'penalty', label: 'Tutor penalty', route: 'lessonHistory.tutorPenalty' },
  {
    kind: 'trial',
    label: 'Trial conversion',
    route: 'lessonHistory.trialConversion',
    shown: (row) => row.lessonType === 'TRIAL',
  },
  { kind: 'notes', label: 'Notes', route: 'lessonHistory.createNote' },
];

const typeLabels = { ADDITION: 'Addition', DEDUCTION: 'Deduction' } as const;
const statusLabels = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' } as const;
const decisionLabels = { APPROVED: 'Approved', DECLINED: 'Declined' } as const;
const newRequestId = () => crypto.randomUUID();

/** The lesson as the list shows it, read again after a change (with the pay columns the role may see). */
const reread = (id: string) =>
  callApi('lessonHistory.get', { params: { id }, query: { includeTutorAmountData: '1' } });

export function LessonPayActions({
  row,
  zone,
  onChanged,
}: {
  row: Row;
  zone: string;
  onChanged: (row: Row) => void;
}) {
  const user = useSession()?.user;
  const [open, setOpen] = useState<ActionKind | undefined>();
  const available = actions.filter((action) => canCall(user, action.route) && (action.shown?.(row) ?? true));
  if (available.length === 0) return null;
  const close = () => setOpen(undefined);
  const done = async () => {
    close();
    onChanged(await reread(row._id));
  };
  const dialogs: Record<ActionKind, () => ReactNode> = {
    adjustment: () => <AdjustmentDialog row={row} onClose={close} onDone={done} />,
    concern: () => <ConcernDialog row={row} onClose={close} onDone={done} />,
    extension: () => <ExtensionDialog row={row} onClose={close} onDone={done} />,
    penalty: () => <PenaltyDialog row={row} onClose={close} onDone={done} />,
    trial: () => <TrialDialog row={row} onClose={close} onDone={done} />,
    notes: () => (
      <FormDialog
        title={`Notes on lesson ${row.referenceKey}`}
        onClose={close}
        onSave={close}
        saveLabel="Done"
        cancelLabel="Close"
        cancelVariant="ghost"
      >
        <AdminNotes
          bare
          zone={zone}
          canEdit
          notes={(row.adminNotes ?? []).map((note) => ({
            id: note.noteId,
            note: note.note,
            by: note.createdBy,
            at: note.createdAt,
          }))}
          add={async (note) => {
            await callApi('lessonHistory.createNote', { params: { id: row._id }, body: { note } });
            onChanged(await reread(row._id));
          }}
          remove={async (noteId) => {
            await callApi('lessonHistory.deleteNote', {
              params: { id: row._id },
              query: { id: row._id, noteId },
            });
            onChanged(await reread(row._id));
          }}
        />
      </FormDialog>
    ),
  };
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button size="xs" variant="outline" aria-label={`Pay actions for lesson ${row.referenceKey}`}>
            Pay <LuChevronDown />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {available.map((action) => (
                <Menu.Item key={action.kind} value={action.kind} onClick={() => setOpen(action.kind)}>
                  {action.label}
                  {action.kind === 'notes' && row.adminNotes?.length ? ` (${row.adminNotes.length})` : ''}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {open && dialogs[open]()}
    </>
  );
}

interface DialogProps {
  row: Row;
  onClose: () => void;
  /** After the call succeeded (and its message was toasted): closes and reads the row again. */
  onDone: () => Promise<void>;
}

/** The lesson's pay now, as the dialogs show it above their fields. */
function PaySummary({ row }: { row: Row }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      Lesson {row.referenceKey}: tutor pay {moneyText(row.tutorAmount)}
      {row.allocatedTutorAmount ? ` of ${moneyText(row.allocatedTutorAmount)} allocated` : ''}.
    </Text>
  );
}

/** The currency a new amount on the lesson is in: its pay's, else the school's default. */
function useLessonCurrency(row: Row): { currency: CurrencyCode; currencies: readonly CurrencyCode[] } {
  const money = useMoneySettings();
  const currency = row.tutorAmount?.currency ?? row.tutorRate?.currency ?? money.defaultCurrency;
  return { currency, currencies: money.currencies };
}

function AdjustmentDialog({ row, onClose, onDone }: DialogProps) {
  const { currency, currencies } = useLessonCurrency(row);
  const [requestId] = useState(newRequestId);
  const [type, setType] = useState<string>('ADDITION');
  const [amount, setAmount] = useState<MoneyInput>({ amount: '', currency });
  const [reason, setReason] = useState('');
  const { busy, errors, submit } = useSubmit();
  const save = () => {
    const money = readMoney(amount);
    const parsed = adjustmentBodySchema.safeParse({
      lessonHistoryId: row._id,
      type,
      amount: money.ok ? money.price : undefined,
      reason,
      requestId,
    });
    void submit(
      checkedInput(parsed, { amount: money.ok ? undefined : money.problem }),
      (body) => callApi('lessonHistory.adjustments', { body }),
      'Adjustments updated!',
      onDone,
    );
  };
  return (
    <FormDialog title="Adjust the tutor's pay" onClose={onClose} onSave={save} busy={busy}>
      <Stack gap="4">
        <PaySummary row={row} />
        <SelectField label="Type" value={type} onChange={setType} error={errors.type}>
          {adjustmentTypes.map((value) => (
            <option key={value} value={value}>
              {typeLabels[value]}
            </option>
          ))}
        </SelectField>
        <MoneyField
          label="Amount"
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          currencies={currencies}
        />
        <FormField
          label="Reason"
          required
          multiline
          value={reason}
          error={errors.reason}
          onValueChange={setReason}
        />
      </Stack>
    </FormDialog>
  );
}

function ConcernDialog({ row, onClose, onDone }: DialogProps) {
  const { currency, currencies } = useLessonCurrency(row);
  const [status, setStatus] = useState<string>('RESOLVED');
  const [decision, setDecision] = useState<string>('APPROVED');
  const [response, setResponse] = useState('');
  const [type, setType] = useState<string>('ADDITION');
  const [amount, setAmount] = useState<MoneyInput>({ amount: '', currency });
  const { busy, errors, submit } = useSubmit();
  const save = () => {
    // An approved concern may move the pay: an amount left empty moves nothing.
    const withAmount = decision === 'APPROVED' && amount.amount.trim() !== '';
    const money = withAmount ? readMoney(amount) : undefined;
    const parsed = respondToConcernBodySchema.safeParse({
      lessonHistoryId: row._id,
      status,
      decision,
      response,
      ...(money?.ok ? { adjustment: { type, amount: money.price } } : {}),
    });
    void submit(
      checkedInput(parsed, { amount: money && !money.ok ? money.problem : undefined }),
      (body) => callApi('lessonHistory.respondToConcern', { body }),
      'Tutor payment concern responded!',
      onDone,
    );
  };
  return (
    <FormDialog title="Respond to the tutor's concern" onClose={onClose} onSave={save} busy={busy}>
      <Stack gap="4">
        <PaySummary row={row} />
        <Text fontSize="sm" whiteSpace="pre-wrap" borderLeftWidth="3px" pl="3">
          {row.tutorConcern?.note}
        </Text>
        <SelectField label="Status" value={status} onChange={setStatus} error={errors.status}>
          <option value="RESOLVED">Resolved</option>
          <option value="REJECTED">Rejected</option>
        </SelectField>
        <SelectField label="Decision" value={decision} onChange={setDecision} error={errors.decision}>
          {tutorConcernDecisions.map((value) => (
            <option key={value} value={value}>
              {decisionLabels[value]}
            </option>
          ))}
        </SelectField>
        {decision === 'APPROVED' && (
          <>
            <SelectField label="Pay change" value={type} onChange={setType}>
              {adjustmentTypes.map((value) => (
                <option key={value} value={value}>
                  {typeLabels[value]}
                </option>
              ))}
            </SelectField>
            <MoneyField
              label="Amount (leave empty for none)"
              value={amount}
              onChange={setAmount}
              error={errors.amount ?? errors.adjustment}
              currencies={currencies}
            />
          </>
        )}
        <FormField
          label="Response to the tutor"
          multiline
          value={response}
          error={errors.response}
          onValueChange={setResponse}
        />
      </Stack>
    </FormDialog>
  );
}

function ExtensionDialog({ row, onClose, onDone }: DialogProps) {
  const [minutes, setMinutes] = useState(String(row.lessonExtension ?? ''));
  const [status, setStatus] = useState<string>(row.classExtensionRequestStatus ?? 'APPROVED');
  const { busy, errors, submit } = useSubmit();
  const save = () => {
    const parsed = classExtensionBodySchema.safeParse({
      lessonHistoryId: row._id,
      lessonExtension: minutes.trim() === '' ? Number.NaN : Number(minutes),
      classExtensionRequestStatus: status,
    });
    void submit(
      checkedInput(parsed),
      (body) => callApi('lessonHistory.classExtension', { body }),
      'Class extension updated!',
      onDone,
    );
  };
  return (
    <FormDialog title="Class extension" onClose={onClose} onSave={save} busy={busy}>
      <Stack gap="4">
        <PaySummary row={row} />
        <FormField
          label="Extra minutes"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_EXTENSION_MINUTES}
          required
          value={minutes}
          error={errors.lessonExtension}
          helper={`Paid at the lesson's rate once approved (at most ${MAX_EXTENSION_MINUTES} minutes).`}
          onValueChange={setMinutes}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={setStatus}
          error={errors.classExtensionRequestStatus}
        >
          {payRequestStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </SelectField>
      </Stack>
    </FormDialog>
  );
}

function PenaltyDialog({ row, onClose, onDone }: DialogProps) {
  const [percent, setPercent] = useState(String(row.tutorPenalty ?? ''));
  const [reason, setReason] = useState(row.tutorPenaltyReason ?? '');
  const { busy, errors, submit } = useSubmit();
  const save = () => {
    const parsed = tutorPenaltyBodySchema.safeParse({
      lessonHistoryId: row._id,
      tutorPenalty: percent.trim() === '' ? Number.NaN : Number(percent),
      tutorPenaltyReason: reason,
    });
    void submit(
      checkedInput(parsed),
      (body) => callApi('lessonHistory.tutorPenalty', { body }),
      'Tutor penalty updated!',
      onDone,
    );
  };
  return (
    <FormDialog title="Tutor penalty" onClose={onClose} onSave={save} busy={busy}>
      <Stack gap="4">
        <PaySummary row={row} />
        <FormField
          label="Penalty (% of the allocated amount)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          required
          value={percent}
          error={errors.tutorPenalty}
          helper="0 removes the penalty."
          onValueChange={setPercent}
        />
        <FormField
          label="Reason"
          multiline
          value={reason}
          error={errors.tutorPenaltyReason}
          onValueChange={setReason}
        />
      </Stack>
    </FormDialog>
  );
}

function TrialDialog({ row, onClose, onDone }: DialogProps) {
  const { currency, currencies } = useLessonCurrency(row);
  const [converted, setConverted] = useState(row.isTrialConverted ? 'yes' : 'no');
  const [status, setStatus] = useState<string>(row.trialConversionStatus ?? 'APPROVED');
  const [amount, setAmount] = useState<MoneyInput>({
    amount: row.trialConversionAmount ? String(row.trialConversionAmount.amount) : '',
    currency: row.trialConversionAmount?.currency ?? currency,
  });
  const { busy, errors, submit } = useSubmit();
  const save = () => {
    const money = amount.amount.trim() === '' ? undefined : readMoney(amount);
    const parsed = trialConversionBodySchema.safeParse({
      lessonHistoryId: row._id,
      isTrialConverted: converted === 'yes',
      trialConversionStatus: status,
      ...(money?.ok ? { trialConversionAmount: money.price } : {}),
    });
    void submit(
      checkedInput(parsed, { trialConversionAmount: money && !money.ok ? money.problem : undefined }),
      (body) => callApi('lessonHistory.trialConversion', { body }),
      'Trial conversion updated!',
      onDone,
    );
  };
  return (
    <FormDialog title="Trial conversion" onClose={onClose} onSave={save} busy={busy}>
      <Stack gap="4">
        <PaySummary row={row} />
        <SelectField label="Did the trial convert?" value={converted} onChange={setConverted}>
          <option value="yes">Yes, the student signed up</option>
          <option value="no">No</option>
        </SelectField>
        <SelectField label="Status" value={status} onChange={setStatus} error={errors.trialConversionStatus}>
          {payRequestStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </SelectField>
        <MoneyField
          label="Tutor's bonus (paid once approved; leave empty for none)"
          value={amount}
          onChange={setAmount}
          error={errors.trialConversionAmount}
          currencies={currencies}
        />
      </Stack>
    </FormDialog>
  );
}
