import { Alert, Button, DataList, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { type Trial, type TrialStatus, trialStatusLabels } from '../../../../../shared/schemas/trial';
import type { ListControls } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { FormDialog } from '../../../components/form-dialog';
import { SelectField } from '../../../components/select-field';
import { canEditRecordings } from '../../../components/trials/recording-form';
import { TrialBadges } from '../../../components/trials/trial-badges';
import { TrialRecordings } from '../../../components/trials/trial-recordings';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';
import {
  initialTrialChange,
  NO_OUTCOME,
  type OutcomeChoice,
  outcomeChoiceLabel,
  outcomeChoices,
  statusChoices,
  type TrialChange,
  trialUpdateBody,
  withStatus,
} from './trial-change';

const personName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`.trim();

function TrialFacts({ trial }: { trial: Trial }) {
  const zone = useAdminZone();
  const rows: Array<[string, string]> = [
    ['Student', `${personName(trial.student)} (${trial.student.email})`],
    ['Tutor', personName(trial.tutor)],
    ['Class', `${trial.curriculum} · ${trial.subject} · ${trial.grade}`],
    ['Lesson', `${formatDateTime(trial.startDate, zone)} (${zone})`],
  ];
  return (
    <DataList.Root orientation="horizontal" gap="1.5" size="sm">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="20">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * PUT /admin/trials/{id}: the status and outcome. Only the statuses the shared rule allows from the
 * trial's current one are offered, each with the outcomes that go with it, and the change is checked by
 * the same rule before it is sent.
 */
export function TrialUpdateDialog({
  trial,
  list,
  onClose,
}: {
  trial: Trial;
  list: ListControls<Trial>;
  onClose: () => void;
}) {
  const [change, setChange] = useState<TrialChange>(() => initialTrialChange(trial));
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const outcomes = outcomeChoices(change.status);
  const cancels = trial.status === 'SCHEDULED' && change.status === 'CANCELED';

  const save = async () => {
    const checked = trialUpdateBody(trial, change);
    if (!checked.ok) {
      setMessage(checked.message);
      return;
    }
    setBusy(true);
    try {
      await callApi('trials.adminUpdate', { params: { id: trial._id }, body: checked.body });
    } catch {
      // Toasted by the API client (e.g. someone changed the trial meanwhile); the choice stays.
      setBusy(false);
      return;
    }
    toastSuccess('Trial class Updated!');
    onClose();
    // Read the page again: the trial may have left the filtered list.
    await list.reload();
  };

  return (
    <FormDialog
      title="Update trial"
      onClose={onClose}
      onSave={save}
      busy={busy}
      saveLabel="Update"
      saveColorPalette={cancels ? 'red' : undefined}
    >
      <Stack gap="4">
        <TrialBadges trial={trial} />
        <TrialFacts trial={trial} />
        <SelectField
          label="Status"
          value={change.status}
          onChange={(status) => {
            setMessage(undefined);
            setChange(withStatus(trial, status as TrialStatus));
          }}
        >
          {statusChoices(trial.status).map((status) => (
            <option key={status} value={status}>
              {trialStatusLabels[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Outcome"
          value={change.outcome}
          disabled={outcomes.length < 2 && change.outcome !== ''}
          placeholder={outcomes.includes(NO_OUTCOME) ? undefined : 'Choose an outcome'}
          onChange={(outcome) => {
            setMessage(undefined);
            setChange((current) => ({ ...current, outcome: outcome as OutcomeChoice }));
          }}
        >
          {outcomes.map((outcome) => (
            <option key={outcome} value={outcome}>
              {outcomeChoiceLabel(outcome)}
            </option>
          ))}
        </SelectField>
        {cancels && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>
              Cancelling the trial also cancels its lesson, and the student may book a new free trial.
            </Alert.Title>
          </Alert.Root>
        )}
        {trial.status === 'SCHEDULED' && !cancels && (
          <Text color="fg.muted" fontSize="sm">
            The outcome can be recorded once the trial lesson has taken place: the trial becomes Completed
            when its lesson ends.
          </Text>
        )}
        {message && (
          <Text role="alert" color="red.600" _dark={{ color: 'red.300' }}>
            {message}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/** A trial's recording links, added and removed by a trial-class editor (the list row follows). */
export function TrialRecordingsDialog({
  trial: initial,
  list,
  onClose,
}: {
  trial: Trial;
  list: ListControls<Trial>;
  onClose: () => void;
}) {
  const user = useSession()?.user;
  const [trial, setTrial] = useState(initial);
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Recordings</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <TrialFacts trial={trial} />
                <TrialRecordings
                  trial={trial}
                  editable={canEditRecordings(user, trial)}
                  onChange={(saved) => {
                    setTrial(saved);
                    list.replace(saved);
                  }}
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
