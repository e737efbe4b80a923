import type { PermissionSet } from '../permissions/catalogue';
import { holdsAny } from '../permissions/check';
import { type ProfilePart, profileParts } from '../schemas/profile-lists';
import type { UserType } from '../schemas/user';

/**
 * Spec 000 section 6: a profile's tabs and fields, each under the profile permission of its name. The
 * sub-records of the qualifications tab (experiences, qualifications, achievements, languages) share its
 * permission; subjects have their own.
 */
export { type ProfilePart, profileParts };

const partPermission: Record<ProfilePart, string> = {
  dateOfBirth: 'dateOfBirth',
  nationality: 'nationality',
  emergencyNumber: 'emergencyNumber',
  curriculum: 'curriculum',
  examDate: 'examDate',
  adminTag: 'adminTag',
  classStatement: 'classStatement',
  msTeamsEmail: 'msTeamsEmail',
  parentDetails: 'parentDetails',
  tutorDetails: 'tutorDetails',
  experiences: 'qualifications',
  qualifications: 'qualifications',
  achievements: 'qualifications',
  languages: 'qualifications',
  subjects: 'subjects',
};

/** Which people a part belongs to: a student has no tutor details, a tutor no parent or exam date. */
const partHolders: Record<ProfilePart, readonly UserType[]> = {
  dateOfBirth: ['student', 'parent', 'tutor', 'admin'],
  nationality: ['student', 'parent', 'tutor', 'admin'],
  emergencyNumber: ['student', 'parent', 'tutor', 'admin'],
  curriculum: ['student'],
  examDate: ['student'],
  adminTag: ['student', 'parent', 'tutor'],
  classStatement: ['student'],
  msTeamsEmail: ['tutor', 'admin'],
  parentDetails: ['student'],
  tutorDetails: ['tutor'],
  experiences: ['tutor'],
  qualifications: ['tutor'],
  achievements: ['tutor', 'student'],
  languages: ['tutor', 'student'],
  subjects: ['tutor', 'student'],
};

/**
 * What a caller may do with one person's profile. Their own: `profile.view` shows it and `profile.edit`
 * writes it. Someone else's: `adminUsers.view` and `adminUsers.edit`. Either way each part needs its own
 * profile permission too, and only parts that belong to the person's type exist.
 */
export interface ProfileAccess {
  view: boolean;
  edit: boolean;
  /** The parts shown. */
  visible: ReadonlySet<ProfilePart>;
  /** The parts the caller may write (a subset of `visible`). */
  writable: ReadonlySet<ProfilePart>;
}

export function profileAccess(
  permissions: PermissionSet,
  subject: { type: UserType },
  own: boolean,
): ProfileAccess {
  const area = own ? 'profile' : 'adminUsers';
  const view = holdsAny(permissions, { areas: [area], actions: ['view'] });
  const edit = view && holdsAny(permissions, { areas: [area], actions: ['edit'] });
  const visible = new Set(
    view
      ? profileParts.filter(
          (part) =>
            partHolders[part].includes(subject.type) &&
            holdsAny(permissions, { areas: ['profile'], actions: [partPermission[part]] }),
        )
      : [],
  );
  return { view, edit, visible, writable: edit ? visible : new Set() };
}

/** The parts a change names that the caller may not write (the server refuses the change if any). */
export function refusedParts(access: ProfileAccess, named: Iterable<ProfilePart>): ProfilePart[] {
  return [...named].filter((part) => !access.writable.has(part));
}

/** An experience that ends before it starts is refused ("to date" has no end). */
export function experienceSpanError(span: { startMonth: string; endMonth?: string }): string | undefined {
  return span.endMonth !== undefined && span.endMonth < span.startMonth
    ? 'The end month must not be before the start month'
    : undefined;
}
