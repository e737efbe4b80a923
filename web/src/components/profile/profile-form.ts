import { roleFitsUserType } from '../../../../shared/permissions/check';
import type { RoleChoice } from '../../../../shared/routes/admin-users';
import type { ProfilePart } from '../../../../shared/rules/user-profile';
import {
  type Gender,
  genders,
  type TutorStrength,
  type TutorType,
} from '../../../../shared/schemas/profile-lists';
import { choiceOf } from '../../lib/choice';
import type { Profile, ProfileChange } from './profile-calls';

/** The account's own fields as a form holds them (text; empty means not set). */
export interface AccountValue {
  firstname: string;
  lastname: string;
  email: string;
  roleId: string;
  phone: string;
  country: string;
  level: string;
  timezone: string;
  gender: string;
}

/** The details of spec 000 section 6 as a form holds them. */
export interface DetailsValue {
  dateOfBirth: string;
  nationality: string;
  emergencyNumber: string;
  curriculum: string;
  examDate: string;
  adminTag: string;
  classStatement: string;
  msTeamsEmail: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  tutorTypes: TutorType[];
  strengths: TutorStrength[];
  levels: string[];
  headline: string;
  bio: string;
}

export const emptyAccount = (): AccountValue => ({
  firstname: '',
  lastname: '',
  email: '',
  roleId: '',
  phone: '',
  country: '',
  level: '',
  timezone: '',
  gender: '',
});

export const emptyDetails = (): DetailsValue => ({
  dateOfBirth: '',
  nationality: '',
  emergencyNumber: '',
  curriculum: '',
  examDate: '',
  adminTag: '',
  classStatement: '',
  msTeamsEmail: '',
  parentName: '',
  parentEmail: '',
  parentPhone: '',
  tutorTypes: [],
  strengths: [],
  levels: [],
  headline: '',
  bio: '',
});

export function accountValue(profile: Profile): AccountValue {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    email: profile.email,
    roleId: profile.roleId,
    phone: profile.phone ?? '',
    country: profile.country ?? '',
    level: profile.level ?? '',
    timezone: profile.timezone ?? '',
    gender: profile.gender ?? '',
  };
}

export function detailsValue(profile: Profile): DetailsValue {
  const { details } = profile;
  return {
    dateOfBirth: details.dateOfBirth ?? '',
    nationality: details.nationality ?? '',
    emergencyNumber: details.emergencyNumber ?? '',
    curriculum: details.curriculum ?? '',
    examDate: details.examDate ?? '',
    adminTag: details.adminTag ?? '',
    classStatement: details.classStatement ?? '',
    msTeamsEmail: details.msTeamsEmail ?? '',
    parentName: details.parentDetails?.name ?? '',
    parentEmail: details.parentDetails?.email ?? '',
    parentPhone: details.parentDetails?.phone ?? '',
    tutorTypes: details.tutorDetails?.tutorTypes ?? [],
    strengths: details.tutorDetails?.strengths ?? [],
    levels: details.tutorDetails?.levels ?? [],
    headline: details.tutorDetails?.headline ?? '',
    bio: details.tutorDetails?.bio ?? '',
  };
}

/** Text as a body sends it: trimmed, and left out when empty. */
const text = (value: string): string | undefined => value.trim() || undefined;

/** The required account fields a form checks before sending (the server checks the rest). */
export function accountErrors(value: AccountValue, options: { email: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!value.firstname.trim()) errors.firstname = 'First name is required';
  if (!value.lastname.trim()) errors.lastname = 'Last name is required';
  if (options.email && !value.email.trim()) errors.email = 'E-mail is required';
  return errors;
}

/** The account fields of a change; the e-mail and role only where the screen may change them. */
export function accountBody(
  value: AccountValue,
  options: { email: boolean; role: boolean },
): Omit<ProfileChange, keyof DetailsBody> {
  const gender: Gender | undefined = choiceOf(genders, value.gender);
  return {
    firstname: value.firstname.trim(),
    lastname: value.lastname.trim(),
    email: options.email ? text(value.email) : undefined,
    roleId: options.role ? text(value.roleId) : undefined,
    phone: text(value.phone),
    country: text(value.country),
    level: text(value.level),
    timezone: text(value.timezone),
    gender,
  };
}

type DetailsBody = Pick<
  ProfileChange,
  | 'dateOfBirth'
  | 'nationality'
  | 'emergencyNumber'
  | 'curriculum'
  | 'examDate'
  | 'adminTag'
  | 'classStatement'
  | 'msTeamsEmail'
  | 'parentDetails'
  | 'tutorDetails'
>;

/**
 * The details of a change: only the parts the caller may write (the server refuses a change naming any
 * other), each left out when empty.
 */
export function detailsBody(value: DetailsValue, writable: ReadonlySet<ProfilePart>): DetailsBody {
  const body: DetailsBody = {};
  const may = (part: ProfilePart) => writable.has(part);
  if (may('dateOfBirth')) body.dateOfBirth = text(value.dateOfBirth);
  if (may('nationality')) body.nationality = text(value.nationality);
  if (may('emergencyNumber')) body.emergencyNumber = text(value.emergencyNumber);
  if (may('curriculum')) body.curriculum = text(value.curriculum);
  if (may('examDate')) body.examDate = text(value.examDate);
  if (may('adminTag')) body.adminTag = text(value.adminTag);
  if (may('classStatement')) body.classStatement = text(value.classStatement);
  if (may('msTeamsEmail')) body.msTeamsEmail = text(value.msTeamsEmail);
  if (may('parentDetails')) {
    body.parentDetails = {
      name: text(value.parentName),
      email: text(value.parentEmail),
      phone: text(value.parentPhone),
    };
  }
  if (may('tutorDetails')) body.tutorDetails = tutorDetailsBody(value);
  return body;
}

export function tutorDetailsBody(value: DetailsValue): NonNullable<ProfileChange['tutorDetails']> {
  return {
    tutorTypes: value.tutorTypes,
    strengths: value.strengths,
    levels: value.levels,
    headline: text(value.headline),
    bio: text(value.bio),
  };
}

/** `values` with `item` added or taken out. */
export function toggled<Item>(values: readonly Item[], item: Item, on: boolean): Item[] {
  return on ? (values.includes(item) ? [...values] : [...values, item]) : values.filter((v) => v !== item);
}

/** What the role choice reads of a role (as adminUsers.roleChoices answers it). */
export type { RoleChoice };

/**
 * The roles that fit an account type (spec 000 section 6, "Role choices when creating users: admin and
 * user"): an admin holds an admin role, anyone else a user role other than a guest's (the server's rule).
 */
export function rolesFor<Role extends RoleChoice>(type: string, roles: readonly Role[]): Role[] {
  return roles.filter((role) => roleFitsUserType(role, type));
}

/** The role a new account of a type starts with: the one named like the type (Student, Tutor), else the first. */
export function defaultRoleFor<Role extends RoleChoice>(
  type: string,
  roles: readonly Role[],
): Role | undefined {
  const fitting = rolesFor(type, roles);
  return fitting.find((role) => role.name.toLowerCase() === type) ?? fitting[0];
}
