import { Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { changeReasons, changeToast, reasonCategories } from '../../../../shared/scheduling/lesson-changes';
import { cancelLesson, rescheduleLesson } from '../../lib/api/change-lesson';
import { revalidateCourse, revalidateMyCourses } from '../../lib/api/courses';
import { revalidateFreeSlots } from '../../lib/api/free-slots';
import { revalidateMyLessonRequests } from '../../lib/api/lesson-requests';
import { revalidateSchedule } from '../../lib/api/schedule';
import { choiceOf } from '../../lib/choice';
import { useSession } from '../../lib/session';
import { deviceTimeZone, formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { BookingSchedule } from '../booking/booking-schedule';
import { FormDialog } from '../form-dialog';
import { SelectField } from '../select-field';
import { type Scope, ScopeChoice } from './repeats-control';
import { useRescheduleSchedule } from './use-reschedule-schedule';

export interface ChangeableLesson {
  _id: string;
  kind: string;
  title: string;
  start: string;
  tutorId: string;
  /** Set on a lesson of a repeating series: its tutor may change the following lessons too. */
  seriesId?: string | undefined;
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
  const [reason, setReason] = useState<(typeof changeReasons)[number] | ''>('');
  const [category, setCategory] = useState<(typeof reasonCategories)[number] | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [scope, setScope] = useState<Scope>('ONE');
  const session = useSession();
  // The rest of a series is its tutor's (or an admin's) to change; a student changes one lesson.
  const seriesChoice = Boolean(lesson.seriesId) && session?.user._id === lesson.tutorId;
  // The booking dialogs' calendar, on the lesson's month, its own time never offered.
  const schedule = useRescheduleSchedule({
    lesson,
    tutorId: lesson.tutorId,
    initialZone: deviceTimeZone(),
    active: mode === 'RESCHEDULE',
  });
  const { zone, slot } = schedule;
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
        ...(seriesChoice ? { scope } : {}),
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
      size={mode === 'RESCHEDULE' ? 'xl' : 'md'}
    >
      <Stack gap="4">
        <Text>
          {lesson.title} · {formatDateTime(lesson.start, zone)}
        </Text>
        {seriesChoice && <ScopeChoice value={scope} onChange={setScope} />}
        {mode === 'RESCHEDULE' && (
          <BookingSchedule
            {...schedule}
            timesLabel="Free times"
            noTimes={
              <Text color="fg.muted" role="status">
                Your tutor has no free time in the coming weeks. Cancel the lesson instead, or ask the school
                to find a time.
              </Text>
            }
          />
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
