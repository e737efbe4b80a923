import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDuration, lessonDurationChoices } from '../../../../shared/scheduling/durations';
import { changeReasons, type RequestStatus } from '../../../../shared/scheduling/lesson-changes';
import { runtimeConfig } from '../../config/runtime-config';
import { ApiError, callApi } from '../../lib/api-client';
import { choiceOf } from '../../lib/choice';
import { errorToastMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { zonedInstant } from '../../lib/zoned-dates';
import { FormDialog } from '../form-dialog';
import { FormField } from '../form-field';
import { SelectField } from '../select-field';
import { adminChangeRoute, adminChangeToast, type ChangeMode, dateAndTimeIn } from './lesson-change';

export interface AdminChangeableLesson {
  _id: string;
  kind: string;
  title: string;
  start?: string | undefined;
  duration?: number | undefined;
  tutorId?: string | undefined;
}

/**
 * The back-office cancel and reschedule of a lesson (PUT /admin/{team,zoom}-meetings/{cancel,reschedule}):
 * a reason from spec 001 section 9, and for a reschedule any new date and time in the admin's zone (also a
 * length and, where the course's tutors are known, another tutor). An admin's change applies at once; a
 * refusal (the tutor is busy then: 409) is shown in the dialog as well as toasted.
 */
export function AdminLessonChangeDialog({
  lesson,
  mode,
  zone,
  tutors,
  onClose,
  onDone,
}: {
  lesson: AdminChangeableLesson;
  mode: ChangeMode;
  zone: string;
  /** The course's enabled tutors, to move the lesson to another one; without it the tutor stays. */
  tutors?: Array<{ _id: string; label: string }>;
  onClose: () => void;
  onDone: () => void;
}) {
  const initial = dateAndTimeIn(lesson.start, zone);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [duration, setDuration] = useState(String(lesson.duration ?? 60));
  const [tutorId, setTutorId] = useState(lesson.tutorId ?? '');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const durations = lessonDurationChoices(runtimeConfig().stage);
  const durationChoices = durations.includes(Number(duration)) ? durations : [Number(duration), ...durations];
  const reschedule = mode === 'RESCHEDULE';

  const submit = async () => {
    const found: Record<string, string> = {};
    const chosenReason = choiceOf(changeReasons, reason);
    if (!chosenReason) found.reason = 'Choose a reason';
    const start = reschedule ? zonedInstant(date, time, zone) : undefined;
    if (reschedule) {
      if (!date) found.date = 'Choose a date';
      if (!time) found.time = 'Choose a time';
      else if (date && !start) found.time = 'Choose a valid time';
    }
    setErrors(found);
    setRefusal('');
    if (!chosenReason || Object.keys(found).length > 0) return;
    const change = { reason: chosenReason, ...(note.trim() ? { note: note.trim() } : {}) };
    const params = { id: lesson._id };
    setBusy(true);
    let status: RequestStatus;
    try {
      // A reschedule has its new start by now (a missing one stopped above); a cancel has none.
      ({ status } = start
        ? await callApi(adminChangeRoute(lesson.kind, 'RESCHEDULE'), {
            params,
            body: {
              ...change,
              start,
              ...(Number(duration) !== lesson.duration ? { duration: Number(duration) } : {}),
              ...(tutorId && tutorId !== lesson.tutorId ? { tutorId } : {}),
            },
          })
        : await callApi(adminChangeRoute(lesson.kind, 'CANCEL'), { params, body: change }));
    } catch (error) {
      // e.g. 409 "Sorry, this time is no longer free…": kept beside the fields (also toasted).
      setRefusal(
        error instanceof ApiError ? errorToastMessage(error.data, error.message) : 'Something went wrong',
      );
      setBusy(false);
      return;
    }
    toastSuccess(adminChangeToast(lesson.kind, mode, status));
    setBusy(false);
    onDone();
  };

  return (
    <FormDialog
      onClose={onClose}
      title={reschedule ? 'Reschedule lesson' : 'Cancel lesson'}
      onSave={submit}
      busy={busy}
      saveLabel={reschedule ? 'Reschedule' : 'Cancel lesson'}
      saveColorPalette={reschedule ? 'brand' : 'red'}
      cancelLabel="Dismiss"
      size={reschedule ? 'lg' : 'md'}
    >
      <Stack gap="4">
        <Text>
          <b>{lesson.title}</b> · {formatDateTime(lesson.start, zone)}
          {lesson.duration ? ` · ${formatDuration(lesson.duration)}` : ''}
        </Text>
        {reschedule && (
          <>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <FormField
                label="New date"
                type="date"
                required
                value={date}
                error={errors.date}
                onValueChange={setDate}
              />
              <FormField
                label="New time"
                type="time"
                step={900}
                required
                value={time}
                error={errors.time}
                onValueChange={setTime}
              />
              <SelectField label="Duration" value={duration} onChange={setDuration}>
                {durationChoices.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {formatDuration(minutes)}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            {tutors && tutors.length > 0 && (
              <SelectField label="Tutor" value={tutorId} onChange={setTutorId}>
                {tutors.map((tutor) => (
                  <option key={tutor._id} value={tutor._id}>
                    {tutor.label}
                  </option>
                ))}
              </SelectField>
            )}
            <Text fontSize="sm" color="fg.muted">
              Times are in {zone}. The new time must be free for the tutor; the students are moved with the
              lesson.
            </Text>
          </>
        )}
        <SelectField
          label="Reason"
          required
          placeholder="Select a reason"
          value={reason}
          error={errors.reason}
          onChange={setReason}
        >
          {changeReasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <FormField label="Note" multiline value={note} maxLength={1000} onValueChange={setNote} />
        {!reschedule && (
          <Text fontSize="sm" color="fg.muted">
            The lesson stays in the course as cancelled, and its time becomes free again.
          </Text>
        )}
        {refusal && (
          <Text color="red.600" _dark={{ color: 'red.300' }} role="alert">
            {refusal}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
