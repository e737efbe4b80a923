import { Badge, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminUserRow } from '../../../../../shared/routes/admin-users';
import { countryList, countryName } from '../../../../../shared/schemas/countries';
import { languageProficiencies } from '../../../../../shared/schemas/profile-lists';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { FormField } from '../../../components/form-field';
import { AccountFields, TutorDetailsFields } from '../../../components/profile/profile-fields';
import {
  type AccountValue,
  accountBody,
  accountErrors,
  type DetailsValue,
  defaultRoleFor,
  emptyAccount,
  emptyDetails,
  type RoleChoice,
  rolesFor,
  tutorDetailsBody,
} from '../../../components/profile/profile-form';
import { SelectField } from '../../../components/select-field';
import { adminUserPath } from '../../../config/paths';
import { type ApiBody, type ApiQuery, callApi, useApi } from '../../../lib/api-client';
import { choiceOf } from '../../../lib/choice';
import { formatDate } from '../../../lib/format';
import { type LanguageRow, LanguageRows } from './language-rows';
import { useRoleChoices } from './use-role-choices';

/** The account types an admin creates (guests sign themselves up), as adminUsers.create takes them. */
const creatableTypes = [
  'student',
  'parent',
  'tutor',
  'admin',
] as const satisfies readonly ApiBody<'adminUsers.create'>['type'][];
const typeLabels: Record<string, string> = {
  student: 'Student',
  parent: 'Parent',
  tutor: 'Tutor',
  admin: 'Admin',
  guest: 'Guest',
};
type ListQuery = ApiQuery<'adminUsers.list'>;
const searchOptions = ['name', 'email', 'phone'] as const satisfies readonly NonNullable<
  ListQuery['searchOption']
>[];
const sortKeys = ['name', 'email', 'createdAt'] as const satisfies readonly NonNullable<
  ListQuery['sortKey']
>[];

interface CreateUserForm {
  type: string;
  account: AccountValue;
  details: DetailsValue;
  languages: LanguageRow[];
}
type CreateBody = { user: ApiBody<'adminUsers.create'>; languages: ApiBody<'adminUsers.languages.create'>[] };

/**
 * Spec 002 "Admin users": the Users list (search by name, e-mail or phone; role and country filters; sorted
 * by name, e-mail or creation, either way; paged) and "Create user": the account type, a role that fits it,
 * the account's fields, and for a tutor their types, strengths, levels and languages. A row opens the user.
 */
function usersResource(
  roles: readonly RoleChoice[],
  levels: readonly string[],
): AdminResource<AdminUserRow, CreateUserForm, CreateBody> {
  return {
    useList: (query, options) => {
      const { searchOption, role, country, sortKey, ...page } = query;
      const listQuery: ListQuery = {
        limit: page.limit,
        offset: page.offset,
        searchText: page.searchText || undefined,
        searchOption: choiceOf(searchOptions, String(searchOption ?? '')),
        role: typeof role === 'string' && role ? role : undefined,
        country: typeof country === 'string' && country ? country : undefined,
        sortKey: choiceOf(sortKeys, sortKey ?? ''),
        sortValue: page.sortValue,
      };
      return listRead(useApi(['adminUsers.list', { query: listQuery }], options));
    },
    title: 'Users',
    label: 'user',
    messages: { created: 'User account created!' },
    filters: [
      {
        key: 'searchOption',
        label: 'Search by',
        allLabel: null,
        initial: 'name',
        options: [
          { value: 'name', label: 'Name' },
          { value: 'email', label: 'E-mail' },
          { value: 'phone', label: 'Phone' },
        ],
      },
      {
        key: 'role',
        label: 'Role',
        options: roles.map((role) => ({ value: role._id, label: role.name })),
      },
      {
        key: 'country',
        label: 'Country',
        options: countryList.map((country) => ({ value: country.code, label: country.name })),
      },
    ],
    columns: [
      {
        key: 'name',
        label: 'Name',
        sortable: true,
        render: (user) => (
          <Link asChild fontWeight="medium" color="brand.fg">
            <RouterLink to={adminUserPath(user._id)}>
              {user.firstname} {user.lastname}
            </RouterLink>
          </Link>
        ),
      },
      { key: 'email', label: 'E-mail', sortable: true, render: (user) => user.email },
      {
        key: 'type',
        label: 'Type',
        hideBelow: 'md',
        render: (user) => <Badge size="sm">{typeLabels[user.type] ?? user.type}</Badge>,
      },
      { key: 'roleName', label: 'Role', render: (user) => user.roleName },
      // A phone shows name, e-mail and role; the rest from a tablet up.
      { key: 'phone', label: 'Phone', hideBelow: 'md', render: (user) => user.phone ?? '-' },
      {
        key: 'country',
        label: 'Country',
        hideBelow: 'md',
        render: (user) => (user.country ? countryName(user.country) : '-'),
      },
      {
        key: 'createdAt',
        label: 'Created',
        sortable: true,
        hideBelow: 'md',
        render: (user) => formatDate(user.createdAt),
      },
    ],
    createdPath: (user) => adminUserPath(user._id),
    emptyInput: () => ({
      type: 'student',
      account: { ...emptyAccount(), roleId: defaultRoleFor('student', roles)?._id ?? '' },
      details: emptyDetails(),
      languages: [],
    }),
    // Users are edited on their own page (the row's link), not in this dialog.
    createOnly: true,
    createLabel: 'Create user',
    toInput: () => ({ type: 'student', account: emptyAccount(), details: emptyDetails(), languages: [] }),
    validate: (value) => {
      const errors = accountErrors(value.account, { email: true });
      const type = choiceOf(creatableTypes, value.type);
      if (!type) errors.type = 'Choose student, parent, tutor or admin';
      if (!value.account.roleId) errors.roleId = 'Choose a role';
      const languages: CreateBody['languages'] = [];
      for (const row of value.languages) {
        const proficiency = choiceOf(languageProficiencies, row.proficiency);
        if (!row.language.trim() && !proficiency) continue;
        if (!row.language.trim() || !proficiency) {
          errors.languages = 'Give each language its proficiency';
          continue;
        }
        languages.push({ language: row.language.trim(), proficiency });
      }
      if (Object.keys(errors).length > 0 || !type) return { ok: false, errors };
      const user: CreateBody['user'] = {
        ...accountBody(value.account, { email: true, role: true }),
        firstname: value.account.firstname.trim(),
        lastname: value.account.lastname.trim(),
        email: value.account.email.trim(),
        roleId: value.account.roleId,
        type,
        tutorDetails: type === 'tutor' ? tutorDetailsBody(value.details) : undefined,
      };
      return { ok: true, body: { user, languages } };
    },
    create: async ({ user, languages }) => {
      const created = await callApi('adminUsers.create', { body: user });
      // A language is a sub-record of its own: each joins the new account once it exists.
      for (const language of languages) {
        await callApi('adminUsers.languages.create', { params: { id: created._id }, body: language });
      }
      return created;
    },
    update: () => Promise.reject(new Error('Users are edited on their own page')),
    renderForm: (value, onChange, errors) => {
      const fitting = rolesFor(value.type, roles);
      return (
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField
              label="Type"
              required
              value={value.type}
              error={errors.type}
              onChange={(type) =>
                onChange({
                  ...value,
                  type,
                  // A role chosen by hand stays while it fits the new type; the type's own role follows it.
                  account:
                    value.account.roleId !== defaultRoleFor(value.type, roles)?._id &&
                    rolesFor(type, roles).some((role) => role._id === value.account.roleId)
                      ? value.account
                      : { ...value.account, roleId: defaultRoleFor(type, roles)?._id ?? '' },
                })
              }
            >
              {creatableTypes.map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Role"
              required
              value={value.account.roleId}
              error={errors.roleId}
              placeholder="Select role"
              onChange={(roleId) => onChange({ ...value, account: { ...value.account, roleId } })}
            >
              {fitting.map((role) => (
                <option key={role._id} value={role._id}>
                  {role.name}
                </option>
              ))}
            </SelectField>
            <FormField
              label="E-mail"
              type="email"
              required
              value={value.account.email}
              error={errors.email}
              onValueChange={(email) => onChange({ ...value, account: { ...value.account, email } })}
            />
          </SimpleGrid>
          <AccountFields
            value={value.account}
            errors={errors}
            levels={levels}
            onChange={(account) => onChange({ ...value, account })}
          />
          {value.type === 'tutor' && (
            <>
              <TutorDetailsFields
                value={value.details}
                levels={levels}
                listsOnly
                onChange={(details) => onChange({ ...value, details })}
              />
              <LanguageRows
                rows={value.languages}
                error={errors.languages}
                onChange={(languages) => onChange({ ...value, languages })}
              />
            </>
          )}
          <Text fontSize="sm" color="fg.muted">
            The new user is sent an e-mail to set their password.
          </Text>
        </Stack>
      );
    },
  };
}

export default function UsersPage() {
  const roles = useRoleChoices();
  const curricula = useApi(['curriculums.list']);
  const levels = [...new Set((curricula.data?.docs ?? []).flatMap((c) => c.grades))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  return <AdminListPage config={usersResource(roles ?? [], levels)} />;
}
