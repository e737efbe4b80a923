import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDuration, lessonDurationChoices } from '../../../../shared/scheduling/durations';
import { changeReasons, type RequestStatus } from '../../../../shared/scheduling/lesson-changes';
import { runtimeConfig } from '../../config/runtime-config';
import { revalidateReads } from '../../lib/api/revalidate-reads';
import { ApiError, callApi } from '../../lib/api-client';
import { choiceOf } from '../../lib/choice';
import { errorToastMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { zonedInstant } from '../../lib/zoned-dates';
import { BookingSchedule } from '../booking/booking-schedule';
import { FormDialog } from '../form-dialog';
import { FormField } from '../form-field';
import { type Scope, ScopeChoice, SeriesClashes } from '../lessons/repeats-control';
import { useRescheduleSchedule } from '../lessons/use-reschedule-schedule';
import { SelectField } from '../select-field';
import { adminChangeRoute, adminChangeToast, type ChangeMode, dateAndTimeIn } from './lesson-change';

export interface AdminChangeableLesson {
  _id: string;
  kind: string;
  title: string;
  start?: string | undefined;
  duration?: number | undefined;
  tutorId?: string | undefined;
  /** Set on a lesson of a repeating series: the change may take the following lessons too. */
  seriesId?: string | undefined;
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
  const [scope, setScope] = useState<Scope>('ONE');
  const [busy, setBusy] = useState(false);
  const durations = lessonDurationChoices(runtimeConfig().stage);
  const durationChoices = durations.includes(Number(duration)) ? durations : [Number(duration), ...durations];
  const reschedule = mode === 'RESCHEDULE';
  // The booking calendar of the chosen tutor's free times for the chosen length, on the lesson's month;
  // an admin may also type any other time (the server only refuses a clash).
  // (A lesson without a tutor has no free times to offer.)
  const [typed, setTyped] = useState(!lesson.tutorId);
  const schedule = useRescheduleSchedule({
    lesson,
    tutorId,
    duration: Number(duration),
    initialZone: zone,
    active: reschedule && !typed,
  });
  const shownZone = schedule.zone;

  const submit = async () => {
    const found: Record<string, string> = {};
    const chosenReason = choiceOf(changeReasons, reason);
    if (!chosenReason) found.reason = 'Choose a reason';
    const start = !reschedule
      ? undefined
      : typed
        ? zonedInstant(date, time, shownZone)
        : schedule.slot || undefined;
    if (reschedule && !typed) {
      if (!start) found.slot = 'Choose a free time';
    } else if (reschedule) {
      if (!date) found.date = 'Choose a date';
      if (!time) found.time = 'Choose a time';
      else if (date && !start) found.time = 'Choose a valid time';
    }
    setErrors(found);
    setRefusal('');
    if (!chosenReason || Object.keys(found).length > 0) return;
    const change = {
      reason: chosenReason,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(lesson.seriesId ? { scope } : {}),
    };
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
      // A free time taken meanwhile: the calendar's times and marks are read again.
      if (!typed && error instanceof ApiError && error.status === 409) {
        schedule.onSlot('');
        await revalidateReads(['availability.slots', 'availability.freeDays']);
      }
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
      size={reschedule ? 'xl' : 'md'}
    >
      <Stack gap="4">
        <Text>
          <b>{lesson.title}</b> · {formatDateTime(lesson.start, shownZone)}
          {lesson.duration ? ` · ${formatDuration(lesson.duration)}` : ''}
        </Text>
        {lesson.seriesId && <ScopeChoice value={scope} onChange={setScope} />}
        {reschedule && (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <SelectField
                label="Duration"
                value={duration}
                onChange={(value) => {
                  setDuration(value);
                  schedule.onSlot('');
                }}
              >
                {durationChoices.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {formatDuration(minutes)}
                  </option>
                ))}
              </SelectField>
              {tutors && tutors.length > 0 && (
                <SelectField
                  label="Tutor"
                  value={tutorId}
                  onChange={(value) => {
                    setTutorId(value);
                    schedule.onSlot('');
                  }}
                >
                  {tutors.map((tutor) => (
                    <option key={tutor._id} value={tutor._id}>
                      {tutor.label}
                    </option>
                  ))}
                </SelectField>
              )}
            </SimpleGrid>
            {typed ? (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
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
              </SimpleGrid>
            ) : (
              <BookingSchedule
                {...schedule}
                timesLabel="Free times"
                noTimes={
                  <Text color="fg.muted" role="status">
                    This tutor has no free time for this length in the coming weeks. Choose another tutor or
                    length, or enter a time.
                  </Text>
                }
              />
            )}
            {errors.slot && !typed && (
              <Text color="red.600" _dark={{ color: 'red.300' }} fontSize="sm" role="alert">
                {errors.slot}
              </Text>
            )}
            <HStack gap="2" wrap="wrap">
              <Text fontSize="sm" color="fg.muted">
                {typed
                  ? `Times are in ${shownZone}. The new time must not clash with the tutor's lessons; the students are moved with the lesson.`
                  : "The tutor's free times; the students are moved with the lesson."}
              </Text>
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  // The typed fields start from the lesson's time in the zone the calendar showed.
                  const at = dateAndTimeIn(lesson.start, shownZone);
                  setDate(at.date);
                  setTime(at.time);
                  setTyped(!typed);
                  setErrors({});
                }}
              >
                {typed ? 'Choose from free times' : 'Enter another time'}
              </Button>
            </HStack>
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
        {refusal &&
          (refusal.startsWith('The series was not booked') ? (
            <SeriesClashes message={refusal} />
          ) : (
            <Text color="red.600" _dark={{ color: 'red.300' }} role="alert">
              {refusal}
            </Text>
          ))}
      </Stack>
    </FormDialog>
  );
}
