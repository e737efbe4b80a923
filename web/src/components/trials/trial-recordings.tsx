import { Button, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import type { Trial, TrialRecording } from '../../../../shared/schemas/trial';
import { callApi } from '../../lib/api-client';
import { deviceTimeZone, formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { FormDialog } from '../form-dialog';
import { FormField } from '../form-field';
import { acceptsRecordings, emptyRecordingForm, type RecordingForm, recordingBody } from './recording-form';

/**
 * A trial's recording links. With `editable` (its tutor, or a trial-class editor) they can be added, once
 * the lesson has taken place, and removed; `onChange` receives the trial as the server saved it.
 */
export function TrialRecordings({
  trial,
  editable,
  onChange,
}: {
  trial: Trial;
  editable: boolean;
  onChange?: (trial: Trial) => void;
}) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TrialRecording | undefined>();
  const [busy, setBusy] = useState(false);
  const canAdd = editable && acceptsRecordings(trial);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const saved = await callApi('trials.removeRecording', {
        params: { id: trial._id, recordingId: removing._id },
      });
      toastSuccess('Recording removed');
      onChange?.(saved.trial);
      setRemoving(undefined);
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="2">
      {trial.recordings.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {trial.status !== 'SCHEDULED'
            ? 'No recording yet.'
            : editable
              ? 'Recordings can be added once the trial lesson has taken place.'
              : 'No recording yet. Recordings appear here after the trial lesson has taken place.'}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {trial.recordings.map((recording) => (
            <HStack as="li" key={recording._id} gap="2" data-testid="trial-recording">
              <Link
                href={recording.url}
                target="_blank"
                rel="noreferrer"
                color="brand.fg"
                fontWeight="medium"
              >
                {recording.title}
              </Link>
              <Text color="fg.muted" fontSize="sm">
                {formatDateTime(recording.recordedAt)}
              </Text>
              {editable && (
                <IconButton
                  aria-label={`Remove ${recording.title}`}
                  title="Remove"
                  size="2xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setRemoving(recording)}
                >
                  <LuTrash2 />
                </IconButton>
              )}
            </HStack>
          ))}
        </Stack>
      )}
      {canAdd && (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => setAdding(true)}>
          <LuPlus /> Add recording
        </Button>
      )}
      {adding && (
        <AddRecordingDialog
          trial={trial}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            onChange?.(saved);
          }}
        />
      )}
      <FormDialog
        open={!!removing}
        onClose={() => setRemoving(undefined)}
        role="alertdialog"
        title="Remove recording"
        onSave={remove}
        busy={busy}
        saveLabel="Remove"
        saveColorPalette="red"
      >
        <Text>Remove “{removing?.title}”? The student and their parent will no longer see this link.</Text>
      </FormDialog>
    </Stack>
  );
}

function AddRecordingDialog({
  trial,
  onClose,
  onSaved,
}: {
  trial: Trial;
  onClose: () => void;
  onSaved: (trial: Trial) => void;
}) {
  const zone = deviceTimeZone();
  const [form, setForm] = useState<RecordingForm>(() => emptyRecordingForm(trial, zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof RecordingForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const save = async () => {
    const checked = recordingBody(trial._id, form, zone);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await callApi('trials.addRecording', { body: checked.body });
      toastSuccess('Recording added');
      onSaved(saved.trial);
    } catch {
      // Toasted by the API client (e.g. the link is already on the trial); the input stays.
      setBusy(false);
    }
  };

  return (
    <FormDialog title="Add recording" onClose={onClose} onSave={save} busy={busy} saveLabel="Add recording">
      <Stack gap="3">
        <FormField
          label="Link"
          type="url"
          placeholder="https://…"
          value={form.url}
          error={errors.url}
          onValueChange={set('url')}
          required
        />
        <FormField
          label="Title"
          value={form.title}
          error={errors.title}
          onValueChange={set('title')}
          required
        />
        <FormField
          label="Recorded at"
          type="datetime-local"
          value={form.recordedAt}
          error={errors.recordedAt}
          helper={`Time in ${zone}`}
          onValueChange={set('recordedAt')}
          required
        />
      </Stack>
    </FormDialog>
  );
}
