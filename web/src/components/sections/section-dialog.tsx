import { Field, Input, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { isValidUrl } from '../../../../shared/rules/url';
import { formatDuration, lessonDurationChoices } from '../../../../shared/scheduling/durations';
import { isLessonKind, type SectionKind, type SectionTree } from '../../../../shared/schemas/section';
import { runtimeConfig } from '../../config/runtime-config';
import { ApiError, callApi } from '../../lib/api-client';
import { errorToastMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { canUploadFiles, type UploadedFile, uploadFile } from '../../lib/upload-file';
import { zonedInstant } from '../../lib/zoned-dates';
import { personLabel } from '../admin/person-picker';
import { FormDialog } from '../form-dialog';
import { FormField } from '../form-field';
import {
  noRepeat,
  type Repeats,
  RepeatsControl,
  recurrenceOf,
  repeatsPreview,
  SeriesClashes,
  useTutorTimeZone,
} from '../lessons/repeats-control';
import { SelectField } from '../select-field';
import { dateInZone, dueAtOf, type EditorScope, saveCallOf } from './section-save';

export type SectionDialogState =
  | { mode: 'create'; kind: SectionKind; parent: string | null }
  | { mode: 'edit'; section: SectionTree };

interface Values {
  title: string;
  description: string;
  // lessons
  lessonKind: 'TEAMS' | 'ZOOM';
  date: string;
  time: string;
  duration: string;
  tutorId: string;
  billing: 'BILLABLE' | 'NON_BILLABLE';
  // resources
  source: 'file' | 'link';
  url: string;
  file?: File | undefined;
  // homework
  instructions: string;
  dueDate: string;
}

const nouns: Record<SectionKind, string> = {
  SECTION: 'folder',
  TEAMS: 'lesson',
  ZOOM: 'lesson',
  RESOURCE: 'resource',
  HOMEWORK: 'homework',
};

function initialValues(state: SectionDialogState, course: CourseDetail, zone: string): Values {
  const section = state.mode === 'edit' ? state.section : undefined;
  const firstTutor = course.tutors.find((t) => t.status === 'ENABLE');
  return {
    title: section?.title ?? '',
    description: section?.description ?? '',
    lessonKind: section?.kind === 'ZOOM' ? 'ZOOM' : 'TEAMS',
    date: '',
    time: '',
    duration: String(course.lessonDuration),
    tutorId: firstTutor?.user._id ?? '',
    billing: section?.billing ?? 'BILLABLE',
    source: section?.resource && !section.resource.fileName ? 'link' : canUploadFiles() ? 'file' : 'link',
    url: section?.resource && !section.resource.fileName ? section.resource.url : '',
    instructions: section?.homework?.instructions ?? '',
    dueDate: dateInZone(section?.homework?.dueAt, zone),
  };
}

/**
 * Create or edit one section of the tree: a folder, a live lesson (date and time in the admin's zone, a
 * duration of the stage's choices, one of the course's tutors), a resource (an uploaded file or a link) or
 * homework (instructions and a due date). The server's answer to a refused save (a taken time: 409) is
 * shown in the dialog as well as toasted. A course's tutor (tutor edit mode, `scope="tutor"`) adds and
 * edits folders, resources and homework with the tutor calls; lessons stay with the back-office.
 */
export function SectionDialog({
  state,
  course,
  zone,
  scope = 'admin',
  onClose,
  onSaved,
}: {
  state: SectionDialogState;
  course: CourseDetail;
  zone: string;
  scope?: EditorScope;
  onClose: () => void;
  onSaved: () => void;
}) {
  const kind = state.mode === 'edit' ? state.section.kind : state.kind;
  const editing = state.mode === 'edit' ? state.section : undefined;
  const [values, setValues] = useState<Values>(() => initialValues(state, course, zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [repeats, setRepeats] = useState<Repeats>(noRepeat);
  const tutorZone = useTutorTimeZone(
    isLessonKind(kind) && !editing && values.tutorId ? values.tutorId : undefined,
    zone,
  );
  const firstStart = values.date && values.time ? zonedInstant(values.date, values.time, zone) : undefined;
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const tutors = course.tutors.filter((t) => t.status === 'ENABLE');
  const durations = lessonDurationChoices(runtimeConfig().stage);
  const lesson = isLessonKind(kind);

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!values.title.trim()) found.title = 'Title is required';
    if (lesson && !editing) {
      if (!values.date) found.date = 'Choose a date';
      if (!values.time) found.time = 'Choose a time';
      else if (values.date && !zonedInstant(values.date, values.time, zone))
        found.time = 'Choose a valid time';
      if (!values.tutorId) found.tutorId = 'Add a tutor to the course first';
      const series = repeatsPreview(repeats, firstStart, Number(values.duration), tutorZone);
      if (series && 'error' in series) found.repeats = series.error;
    }
    if (kind === 'RESOURCE') {
      if (values.source === 'link') {
        if (!values.url.trim()) found.url = 'A link is required';
        else if (!isValidUrl(values.url)) found.url = 'Enter a valid link';
      } else if (!values.file && !editing?.resource) found.file = 'Choose a file';
    }
    return found;
  };

  /** The resource part of the body: the link, a freshly uploaded file, or nothing (keep the stored file). */
  const resourceBody = async (): Promise<UploadedFile | { url: string } | undefined | null> => {
    if (values.source === 'link') {
      const url = values.url.trim();
      return { url: /^https?:\/\//i.test(url) ? url : `https://${url}` };
    }
    if (!values.file) return undefined;
    const uploaded = await uploadFile(values.file, 'resource');
    return uploaded ?? null;
  };

  const save = async () => {
    const found = check();
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const base = { title: values.title.trim(), description: values.description.trim() };
    try {
      if (lesson) {
        const verb = values.lessonKind === 'ZOOM' ? 'zoom' : 'teams';
        const label = values.lessonKind === 'ZOOM' ? 'Zoom Meeting' : 'Teams Meeting';
        if (editing) {
          await callApi(`meetings.${editing.kind === 'ZOOM' ? 'zoom' : 'teams'}AdminUpdate`, {
            params: { id: editing._id },
            body: { ...base, billing: values.billing },
          });
          toastSuccess(editing.kind === 'ZOOM' ? 'Zoom Meeting Updated' : 'Teams Meeting Updated');
        } else {
          const start = zonedInstant(values.date, values.time, zone);
          if (!start) {
            // Not reached: `check` refused a missing or invalid date and time.
            setBusy(false);
            return;
          }
          await callApi(`meetings.${verb}AdminCreate`, {
            body: {
              ...base,
              course: course._id,
              parent: state.mode === 'create' ? state.parent : null,
              billing: values.billing,
              start,
              duration: Number(values.duration),
              tutorId: values.tutorId,
              ...(recurrenceOf(repeats) ? { recurrence: recurrenceOf(repeats) } : {}),
            },
          });
          toastSuccess(`${label} Added`);
        }
      } else if (kind === 'RESOURCE') {
        const resource = await resourceBody();
        if (resource === null) {
          setBusy(false); // the upload failed and said why
          return;
        }
        if (editing) {
          await callApi(saveCallOf('RESOURCE', 'edit', scope), {
            params: { id: editing._id },
            body: { ...base, ...(resource ? { resource } : {}) },
          });
          toastSuccess('Resource Updated');
        } else {
          await callApi(saveCallOf('RESOURCE', 'create', scope), {
            body: {
              ...base,
              course: course._id,
              parent: state.mode === 'create' ? state.parent : null,
              resource,
            },
          });
          toastSuccess('Resource Added');
        }
      } else if (kind === 'HOMEWORK') {
        const homework = { instructions: values.instructions.trim(), dueAt: dueAtOf(values.dueDate, zone) };
        if (editing) {
          await callApi(saveCallOf('HOMEWORK', 'edit', scope), {
            params: { id: editing._id },
            body: { ...base, homework },
          });
          toastSuccess('Homework Updated');
        } else {
          await callApi(saveCallOf('HOMEWORK', 'create', scope), {
            body: {
              ...base,
              course: course._id,
              parent: state.mode === 'create' ? state.parent : null,
              homework,
            },
          });
          toastSuccess('Homework Added');
        }
      } else if (editing) {
        await callApi(saveCallOf('SECTION', 'edit', scope), { params: { id: editing._id }, body: base });
        toastSuccess('Section Updated');
      } else {
        await callApi(saveCallOf('SECTION', 'create', scope), {
          body: {
            ...base,
            kind: 'SECTION',
            course: course._id,
            parent: state.mode === 'create' ? state.parent : null,
          },
        });
        toastSuccess('Section Added');
      }
    } catch (error) {
      // Toasted by the API client too; kept here beside the input it is about.
      setServerError(
        error instanceof ApiError ? errorToastMessage(error.data, error.message) : 'Something went wrong',
      );
      setBusy(false);
      return;
    }
    setBusy(false);
    onSaved();
  };

  const noun = nouns[kind];
  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={`${editing ? 'Edit' : 'New'} ${noun}`}
      onSave={save}
      busy={busy}
    >
      <Stack gap="4">
        <FormField
          label="Title"
          required
          value={values.title}
          error={errors.title}
          onValueChange={(v) => set('title', v)}
        />
        <FormField
          label="Description"
          multiline
          value={values.description}
          onValueChange={(v) => set('description', v)}
        />
        {lesson && editing && (
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(editing.start, zone)} · its time and tutor change through Reschedule on its row.
          </Text>
        )}
        {lesson && !editing && (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <SelectField
                label="Meeting"
                value={values.lessonKind}
                onChange={(v) => set('lessonKind', v as Values['lessonKind'])}
              >
                <option value="TEAMS">Teams meeting</option>
                <option value="ZOOM">Zoom meeting</option>
              </SelectField>
              <SelectField
                label="Tutor"
                required
                value={values.tutorId}
                error={errors.tutorId}
                placeholder={tutors.length ? undefined : 'No tutors on this course'}
                onChange={(v) => set('tutorId', v)}
              >
                {tutors.map((t) => (
                  <option key={t.user._id} value={t.user._id}>
                    {personLabel(t.user)}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <FormField
                label="Date"
                type="date"
                required
                value={values.date}
                error={errors.date}
                onValueChange={(v) => set('date', v)}
              />
              <FormField
                label="Time"
                type="time"
                step={900}
                required
                value={values.time}
                error={errors.time}
                onValueChange={(v) => set('time', v)}
              />
              <SelectField label="Duration" value={values.duration} onChange={(v) => set('duration', v)}>
                {durations.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {formatDuration(minutes)}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              Times are in {zone}. The course's enrolled students are invited.
            </Text>
            <RepeatsControl
              value={repeats}
              onChange={setRepeats}
              start={firstStart}
              durationMinutes={Number(values.duration)}
              zone={tutorZone}
            />
          </>
        )}
        {lesson && (
          <SelectField
            label="Billing"
            value={values.billing}
            onChange={(v) => set('billing', v as Values['billing'])}
          >
            <option value="BILLABLE">Billable</option>
            <option value="NON_BILLABLE">Non-billable</option>
          </SelectField>
        )}
        {kind === 'RESOURCE' && (
          <>
            <RadioGroup.Root
              value={values.source}
              onValueChange={(e) => set('source', e.value as Values['source'])}
              aria-label="Resource source"
            >
              <Stack direction="row" gap="5">
                <RadioGroup.Item value="file">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Upload a file</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="link">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Link</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Stack>
            </RadioGroup.Root>
            {values.source === 'link' ? (
              <FormField
                label="Link URL"
                required
                placeholder="https://…"
                value={values.url}
                error={errors.url}
                onValueChange={(v) => set('url', v)}
              />
            ) : (
              <Field.Root invalid={!!errors.file} required={!editing}>
                <Field.Label>File</Field.Label>
                <Input
                  type="file"
                  p="1"
                  onChange={(e) => set('file', e.target.files?.[0])}
                  aria-label="File"
                />
                {editing?.resource?.fileName && (
                  <Field.HelperText>
                    Now: {editing.resource.fileName} (choose a file to replace it)
                  </Field.HelperText>
                )}
                {errors.file && <Field.ErrorText>{errors.file}</Field.ErrorText>}
              </Field.Root>
            )}
          </>
        )}
        {kind === 'HOMEWORK' && (
          <>
            <FormField
              label="Instructions"
              multiline
              value={values.instructions}
              onValueChange={(v) => set('instructions', v)}
            />
            <FormField
              label="Due date"
              type="date"
              value={values.dueDate}
              onValueChange={(v) => set('dueDate', v)}
              helper={`Due at the end of the day (${zone}); leave empty for no due date.`}
            />
          </>
        )}
        {serverError &&
          (serverError.startsWith('The series was not booked') ? (
            <SeriesClashes message={serverError} />
          ) : (
            <Text color="red.600" _dark={{ color: 'red.300' }} role="alert">
              {serverError}
            </Text>
          ))}
      </Stack>
    </FormDialog>
  );
}
