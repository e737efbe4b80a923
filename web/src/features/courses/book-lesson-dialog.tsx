import { Alert, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { formatDuration, lessonDurationChoices } from '../../../../shared/scheduling/durations';
import { BookingSchedule } from '../../components/booking/booking-schedule';
import { CallbackRequestForm } from '../../components/booking/callback-request-form';
import { type DayRange, useFreeDayCalendar } from '../../components/booking/use-free-day-calendar';
import { FormDialog } from '../../components/form-dialog';
import { SelectField } from '../../components/select-field';
import { runtimeConfig } from '../../config/runtime-config';
import { revalidateCourse, revalidateMyCourses } from '../../lib/api/courses';
import { revalidateFreeSlots, useFreeSlots } from '../../lib/api/free-slots';
import { revalidateSchedule } from '../../lib/api/schedule';
import { ApiError, apiKey, callApi } from '../../lib/api-client';
import { errorToastMessage } from '../../lib/error-message';
import { useSession } from '../../lib/session';
import { deviceTimeZone } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { isBookableDate } from '../../lib/zoned-dates';

/** The course's usual lesson length when the stage offers it, else an hour. */
function defaultDuration(course: CourseDetail, choices: number[]): number {
  return choices.includes(course.lessonDuration) ? course.lessonDuration : 60;
}

/**
 * "Book a lesson" (POST /team-meetings/course-meeting-book): a student picks a length, a day in the month
 * calendar (the days with the course tutor's free times marked, GET /user-availability/free-days/{tutorId};
 * the first such day chosen on opening) and one of that day's free times, grouped by part of the day, in
 * the viewer's zone, which they can change (GET /user-availability/slots/{tutorId}). The server claims the
 * time atomically: a time taken meanwhile answers a 409, whose message shows here and the free times are
 * read again. A tutor with no free time up to the booking horizon gets a callback request instead.
 */
export function BookLessonDialog(props: { course: CourseDetail; tutorId: string; onClose: () => void }) {
  const { course, tutorId, onClose } = props;
  const session = useSession();
  const [zone, setZone] = useState(deviceTimeZone);
  const durations = lessonDurationChoices(runtimeConfig().stage, 'student');
  const [date, setDate] = useState('');
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
  const onDate = useCallback((day: string) => {
    setDate(day);
    setSlot('');
    setConflict('');
  }, []);
  const keyFor = useCallback(
    (range: DayRange) =>
      apiKey('availability.freeDays', {
        params: { userId: tutorId },
        query: { ...range, duration, deviceTimezone: zone },
      }),
    [tutorId, duration, zone],
  );
  const calendar = useFreeDayCalendar({ zone, searchKey: tutorId, keyFor, date, onDate });

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
      size="xl"
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {course.title}
        </Text>
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
        <BookingSchedule
          calendar={calendar}
          zone={zone}
          onZoneChange={(next) => {
            setZone(next);
            setSlot('');
            setConflict('');
          }}
          date={date}
          onDate={onDate}
          slots={dateOk ? slots?.docs : []}
          loadingSlots={dateOk && isLoading}
          slot={slot}
          onSlot={setSlot}
          timesLabel="Free times"
          noTimes={
            <CallbackRequestForm
              about={{
                courseId: course._id,
                curriculum: course.curriculum,
                subject: course.subject,
                grade: course.grade,
              }}
              zone={zone}
              initial={
                session
                  ? {
                      name: `${session.user.firstname} ${session.user.lastname}`.trim(),
                      email: session.user.email,
                    }
                  : {}
              }
              intro="Your tutor has no free time for this lesson length in the coming weeks. Leave your details and our team will call you back to find a time."
            />
          }
        />
      </Stack>
    </FormDialog>
  );
}
