import {
  Badge,
  Button,
  DataList,
  Dialog,
  Field,
  Heading,
  Input,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { formatDuration, lessonDurationChoices } from '../../../../../shared/scheduling/durations';
import { changeScopeLabel } from '../../../../../shared/scheduling/lesson-changes';
import type { RespondBody } from '../../../../../shared/schemas/meeting';
import { type PresentedMeetingRequest, respondBodySchema } from '../../../../../shared/schemas/meeting';
import type { ListControls } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { peopleNames, personName } from '../../../components/admin/person-names';
import { tutorPaymentLabels } from '../../../components/admin/tutor-payment-status';
import { SelectField } from '../../../components/select-field';
import { MISSING_VALUE } from '../../../config/app-constants';
import { runtimeConfig } from '../../../config/runtime-config';
import { apiKey, callApi, useApi } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';
import {
  fromLocalInput,
  minutesBetween,
  requestedByLabel,
  statusLabels,
  statusPalettes,
  toLocalInput,
} from './request-labels';

/** The "Applies to" line of a request for a lesson and the following ones of its series. */
function scopeDetail(request: PresentedMeetingRequest): Array<[string, string]> {
  const label = changeScopeLabel(request);
  return label ? [['Applies to', label]] : [];
}

const requestTitles: Record<PresentedMeetingRequest['type'], string> = {
  CANCEL: 'Cancellation request',
  RESCHEDULE: 'Reschedule request',
  DELETE: 'Deletion request',
};

interface RespondForm {
  newStart: string;
  duration: string;
  adminNote: string;
  penalty: string;
  penaltyReason: string;
}

function initialForm(request: PresentedMeetingRequest, zone: string): RespondForm {
  return {
    newStart: toLocalInput(request.newStart, zone),
    duration: String(minutesBetween(request.newStart, request.newEnd) ?? ''),
    adminNote: request.adminNote ?? '',
    penalty: String(request.penalty ?? 0),
    penaltyReason: request.penaltyReason ?? '',
  };
}

/** The respond body: the action with whatever the admin changed in the form. */
function respondBody(
  action: RespondBody['action'],
  form: RespondForm,
  request: PresentedMeetingRequest,
  zone: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = { action };
  const initial = initialForm(request, zone);
  if (request.type === 'RESCHEDULE') {
    if (form.newStart !== initial.newStart)
      body.newStart = fromLocalInput(form.newStart, zone) ?? form.newStart;
    if (form.duration !== initial.duration && form.duration !== '') body.duration = Number(form.duration);
  }
  if (form.adminNote.trim() !== initial.adminNote) body.adminNote = form.adminNote.trim();
  if (form.penalty !== initial.penalty) body.penalty = form.penalty === '' ? 0 : Number(form.penalty);
  if (form.penaltyReason.trim() !== initial.penaltyReason) body.penaltyReason = form.penaltyReason.trim();
  return body;
}

const detailKey = (id: string) =>
  apiKey('meetingRequests.adminGet', { params: { id }, query: { includeTutorAmountData: '1' } });

/** One lesson request in full; a pending one can be approved, rejected or updated (spec 001 section 4). */
export function RequestDialog({
  request: row,
  list,
  canRespond,
  onClose,
}: {
  request: PresentedMeetingRequest;
  list: ListControls<PresentedMeetingRequest>;
  canRespond: boolean;
  onClose: () => void;
}) {
  const zone = useAdminZone();
  const { data, mutate } = useApi(detailKey(row._id), { fallbackData: row });
  const request = data ?? row;
  const [form, setForm] = useState<RespondForm>(() => initialForm(row, zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<RespondBody['action'] | undefined>();
  const pending = request.status === 'PENDING';
  const responding = pending && canRespond;
  const durations = lessonDurationChoices(runtimeConfig().stage);
  const set = (field: keyof RespondForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const respond = async (action: RespondBody['action']) => {
    const parsed = respondBodySchema.safeParse(respondBody(action, form, request, zone));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(action);
    try {
      await callApi('meetingRequests.respond', { params: { requestId: request._id }, body: parsed.data });
    } catch {
      // Toasted by the API client (e.g. already answered, or the new time is taken).
      setBusy(undefined);
      return;
    }
    if (action === 'UPDATE') {
      toastSuccess('Lesson Request Updated!');
      const fresh = await mutate();
      if (fresh) list.replace(fresh);
    } else {
      toastSuccess('Lesson Request Responded!');
      await list.reload();
    }
    setBusy(undefined);
    onClose();
  };

  const details: Array<[string, string]> = [
    ['Course', request.courseTitle],
    ['Lesson', request.lessonTitle],
    ...scopeDetail(request),
    ['Old time', formatDateTime(request.start, zone)],
    ['New time', formatDateTime(request.newStart, zone)],
    ['Students', peopleNames(request.students)],
    ['Tutor', peopleNames(request.tutors)],
    ['Requested by', requestedByLabel(request)],
    ['Requested on', formatDateTime(request.createdAt, zone)],
    ['Reason', request.reason || MISSING_VALUE],
    ['Category', request.category ?? MISSING_VALUE],
    ['Note', request.note || MISSING_VALUE],
    ['Tutor payment status', tutorPaymentLabels[request.tutorPaymentStatus] ?? MISSING_VALUE],
  ];
  if (!responding) {
    details.push(
      ['Admin note', request.adminNote || MISSING_VALUE],
      ['Penalty', request.penalty ? `${request.penalty}%` : MISSING_VALUE],
      ['Penalty reason', request.penaltyReason || MISSING_VALUE],
      ['Responded by', personName(request.respondedBy)],
      ['Responded on', formatDateTime(request.respondedAt, zone)],
    );
  }

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title display="flex" gap="2" alignItems="center">
                {requestTitles[request.type]}
                <Badge colorPalette={statusPalettes[request.status]}>{statusLabels[request.status]}</Badge>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <DataList.Root orientation="horizontal" size="sm">
                  {details.map(([label, value]) => (
                    <DataList.Item key={label}>
                      <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
                      <DataList.ItemValue>{value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
                {responding && (
                  <Stack gap="3" borderTopWidth="1px" pt="4">
                    <Heading size="sm">Response</Heading>
                    {request.type === 'RESCHEDULE' && (
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                        <Field.Root invalid={!!errors.newStart}>
                          <Field.Label>New start ({zone})</Field.Label>
                          <Input
                            type="datetime-local"
                            size="sm"
                            value={form.newStart}
                            onChange={(e) => set('newStart')(e.target.value)}
                          />
                          {errors.newStart && <Field.ErrorText>{errors.newStart}</Field.ErrorText>}
                        </Field.Root>
                        <SelectField
                          label="Duration"
                          value={form.duration}
                          error={errors.duration}
                          onChange={set('duration')}
                        >
                          {(form.duration === '' || durations.includes(Number(form.duration))
                            ? durations
                            : [Number(form.duration), ...durations]
                          ).map((minutes) => (
                            <option key={minutes} value={minutes}>
                              {formatDuration(minutes)}
                            </option>
                          ))}
                        </SelectField>
                      </SimpleGrid>
                    )}
                    <Field.Root invalid={!!errors.adminNote}>
                      <Field.Label>Admin note</Field.Label>
                      <Textarea
                        rows={2}
                        value={form.adminNote}
                        onChange={(e) => set('adminNote')(e.target.value)}
                      />
                      {errors.adminNote && <Field.ErrorText>{errors.adminNote}</Field.ErrorText>}
                    </Field.Root>
                    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                      <Field.Root invalid={!!errors.penalty}>
                        <Field.Label>Penalty (%)</Field.Label>
                        <Input
                          type="number"
                          size="sm"
                          min={0}
                          max={100}
                          value={form.penalty}
                          onChange={(e) => set('penalty')(e.target.value)}
                        />
                        {errors.penalty && <Field.ErrorText>Enter a penalty from 0 to 100</Field.ErrorText>}
                      </Field.Root>
                      <Field.Root invalid={!!errors.penaltyReason} gridColumn={{ md: 'span 2' }}>
                        <Field.Label>Penalty reason</Field.Label>
                        <Input
                          size="sm"
                          value={form.penaltyReason}
                          onChange={(e) => set('penaltyReason')(e.target.value)}
                        />
                        {errors.penaltyReason && <Field.ErrorText>{errors.penaltyReason}</Field.ErrorText>}
                      </Field.Root>
                    </SimpleGrid>
                    <Text fontSize="sm" color="fg.muted">
                      Approve applies the change; Reject keeps the lesson as it is; Update saves the changes
                      above and leaves the request pending.
                    </Text>
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              {responding && (
                <>
                  <Button
                    variant="outline"
                    loading={busy === 'UPDATE'}
                    disabled={!!busy}
                    onClick={() => respond('UPDATE')}
                  >
                    Update
                  </Button>
                  <Button
                    colorPalette="red"
                    loading={busy === 'REJECT'}
                    disabled={!!busy}
                    onClick={() => respond('REJECT')}
                  >
                    Reject
                  </Button>
                  <Button
                    colorPalette="green"
                    loading={busy === 'APPROVE'}
                    disabled={!!busy}
                    onClick={() => respond('APPROVE')}
                  >
                    Approve
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
