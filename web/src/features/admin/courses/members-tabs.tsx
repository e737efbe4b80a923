import { Badge, Button, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import type { VerifyDeleteResult } from '../../../../../shared/routes/crud';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import {
  type CourseMember,
  courseTutorTypes,
  enrolments,
  enrolmentTypes,
} from '../../../../../shared/schemas/course';
import { DEFAULT_TUTOR_ROLE_ID, DEFAULT_TUTOR_ROLE_NAME } from '../../../../../shared/schemas/tutor-role';
import {
  type AdminListOptions,
  AdminListPage,
  type AdminListQuery,
  type AdminResource,
  type ListControls,
  listRead,
} from '../../../components/admin/admin-list-page';
import { PersonSelect, personLabel } from '../../../components/admin/person-picker';
import { FormDialog } from '../../../components/form-dialog';
import { SelectField } from '../../../components/select-field';
import { type ApiBody, callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toaster';

const tutorTypeLabels = enumLabels.courseTutorType;
const enrolmentTypeLabels = enumLabels.enrolmentType;
const enrolmentLabels = enumLabels.enrolment;

const personColumns = [
  {
    key: 'name',
    label: 'Name',
    render: (member: CourseMember) => <Text fontWeight="medium">{personLabel(member.user)}</Text>,
  },
  { key: 'email', label: 'E-mail', render: (member: CourseMember) => member.user.email },
];

// ---- Tutors -------------------------------------------------------------------------------------------

interface TutorInput {
  /** Set when editing: only the type and the tutor role change then. */
  memberId?: string;
  tutor: string;
  type: (typeof courseTutorTypes)[number];
  /** The tutor role held on the course; the default (Editor) when empty. */
  tutorRoleId: string;
}

/** The tenant's tutor roles, for the tutor dialog and the Tutor role column (one read, shared by SWR). */
function useTutorRoles() {
  const session = useSession();
  const allowed = canCall(session?.user, 'tutor-roles.list');
  return {
    allowed,
    roles: useApi(allowed ? ['tutor-roles.list', { query: { limit: 100 } }] : null).data?.docs,
  };
}

function TutorRoleName({ id }: { id: string | undefined }) {
  const { roles } = useTutorRoles();
  const held = id ?? DEFAULT_TUTOR_ROLE_ID;
  return <>{roles?.find((role) => role._id === held)?.name ?? (id ? '-' : DEFAULT_TUTOR_ROLE_NAME)}</>;
}

function TutorRoleSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { allowed, roles } = useTutorRoles();
  if (!allowed) return null;
  return (
    <SelectField
      label="Tutor role"
      value={value || DEFAULT_TUTOR_ROLE_ID}
      onChange={onChange}
      helper="What the tutor may do on this course (Admin > Tutor roles)."
    >
      {(roles ?? []).map((role) => (
        <option key={role._id} value={role._id}>
          {role.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The list read of a course's tutors: the list page's `useList` hook for that course. */
const tutorsOfCourse = (courseId: string) =>
  function useCourseTutors(query: AdminListQuery, options: AdminListOptions) {
    return listRead(useApi(['courseTutors.list', { query: { ...query, course: courseId } }], options));
  };

/** The tutor dialog's body: all of it adds a tutor; an edit sends the type and the tutor role only. */
type TutorBody = ApiBody<'courseTutors.create'> & Pick<TutorInput, 'type'>;

type RemovalMode = 'DELETE' | 'DISABLE';

/**
 * Removing a tutor (spec 001 section 4): DELETE takes them off the course, DISABLE keeps them listed but
 * disabled. Either waits for verify-delete, which refuses while lessons with them are still to come.
 */
function RemoveTutorDialog({
  member,
  onClose,
  onDone,
}: {
  member: CourseMember;
  onClose: () => void;
  onDone: () => void;
}) {
  const [mode, setMode] = useState<RemovalMode>('DELETE');
  const [check, setCheck] = useState<VerifyDeleteResult | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    setCheck(undefined);
    callApi('courseTutors.verifyDelete', {
      params: { id: member._id },
      query: { type: mode },
    }).then(
      (result) => current && setCheck(result),
      () => current && onClose(),
    );
    return () => {
      current = false;
    };
  }, [member._id, mode, onClose]);
  const remove = async () => {
    setBusy(true);
    try {
      await callApi('courseTutors.delete', {
        params: { id: member._id },
        query: { course: member.course, mode },
      });
    } catch {
      setBusy(false);
      return;
    }
    toastSuccess(mode === 'DELETE' ? 'Tutor Deleted' : 'Tutor Updated');
    onDone();
  };
  return (
    <FormDialog
      onClose={onClose}
      role="alertdialog"
      title={`Remove ${personLabel(member.user)}`}
      onSave={remove}
      busy={busy}
      saveLabel={mode === 'DELETE' ? 'Delete' : 'Disable'}
      saveColorPalette="red"
      saveDisabled={!check?.canDelete}
    >
      <Stack gap="4">
        <RadioGroup.Root
          value={mode}
          onValueChange={(e) => setMode(e.value as RemovalMode)}
          aria-label="Removal"
        >
          <Stack gap="2">
            <RadioGroup.Item value="DELETE">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>Delete from this course</RadioGroup.ItemText>
            </RadioGroup.Item>
            <RadioGroup.Item value="DISABLE">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>Keep on the course, disabled</RadioGroup.ItemText>
            </RadioGroup.Item>
          </Stack>
        </RadioGroup.Root>
        {!check ? (
          <Text color="fg.muted">Checking whether the tutor can be removed…</Text>
        ) : (
          <Text
            data-testid="verify-delete"
            color={check.canDelete ? undefined : 'red.600'}
            _dark={check.canDelete ? undefined : { color: 'red.300' }}
          >
            {check.message}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

function TutorRowActions({
  member,
  list,
  onChanged,
}: {
  member: CourseMember;
  list: ListControls<CourseMember>;
  onChanged: () => void;
}) {
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const enabled = member.status === 'ENABLE';
  const toggle = async () => {
    setBusy(true);
    try {
      const updated = await callApi('courseTutors.update', {
        params: { id: member._id },
        body: { action: enabled ? 'DISABLE' : 'ENABLE' },
      });
      toastSuccess('Tutor Updated');
      list.replace(updated);
      onChanged();
    } catch {
      // Toasted (e.g. upcoming lessons keep the tutor enabled).
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="outline" loading={busy} onClick={toggle}>
        {enabled ? 'Disable' : 'Enable'}
      </Button>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setRemoving(true)}>
        Remove
      </Button>
      {removing && (
        <RemoveTutorDialog
          member={member}
          onClose={() => setRemoving(false)}
          onDone={() => {
            setRemoving(false);
            void list.reload();
            onChanged();
          }}
        />
      )}
    </>
  );
}

/** The course's tutors: add (people picker), change type, enable/disable, remove after verify-delete. */
/** `onCourse`: the people already on the course (any status), left out of the "New" picker. */
export function TutorsTab({
  courseId,
  onChanged,
  onCourse,
}: {
  courseId: string;
  onChanged: () => void;
  onCourse: string[];
}) {
  const onCourseKey = onCourse.join(',');
  const config = useMemo<AdminResource<CourseMember, TutorInput, TutorBody>>(
    () => ({
      useList: tutorsOfCourse(courseId),
      title: 'Tutors',
      // The course page's tabs keep their lists' states apart in its address.
      urlPrefix: 'tutors.',
      label: 'tutor',
      searchable: false,
      messages: { created: 'Tutor Added', updated: 'Tutor Updated' },
      onChanged,
      rowLabel: (member) => personLabel(member.user),
      columns: [
        ...personColumns,
        {
          key: 'type',
          label: 'Type',
          render: (member) => (
            <Badge colorPalette={member.type === 'PRIMARY' ? 'brand' : 'gray'}>
              {member.type ? tutorTypeLabels[member.type] : '-'}
            </Badge>
          ),
        },
        {
          key: 'status',
          label: 'Status',
          render: (member) => (
            <Badge colorPalette={member.status === 'ENABLE' ? 'green' : 'red'}>
              {member.status === 'ENABLE' ? 'Enabled' : 'Disabled'}
            </Badge>
          ),
        },
        {
          key: 'tutorRoleId',
          label: 'Tutor role',
          render: (member) => <TutorRoleName id={member.tutorRoleId} />,
        },
        { key: 'createdAt', label: 'Added', render: (member) => formatDate(member.createdAt) },
      ],
      rowActions: (member, list) => <TutorRowActions member={member} list={list} onChanged={onChanged} />,
      emptyInput: () => ({ tutor: '', type: 'PRIMARY', tutorRoleId: '' }),
      toInput: (member) => ({
        memberId: member._id,
        tutor: member.user._id,
        type: member.type ?? 'PRIMARY',
        tutorRoleId: member.tutorRoleId ?? '',
      }),
      validate: (value) => {
        // An edit keeps the tutor (only the type and role change); a new one must be chosen.
        if (!value.memberId && !value.tutor) return { ok: false, errors: { tutor: 'Choose a tutor' } };
        return {
          ok: true,
          body: {
            course: courseId,
            tutor: value.tutor,
            type: value.type,
            ...(value.tutorRoleId ? { tutorRoleId: value.tutorRoleId } : {}),
          },
        };
      },
      create: (body) => callApi('courseTutors.create', { body }),
      update: (id, { type, tutorRoleId }) =>
        callApi('courseTutors.update', {
          params: { id },
          body: { type, ...(tutorRoleId ? { tutorRoleId } : {}) },
        }),
      renderForm: (value, onChange, errors) => (
        <Stack gap="4">
          {!value.memberId && (
            <PersonSelect
              label="Tutor"
              userTypes="tutor"
              exclude={onCourseKey.split(',')}
              required
              value={value.tutor}
              error={errors.tutor}
              onChange={(tutor) => onChange({ ...value, tutor })}
            />
          )}
          <SelectField
            label="Tutor type"
            value={value.type}
            onChange={(type) => onChange({ ...value, type: type as TutorInput['type'] })}
          >
            {courseTutorTypes.map((type) => (
              <option key={type} value={type}>
                {tutorTypeLabels[type]}
              </option>
            ))}
          </SelectField>
          <TutorRoleSelect
            value={value.tutorRoleId}
            onChange={(tutorRoleId) => onChange({ ...value, tutorRoleId })}
          />
        </Stack>
      ),
    }),
    [courseId, onChanged, onCourseKey],
  );
  return <AdminListPage config={config} />;
}

// ---- Students -----------------------------------------------------------------------------------------

interface StudentInput {
  memberId?: string;
  student: string;
  type: (typeof enrolmentTypes)[number];
  status: (typeof enrolments)[number];
}

/** The list read of a course's students: the list page's `useList` hook for that course. */
const studentsOfCourse = (courseId: string) =>
  function useCourseStudents(query: AdminListQuery, options: AdminListOptions) {
    return listRead(useApi(['courseStudents.list', { query: { ...query, course: courseId } }], options));
  };

/** The student dialog's body: course, student and type enrol one; an edit sends the type and enrolment. */
type StudentBody = ApiBody<'courseStudents.create'> & Pick<StudentInput, 'type' | 'status'>;

/** The course's students: enrol (people picker), change the enrolment or its type, remove. */
export function StudentsTab({
  courseId,
  onChanged,
  onCourse,
}: {
  courseId: string;
  onChanged: () => void;
  onCourse: string[];
}) {
  const onCourseKey = onCourse.join(',');
  const config = useMemo<AdminResource<CourseMember, StudentInput, StudentBody>>(
    () => ({
      useList: studentsOfCourse(courseId),
      delete: (id) => callApi('courseStudents.delete', { params: { id } }),
      title: 'Students',
      // The course page's tabs keep their lists' states apart in its address.
      urlPrefix: 'students.',
      label: 'student',
      searchable: false,
      messages: { created: 'Student Added', updated: 'Student Updated', deleted: 'Student Deleted' },
      onChanged,
      rowLabel: (member) => personLabel(member.user),
      columns: [
        ...personColumns,
        {
          key: 'enrolment',
          label: 'Enrolment',
          render: (member) => (
            <Badge colorPalette={member.enrolment === 'ENROLLED' ? 'green' : 'gray'}>
              {enrolmentLabels[member.enrolment]}
            </Badge>
          ),
        },
        {
          key: 'enrolmentType',
          label: 'Type',
          render: (member) => (member.enrolmentType ? enrolmentTypeLabels[member.enrolmentType] : '-'),
        },
        { key: 'createdAt', label: 'Added', render: (member) => formatDate(member.createdAt) },
      ],
      emptyInput: () => ({ student: '', type: 'ONETIME', status: 'ENROLLED' }),
      toInput: (member) => ({
        memberId: member._id,
        student: member.user._id,
        type: member.enrolmentType ?? 'ONETIME',
        status: member.enrolment,
      }),
      validate: (value) => {
        // An edit keeps the student (its enrolment and type change); a new one must be chosen.
        if (!value.memberId && !value.student) return { ok: false, errors: { student: 'Choose a student' } };
        return {
          ok: true,
          body: { course: courseId, student: value.student, type: value.type, status: value.status },
        };
      },
      // A new student is enrolled (the enrolment is set on an edit).
      create: ({ course, student, type }) =>
        callApi('courseStudents.create', { body: { course, student, type } }),
      update: (id, { type, status }) =>
        callApi('courseStudents.update', { params: { id }, body: { type, status } }),
      renderForm: (value, onChange, errors) => (
        <Stack gap="4">
          {!value.memberId && (
            <PersonSelect
              label="Student"
              userTypes="student"
              exclude={onCourseKey.split(',')}
              required
              value={value.student}
              error={errors.student}
              onChange={(student) => onChange({ ...value, student })}
            />
          )}
          <SelectField
            label="Enrolment type"
            value={value.type}
            onChange={(type) => onChange({ ...value, type: type as StudentInput['type'] })}
          >
            {enrolmentTypes.map((type) => (
              <option key={type} value={type}>
                {enrolmentTypeLabels[type]}
              </option>
            ))}
          </SelectField>
          {value.memberId && (
            <SelectField
              label="Enrolment"
              value={value.status}
              onChange={(status) => onChange({ ...value, status: status as StudentInput['status'] })}
            >
              {enrolments.map((status) => (
                <option key={status} value={status}>
                  {enrolmentLabels[status]}
                </option>
              ))}
            </SelectField>
          )}
          {value.memberId && value.status === 'UNENROLLED' && (
            <Text fontSize="sm" color="fg.muted">
              Unenrolling takes the student out of this course's upcoming lessons.
            </Text>
          )}
        </Stack>
      ),
    }),
    [courseId, onChanged, onCourseKey],
  );
  return (
    <Stack gap="2">
      <AdminListPage config={config} />
      <Text fontSize="xs" color="fg.muted">
        Removing a student also takes them out of this course's upcoming lessons.
      </Text>
    </Stack>
  );
}
