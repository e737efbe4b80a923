import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Flex,
  HStack,
  IconButton,
  Menu,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import {
  LuArrowDown,
  LuArrowUp,
  LuBookOpen,
  LuCalendarClock,
  LuCalendarX,
  LuFileText,
  LuFolder,
  LuPencil,
  LuPlus,
  LuTrash2,
  LuVideo,
} from 'react-icons/lu';
import { Link } from 'react-router-dom';
import type { CourseDetail } from '../../../../../shared/routes/scheduling';
import { formatDuration } from '../../../../../shared/scheduling/durations';
import { isLessonKind, type SectionKind, type SectionTree } from '../../../../../shared/schemas/section';
import { AdminLessonChangeDialog } from '../../../components/admin/admin-lesson-change-dialog';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { type ChangeMode, canChangeLesson } from '../../../components/admin/lesson-change';
import { personLabel } from '../../../components/admin/person-picker';
import { kindLabels } from '../../../components/admin/section-kind-labels';
import { FormDialog } from '../../../components/form-dialog';
import { ClassTimingChip } from '../../../components/lessons/class-timing-chip';
import { SectionDialog, type SectionDialogState } from '../../../components/sections/section-dialog';
import { homeworkPath } from '../../../config/course-paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';
import { deleteCallOf, reorderUpdates } from './section-editor';

const kindIcons: Record<SectionKind, React.ReactNode> = {
  SECTION: <LuFolder />,
  TEAMS: <LuVideo />,
  ZOOM: <LuVideo />,
  RESOURCE: <LuFileText />,
  HOMEWORK: <LuBookOpen />,
};

const addChoices: Array<{ kind: SectionKind; label: string }> = [
  { kind: 'SECTION', label: 'Folder' },
  { kind: 'TEAMS', label: 'Lesson' },
  { kind: 'RESOURCE', label: 'Resource' },
  { kind: 'HOMEWORK', label: 'Homework' },
];

interface Actions {
  course: CourseDetail;
  /** The admin's zone: lesson times are entered and shown in it. */
  zone: string;
  canEdit: boolean;
  canDelete: boolean;
  busy: string | undefined;
  add: (kind: SectionKind, parent: string | null) => void;
  edit: (section: SectionTree) => void;
  remove: (section: SectionTree) => void;
  move: (siblings: SectionTree[], index: number, direction: -1 | 1) => void;
  toggleAudience: (section: SectionTree) => void;
  change: (section: SectionTree, mode: ChangeMode) => void;
}

function AddMenu({ parent, actions, label }: { parent: string | null; actions: Actions; label: string }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" aria-label={label}>
          <LuPlus /> Add
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {addChoices.map((choice) => (
              <Menu.Item
                key={choice.kind}
                value={choice.kind}
                onClick={() => actions.add(choice.kind, parent)}
              >
                {kindIcons[choice.kind]} {choice.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The second line of a row: what the section is about at a glance. */
function Details({ section, actions }: { section: SectionTree; actions: Actions }) {
  const { course } = actions;
  if (isLessonKind(section.kind)) {
    const tutor = course.tutors.find((t) => t.user._id === section.tutorId);
    return (
      <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
        <Text>
          {formatDateTime(section.start, actions.zone)} · {formatDuration(section.duration ?? 0)}
        </Text>
        <Text>· {tutor ? personLabel(tutor.user) : '-'}</Text>
        <ClassTimingChip lesson={section} />
      </HStack>
    );
  }
  if (section.kind === 'RESOURCE' && section.resource) {
    return (
      <ChakraLink href={section.resource.url} target="_blank" rel="noreferrer" fontSize="xs" color="brand.fg">
        {section.resource.fileName ?? section.resource.url}
      </ChakraLink>
    );
  }
  if (section.kind === 'HOMEWORK') {
    return (
      <HStack gap="2" fontSize="xs" color="fg.muted">
        <Text>
          {section.homework?.dueAt
            ? `Due ${formatDateTime(section.homework.dueAt, actions.zone)}`
            : 'No due date'}
        </Text>
        <ChakraLink asChild color="brand.fg">
          <Link to={homeworkPath(course._id, section._id)}>Submissions</Link>
        </ChakraLink>
      </HStack>
    );
  }
  return section.description ? (
    <Text fontSize="xs" color="fg.muted" lineClamp={1}>
      {section.description}
    </Text>
  ) : null;
}

function SectionRows({
  sections,
  depth,
  actions,
}: {
  sections: SectionTree[];
  depth: number;
  actions: Actions;
}) {
  return (
    <Stack gap="1.5" data-testid={depth === 0 ? 'section-tree' : undefined}>
      {sections.map((section, index) => (
        <Box key={section._id}>
          <Flex
            data-testid="section-row"
            data-kind={section.kind}
            align="center"
            gap="3"
            px="3"
            py="2"
            rounded="md"
            borderWidth="1px"
            bg={section.kind === 'SECTION' ? 'bg.muted' : 'bg'}
            opacity={section.status === 'CANCELLED' ? 0.6 : 1}
          >
            <Box color="fg.muted" fontSize="lg">
              {kindIcons[section.kind]}
            </Box>
            <Stack gap="0.5" flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" data-testid="section-title">
                  {section.title}
                </Text>
                <Badge size="sm" variant="outline">
                  {kindLabels[section.kind]}
                </Badge>
              </HStack>
              <Details section={section} actions={actions} />
            </Stack>
            <HStack gap="1" flexShrink={0}>
              <Button
                size="xs"
                variant="subtle"
                colorPalette={section.audience === 'TUTOR' ? 'orange' : 'teal'}
                disabled={!actions.canEdit || actions.busy === section._id}
                onClick={() => actions.toggleAudience(section)}
                aria-label={`Audience of ${section.title}: ${section.audience === 'TUTOR' ? 'tutors only' : 'students'}`}
                title="Who sees it: click to switch between students and tutors only"
              >
                {section.audience === 'TUTOR' ? 'Tutors only' : 'Students'}
              </Button>
              {actions.canEdit && canChangeLesson(section) && (
                <>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Reschedule ${section.title}`}
                    title="Reschedule"
                    onClick={() => actions.change(section, 'RESCHEDULE')}
                  >
                    <LuCalendarClock />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={`Cancel ${section.title}`}
                    title="Cancel lesson"
                    onClick={() => actions.change(section, 'CANCEL')}
                  >
                    <LuCalendarX />
                  </IconButton>
                </>
              )}
              {actions.canEdit && (
                <>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Move ${section.title} up`}
                    disabled={index === 0 || !!actions.busy}
                    onClick={() => actions.move(sections, index, -1)}
                  >
                    <LuArrowUp />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Move ${section.title} down`}
                    disabled={index === sections.length - 1 || !!actions.busy}
                    onClick={() => actions.move(sections, index, 1)}
                  >
                    <LuArrowDown />
                  </IconButton>
                  {section.kind === 'SECTION' && (
                    <AddMenu parent={section._id} actions={actions} label={`Add to ${section.title}`} />
                  )}
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`Edit ${section.title}`}
                    onClick={() => actions.edit(section)}
                  >
                    <LuPencil />
                  </IconButton>
                </>
              )}
              {actions.canDelete && (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Delete ${section.title}`}
                  onClick={() => actions.remove(section)}
                >
                  <LuTrash2 />
                </IconButton>
              )}
            </HStack>
          </Flex>
          {section.sections.length > 0 && (
            <Box pl="6" pt="1.5" borderLeftWidth="2px" ml="4">
              <SectionRows sections={section.sections} depth={depth + 1} actions={actions} />
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function DeleteSectionDialog({
  section,
  onClose,
  onDeleted,
}: {
  section: SectionTree;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const call = deleteCallOf(section.kind);
  const remove = async () => {
    setBusy(true);
    try {
      await callApi(call.routeId, { params: { id: section._id } });
    } catch (error) {
      // e.g. 409 "This section holds 2 upcoming lessons. Cancel them first." (also toasted)
      setRefusal(
        (error instanceof ApiError ? serverMessage(error.data) : undefined) ?? 'It could not be deleted',
      );
      setBusy(false);
      return;
    }
    toastSuccess(call.toast);
    onDeleted();
  };
  const holds = section.sections.length;
  return (
    <FormDialog
      onClose={onClose}
      role="alertdialog"
      title={`Delete ${kindLabels[section.kind].toLowerCase()}`}
      onSave={remove}
      busy={busy}
      saveLabel="Delete"
      saveColorPalette="red"
      saveDisabled={!!refusal}
    >
      <Stack gap="3">
        <Text>
          Delete <b>{section.title}</b>
          {holds > 0 ? ` and the ${holds} item${holds === 1 ? '' : 's'} inside it` : ''}? This cannot be
          undone.
        </Text>
        {refusal && (
          <Text color="red.600" _dark={{ color: 'red.300' }} role="alert">
            {refusal}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/**
 * The section editor: the course's tree (children in sortingKey order), with add, edit, delete, move up and
 * down, and the audience switch (STUDENT / TUTOR) of every section.
 */
export function ContentTab({
  course,
  reload,
  canEdit,
  canDelete,
}: {
  course: CourseDetail;
  reload: () => Promise<unknown>;
  canEdit: boolean;
  canDelete: boolean;
}) {
  // Lesson times are entered and shown in the admin's own zone.
  const zone = useAdminZone();
  const [dialog, setDialog] = useState<SectionDialogState | undefined>();
  const [deleting, setDeleting] = useState<SectionTree | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const [changing, setChanging] = useState<{ section: SectionTree; mode: ChangeMode } | undefined>();

  const actions: Actions = {
    course,
    zone,
    canEdit,
    canDelete,
    busy,
    add: (kind, parent) => setDialog({ mode: 'create', kind, parent }),
    edit: (section) => setDialog({ mode: 'edit', section }),
    remove: (section) => setDeleting(section),
    change: (section, mode) => setChanging({ section, mode }),
    move: async (siblings, index, direction) => {
      const updates = reorderUpdates(siblings, index, direction);
      setBusy(siblings[index]!._id);
      try {
        for (const update of updates) {
          await callApi('sections.adminUpdate', {
            params: { id: update._id },
            body: { sortingKey: update.sortingKey },
          });
        }
      } catch {
        // Toasted; the reload shows what was saved.
      } finally {
        await reload();
        setBusy(undefined);
      }
    },
    toggleAudience: async (section) => {
      setBusy(section._id);
      try {
        await callApi('sections.adminUpdate', {
          params: { id: section._id },
          body: { audience: section.audience === 'TUTOR' ? 'STUDENT' : 'TUTOR' },
        });
        toastSuccess(isLessonKind(section.kind) ? 'Lesson Updated' : 'Section Updated');
      } catch {
        // Toasted by the API client.
      } finally {
        await reload();
        setBusy(undefined);
      }
    },
  };

  const sections = course.sections ?? [];
  return (
    <Stack gap="4" pt="2">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text color="fg.muted" fontSize="sm">
          {sections.length === 0
            ? 'No content yet: add a folder, a lesson, a resource or homework.'
            : `Students see what is marked Students; Tutors only stays with the course’s tutors. Times in ${zone}.`}
        </Text>
        {canEdit && (
          <HStack gap="2" wrap="wrap">
            {addChoices.map((choice) => (
              <Button
                key={choice.kind}
                size="sm"
                variant="outline"
                onClick={() => actions.add(choice.kind, null)}
              >
                {kindIcons[choice.kind]} Add {choice.label.toLowerCase()}
              </Button>
            ))}
          </HStack>
        )}
      </Flex>
      <SectionRows sections={sections} depth={0} actions={actions} />
      {dialog && (
        <SectionDialog
          state={dialog}
          course={course}
          zone={zone}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            void reload();
          }}
        />
      )}
      {changing && (
        <AdminLessonChangeDialog
          lesson={changing.section}
          mode={changing.mode}
          zone={zone}
          tutors={course.tutors
            .filter((t) => t.status === 'ENABLE')
            .map((t) => ({ _id: t.user._id, label: personLabel(t.user) }))}
          onClose={() => setChanging(undefined)}
          onDone={() => {
            setChanging(undefined);
            void reload();
          }}
        />
      )}
      {deleting && (
        <DeleteSectionDialog
          section={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            setDeleting(undefined);
            void reload();
          }}
        />
      )}
    </Stack>
  );
}
