import { Alert, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { formatDuration, lessonDurationChoices } from '../../../../shared/scheduling/durations';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { SelectField } from '../../components/select-field';
import { SlotPicker } from '../../components/slot-picker';
import { runtimeConfig } from '../../config/runtime-config';
import { revalidateCourse, revalidateMyCourses } from '../../lib/api/courses';
import { revalidateFreeSlots, useFreeSlots } from '../../lib/api/free-slots';
import { revalidateSchedule } from '../../lib/api/schedule';
import { ApiError, callApi } from '../../lib/api-client';
import { errorToastMessage } from '../../lib/error-message';
import { deviceTimeZone } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { isBookableDate, today } from '../../lib/zoned-dates';

/** The course's usual lesson length when the stage offers it, else an hour. */
function defaultDuration(course: CourseDetail, choices: number[]): number {
  return choices.includes(course.lessonDuration) ? course.lessonDuration : 60;
}

/**
 * "Book a lesson" (POST /team-meetings/course-meeting-book): a student picks a date (not before today) and
 * a length, then one of the course tutor's free times on that date in the viewer's zone (GET
 * /user-availability/slots/{tutorId}). The server claims the time atomically: a time taken meanwhile
 * answers a 409, whose message shows here and the free times are read again.
 */
export function BookLessonDialog(props: { course: CourseDetail; tutorId: string; onClose: () => void }) {
  const { course, tutorId, onClose } = props;
  const zone = deviceTimeZone();
  const durations = lessonDurationChoices(runtimeConfig().stage, 'student');
  const [date, setDate] = useState(today(zone));
  const [duration, setDuration] = useState(() => defaultDuration(course, durations));
  const [slot, setSlot] = useState('');
  const [conflict, setConflict] = useState('');
  const [busy, setBusy] = useState(false);
  const dateOk = isBookableDate(date, zone);
  const {
    data: slots,
    isLoading,
    mutate: reloadSlots,
  } = useFreeSlots(tutorId, dateOk ? { date, duration, deviceTimezone: zone } : null);

  const book = async () => {
    setBusy(true);
    setConflict('');
    try {
      await callApi('meetings.courseMeetingBook', { body: { course: course._id, start: slot, duration } });
      toastSuccess('Lesson booked successfully!');
      // The course page, the calendar and the courses list's next lesson all show it; the time is no
      // longer free.
      await Promise.all([
        revalidateCourse(),
        revalidateMyCourses(),
        revalidateSchedule(),
        revalidateFreeSlots(),
      ]);
      onClose();
    } catch (error) {
      // The client has toasted the message; a taken time also stays in view beside fresh free times.
      if (error instanceof ApiError && error.status === 409) {
        setConflict(errorToastMessage(error.data, error.message));
        setSlot('');
        await reloadSlots();
      }
      setBusy(false);
    }
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Book a lesson"
      onSave={book}
      busy={busy}
      saveLabel="Book lesson"
      saveDisabled={!slot}
      saveColorPalette="brand"
      cancelLabel="Dismiss"
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {course.title} · times in {zone}
        </Text>
        <FormField
          label="Date"
          type="date"
          required
          min={today(zone)}
          value={date}
          error={date && !dateOk ? 'Choose today or a later date' : undefined}
          onValueChange={(value) => {
            setDate(value);
            setSlot('');
            setConflict('');
          }}
        />
        <SelectField
          label="Duration"
          required
          value={String(duration)}
          onChange={(value) => {
            setDuration(Number(value));
            setSlot('');
            setConflict('');
          }}
        >
          {durations.map((minutes) => (
            <option key={minutes} value={minutes}>
              {formatDuration(minutes)}
            </option>
          ))}
        </SelectField>
        {conflict && (
          <Alert.Root status="error" size="sm" role="alert">
            <Alert.Indicator />
            <Alert.Title>{conflict}</Alert.Title>
          </Alert.Root>
        )}
        {dateOk && <SlotPicker slots={slots?.docs} loading={isLoading} value={slot} onChange={setSlot} />}
      </Stack>
    </FormDialog>
  );
}
