import { Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { changeReasons, changeToast, reasonCategories } from '../../../../shared/scheduling/lesson-changes';
import { cancelLesson, rescheduleLesson } from '../../lib/api/change-lesson';
import { revalidateCourse, revalidateMyCourses } from '../../lib/api/courses';
import { revalidateFreeSlots, useFreeSlots } from '../../lib/api/free-slots';
import { revalidateMyLessonRequests } from '../../lib/api/lesson-requests';
import { revalidateSchedule } from '../../lib/api/schedule';
import { choiceOf } from '../../lib/choice';
import { deviceTimeZone, formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { today } from '../../lib/zoned-dates';
import { FormDialog } from '../form-dialog';
import { SelectField } from '../select-field';
import { SlotPicker } from '../slot-picker';

export interface ChangeableLesson {
  _id: string;
  kind: string;
  title: string;
  start: string;
  tutorId: string;
}

/**
 * Cancel or reschedule a lesson (spec 001 section 9 reasons). The server decides whether the change is done
 * or waits for an admin (shared/scheduling/lesson-changes.ts decideChange: close to the lesson, or a
 * student's change to a group lesson); the toast follows its answer ("Cancellation Request Sent" for a
 * PENDING one), so it reads right whichever rule applied.
 */
export function LessonChangeDialog(props: {
  lesson: ChangeableLesson;
  mode: 'CANCEL' | 'RESCHEDULE';
  onClose: () => void;
}) {
  const { lesson, mode, onClose } = props;
  const zone = deviceTimeZone();
  const [reason, setReason] = useState<(typeof changeReasons)[number] | ''>('');
  const [category, setCategory] = useState<(typeof reasonCategories)[number] | ''>('');
  const [note, setNote] = useState('');
  // A move is usually to a nearby time: start on the lesson's own day (today if it is already past).
  const [date, setDate] = useState(() => {
    const lessonDay = DateTime.fromISO(lesson.start, { zone }).toISODate() ?? '';
    return lessonDay > today(zone) ? lessonDay : today(zone);
  });
  const [slot, setSlot] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: slots, isLoading } = useFreeSlots(
    lesson.tutorId,
    mode === 'RESCHEDULE' && date ? { date, sectionId: lesson._id, deviceTimezone: zone } : null,
  );
  const ready = reason !== '' && (mode === 'CANCEL' || slot !== '');

  const submit = async () => {
    // Saving waits for a reason (see `ready`).
    if (reason === '') return;
    setBusy(true);
    try {
      const body = {
        reason,
        ...(category ? { category } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      const answer =
        mode === 'CANCEL'
          ? await cancelLesson(lesson, body)
          : await rescheduleLesson(lesson, { ...body, start: slot });
      toastSuccess(changeToast(lesson.kind, mode, answer.status));
      // Courses, calendars and free times show this lesson, and a change that waits for an admin is one of
      // the user's requests: read those again.
      await Promise.all([
        revalidateCourse(),
        revalidateMyCourses(),
        revalidateSchedule(),
        revalidateFreeSlots(),
        revalidateMyLessonRequests(),
      ]);
      onClose();
    } catch {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      onClose={onClose}
      title={mode === 'CANCEL' ? 'Cancel lesson' : 'Reschedule lesson'}
      onSave={submit}
      busy={busy}
      saveLabel={mode === 'CANCEL' ? 'Cancel lesson' : 'Reschedule'}
      saveDisabled={!ready}
      saveColorPalette={mode === 'CANCEL' ? 'red' : 'brand'}
      cancelLabel="Dismiss"
    >
      <Stack gap="4">
        <Text>
          {lesson.title} · {formatDateTime(lesson.start, zone)}
        </Text>
        {mode === 'RESCHEDULE' && (
          <>
            <Field.Root required>
              <Field.Label>
                New date
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="date"
                min={today(zone)}
                value={date}
                onChange={(event) => {
                  setDate(event.target.value);
                  setSlot('');
                }}
              />
            </Field.Root>
            <SlotPicker slots={slots?.docs} loading={isLoading} value={slot} onChange={setSlot} />
          </>
        )}
        <SelectField
          label="Reason"
          value={reason}
          onChange={(value) => setReason(choiceOf(changeReasons, value) ?? '')}
          placeholder="Select a reason"
          required
        >
          {changeReasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Reason category"
          value={category}
          onChange={(value) => setCategory(choiceOf(reasonCategories, value) ?? '')}
          placeholder="No category"
          helper="Optional: the kind of reason, for the school's records."
        >
          {reasonCategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <Field.Root>
          <Field.Label>Note</Field.Label>
          <Textarea value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">
          Changes close to the lesson, and a student's change to a group lesson, need an admin's approval; you
          will see whether it is done or sent.
        </Text>
      </Stack>
    </FormDialog>
  );
}
