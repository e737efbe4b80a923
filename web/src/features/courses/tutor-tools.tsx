import {
  Badge,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  Link,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuBookOpen, LuFileText, LuPencil } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { type CourseTutorFeature, courseTutorMay } from '../../../../shared/permissions/check';
import type { CourseDetail } from '../../../../shared/routes/scheduling';
import { MAX_PAGE_SIZE } from '../../../../shared/schemas/paging';
import type { SectionTree } from '../../../../shared/schemas/section';
import { homeworkPath } from '../../config/course-paths';
import { callApi, useApi } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { deviceTimeZone } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';
import { isActiveCourseTutor, useTutorMode } from '../../lib/tutor-mode';
import { submissionSummary } from './homework-summary';

type DialogModule = typeof import('../../components/sections/section-dialog');
let dialogModule: Promise<DialogModule> | undefined;

/**
 * The section dialog (upload, due dates) loads once a tutor is in edit mode on their course, not before.
 * It is imported by hand rather than with React.lazy: revealing the dialog from a Suspense boundary moved
 * focus out of it and back (seen in Chromium with the resource form), which the dialog took for an
 * interaction outside and closed itself at once.
 */
function useSectionDialog(): DialogModule['SectionDialog'] | undefined {
  const [loaded, setLoaded] = useState<DialogModule>();
  useEffect(() => {
    dialogModule ??= import('../../components/sections/section-dialog');
    let live = true;
    dialogModule.then((m) => live && setLoaded(m)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return loaded?.SectionDialog;
}

/** What the tutor modes allow on this course page, for the signed-in user. */
export interface TutorTools {
  course: CourseDetail;
  /** Tutor edit mode is on and the user is one of this course's tutors. */
  editing: boolean;
  /** Tutor homework mode is on and the user is one of this course's tutors. */
  homework: boolean;
  /** Whether the tutor role the user holds on this course allows a feature (the server holds them to it). */
  may: (feature: CourseTutorFeature) => boolean;
  reload: () => Promise<unknown>;
}

export function useTutorTools(course: CourseDetail, reload: () => Promise<unknown>): TutorTools {
  const session = useSession();
  const editMode = useTutorMode('edit');
  const homeworkMode = useTutorMode('homework');
  const ownCourse = isActiveCourseTutor(session?.user, course.tutors);
  return {
    course,
    editing: editMode.active && ownCourse,
    homework: homeworkMode.active && ownCourse,
    may: (feature) => courseTutorMay(course.tutorRole?.permissions, [feature]),
    reload,
  };
}

const kindNames = { SECTION: 'Section', RESOURCE: 'Resource', HOMEWORK: 'Homework' } as const;

/**
 * "Add resource" (an uploaded file or a link) and "Add homework", at the top of the course or inside a
 * folder (`parent`), through the tutor's own calls.
 */
export function AddContentButtons({
  tools,
  parent,
  folderTitle,
}: {
  tools: TutorTools;
  parent: string | null;
  folderTitle?: string;
}) {
  const session = useSession();
  const SectionDialog = useSectionDialog();
  const [adding, setAdding] = useState<'RESOURCE' | 'HOMEWORK' | undefined>();
  const inFolder = folderTitle ? ` to ${folderTitle}` : '';
  // Each button as the tutor role allows: a resource is one feature, homework a section of the course.
  const resources = tools.may('resourceCreate');
  const homework = tools.may('sectionCreate');
  if (!resources && !homework) return null;
  return (
    <HStack gap="2" wrap="wrap">
      {resources && (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Add resource${inFolder}`}
          onClick={() => setAdding('RESOURCE')}
        >
          <LuFileText /> Add resource
        </Button>
      )}
      {homework && (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Add homework${inFolder}`}
          onClick={() => setAdding('HOMEWORK')}
        >
          <LuBookOpen /> Add homework
        </Button>
      )}
      {adding && SectionDialog && (
        <SectionDialog
          state={{ mode: 'create', kind: adding, parent }}
          course={tools.course}
          // Due dates are entered in the tutor's own zone.
          zone={session?.user.timezone || deviceTimeZone()}
          scope="tutor"
          onClose={() => setAdding(undefined)}
          onSaved={() => {
            setAdding(undefined);
            void tools.reload();
          }}
        />
      )}
    </HStack>
  );
}

export function EditInPlaceButton({ section, onClick }: { section: SectionTree; onClick: () => void }) {
  return (
    <IconButton size="xs" variant="ghost" aria-label={`Edit ${section.title}`} onClick={onClick}>
      <LuPencil />
    </IconButton>
  );
}

/** A section's title and description edited where they are shown (PUT /sections/{id}, the tutor's call). */
export function InPlaceEditor({
  section,
  tools,
  onDone,
}: {
  section: SectionTree;
  tools: TutorTools;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(section.title);
  const [description, setDescription] = useState(section.description);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const kind = section.kind === 'RESOURCE' || section.kind === 'HOMEWORK' ? section.kind : 'SECTION';

  const save = async () => {
    if (!title.trim()) {
      setError('Title is required');
      return;
    }
    setBusy(true);
    try {
      await callApi('sections.update', {
        params: { id: section._id },
        body: { title: title.trim(), description: description.trim() },
      });
    } catch {
      // Toasted by the API client (e.g. someone else saved it meanwhile); the input stays.
      setBusy(false);
      return;
    }
    toastSuccess(`${kindNames[kind]} Updated`);
    await tools.reload();
    setBusy(false);
    onDone();
  };

  return (
    <Stack
      gap="3"
      p="3"
      borderWidth="1px"
      borderColor="orange.muted"
      rounded="md"
      bg="bg"
      data-testid="in-place-editor"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <Field.Root invalid={!!error} required>
        <Field.Label>Title</Field.Label>
        <Input
          value={title}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Field.Root>
        <Field.Label>Description</Field.Label>
        <Textarea rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field.Root>
      <HStack gap="2">
        <Button size="sm" loading={busy} onClick={save}>
          Save
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

/** Tutor homework mode: how many handed the homework in, how many wait for review, and the review page. */
export function HomeworkSubmissions({ section, tools }: { section: SectionTree; tools: TutorTools }) {
  const { data } = useApi(['homework.list', { query: { section: section._id, limit: MAX_PAGE_SIZE } }]);
  const summary = data ? submissionSummary(data) : undefined;
  return (
    <HStack gap="2" data-testid="homework-submissions">
      {summary ? (
        <Badge colorPalette={summary.toReview > 0 ? 'orange' : 'gray'}>{summary.label}</Badge>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Counting submissions…
        </Text>
      )}
      <Link asChild color="brand.fg" fontSize="sm">
        <RouterLink to={homeworkPath(tools.course._id, section._id)}>Review submissions</RouterLink>
      </Link>
    </HStack>
  );
}
