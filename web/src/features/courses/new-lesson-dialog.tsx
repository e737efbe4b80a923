import { HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { courseTutorMay } from '../../../../shared/permissions/check';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { formatDuration, lessonDurationChoices } from '../../../../shared/scheduling/durations';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import {
  noRepeat,
  type Repeats,
  RepeatsControl,
  recurrenceOf,
  repeatsPreview,
  SeriesClashes,
  seriesClashOf,
  useTutorTimeZone,
} from '../../components/lessons/repeats-control';
import { SelectField } from '../../components/select-field';
import { runtimeConfig } from '../../config/runtime-config';
import { callApi } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { deviceTimeZone } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { today, zonedInstant } from '../../lib/zoned-dates';

const kinds = {
  TEAMS: {
    label: 'Teams',
    routeId: 'meetings.teamsCreate',
    toast: 'Teams Meeting Added',
    feature: 'teamsCreate',
  },
  ZOOM: { label: 'Zoom', routeId: 'meetings.zoomCreate', toast: 'Zoom Meeting Added', feature: 'zoomCreate' },
} as const;
type Kind = keyof typeof kinds;

/** The meeting kinds the tutor role held on the course lets its tutor schedule (the server checks it too). */
export function schedulableKinds(course: Pick<CourseDetail, 'tutorRole'>): Kind[] {
  return (Object.keys(kinds) as Kind[]).filter((kind) =>
    courseTutorMay(course.tutorRole?.permissions, [kinds[kind].feature]),
  );
}

/**
 * "New lesson" for a course's own tutor (POST /team-meetings or /zoom-meetings): a title, a date and a
 * wall-clock time in the tutor's zone (the browser's, as every portal time), a length and the meeting
 * kind. The lesson is the tutor's own and includes the course's enrolled students; the server claims the
 * tutor's time, so a time that overlaps another of their lessons is refused with its message (a 409).
 */
export function NewLessonDialog(props: { course: CourseDetail; onClose: () => void; onSaved: () => void }) {
  const { course, onClose, onSaved } = props;
  const zone = deviceTimeZone();
  const durations = lessonDurationChoices(runtimeConfig().stage);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(today(zone));
  const [time, setTime] = useState('');
  const [duration, setDuration] = useState(
    durations.includes(course.lessonDuration) ? course.lessonDuration : 60,
  );
  const allowedKinds = schedulableKinds(course);
  const [kind, setKind] = useState<Kind>(allowedKinds[0] ?? 'TEAMS');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [repeats, setRepeats] = useState<Repeats>(noRepeat);
  const [clash, setClash] = useState('');
  const tutorZone = useTutorTimeZone(useSession()?.user._id, zone);
  const firstStart = date && time ? zonedInstant(date, time, zone) : undefined;

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Title is required';
    if (!date) found.date = 'Choose a date';
    else if (date < today(zone)) found.date = 'Choose today or a later date';
    if (!time) found.time = 'Choose a time';
    else if (!zonedInstant(date, time, zone)) found.time = 'Choose a valid time';
    else if (Date.parse(zonedInstant(date, time, zone)!) <= Date.now())
      found.time = 'Choose a time in the future';
    const series = repeatsPreview(repeats, firstStart, duration, tutorZone);
    if (series && 'error' in series) found.repeats = series.error;
    return found;
  };

  const save = async () => {
    const found = check();
    setErrors(found);
    // `check` refused a missing or invalid time.
    const start = zonedInstant(date, time, zone);
    if (Object.keys(found).length > 0 || !start) return;
    setBusy(true);
    setClash('');
    const recurrence = recurrenceOf(repeats);
    try {
      await callApi(kinds[kind].routeId, {
        body: {
          course: course._id,
          title: title.trim(),
          start,
          duration,
          ...(recurrence ? { recurrence } : {}),
        },
      });
      toastSuccess(kinds[kind].toast);
      onSaved();
      onClose();
    } catch (error) {
      // The client toasted the server's message (a clash with another lesson is a 409); a refused series
      // also lists its clashing dates here.
      setClash(seriesClashOf(error) ?? '');
      setBusy(false);
    }
  };

  return (
    <FormDialog onClose={onClose} title="New lesson" onSave={save} busy={busy} saveLabel="Add lesson">
      <Stack gap="4">
        <FormField
          label="Title"
          required
          value={title}
          maxLength={160}
          error={errors.title}
          onValueChange={setTitle}
        />
        <HStack gap="3" align="start">
          <FormField
            label="Date"
            type="date"
            required
            min={today(zone)}
            value={date}
            error={errors.date}
            onValueChange={setDate}
          />
          <FormField
            label="Time"
            type="time"
            required
            step={300}
            value={time}
            error={errors.time}
            onValueChange={setTime}
          />
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          Times in {zone}
        </Text>
        <HStack gap="3" align="start">
          <SelectField
            label="Duration"
            required
            value={String(duration)}
            onChange={(v) => setDuration(Number(v))}
          >
            {durations.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatDuration(minutes)}
              </option>
            ))}
          </SelectField>
          <SelectField label="Meeting" required value={kind} onChange={(v) => setKind(v as Kind)}>
            {allowedKinds.map((k) => (
              <option key={k} value={k}>
                {kinds[k].label}
              </option>
            ))}
          </SelectField>
        </HStack>
        <RepeatsControl
          value={repeats}
          onChange={setRepeats}
          start={firstStart}
          durationMinutes={duration}
          zone={tutorZone}
        />
        {clash && <SeriesClashes message={clash} />}
      </Stack>
    </FormDialog>
  );
}
