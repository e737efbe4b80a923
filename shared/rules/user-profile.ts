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
  plans: 'plans',
  paymentHistory: 'paymentHistory',
  billingEmail: 'billingEmail',
  tutorRates: 'tutorRates',
  bankDetails: 'bankDetails',
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
  // A parent's plans and payment history are their children's (the payments are made for the child).
  plans: ['student', 'parent'],
  paymentHistory: ['student', 'parent'],
  billingEmail: ['student', 'parent'],
  tutorRates: ['tutor'],
  bankDetails: ['tutor'],
};

/**
 * What someone else's money tab needs besides `adminUsers.view` and the part's profile permission: the
 * admin calls its screen reads (a school's payment history of one user, a tutor's own rates) are behind
 * these admin settings, so the tab is not shown to an admin who could not read it.
 */
const othersPartNeeds: Partial<Record<ProfilePart, string>> = {
  paymentHistory: 'paymentHistoryView',
  tutorRates: 'tutorRatesView',
};

/** Parts that are read, never written, through the profile (what they show is written by payments). */
const readOnlyParts: ReadonlySet<ProfilePart> = new Set(['plans', 'paymentHistory']);

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
  /**
   * Whether the bank account number is shown whole: to the tutor themself, and to an admin who may change
   * it (who sees the tab but may not write it sees only its last four digits).
   */
  bankAccountShown: boolean;
}

export function profileAccess(
  permissions: PermissionSet,
  subject: { type: UserType },
  own: boolean,
): ProfileAccess {
  const area = own ? 'profile' : 'adminUsers';
  const view = holdsAny(permissions, { areas: [area], actions: ['view'] });
  const edit = view && holdsAny(permissions, { areas: [area], actions: ['edit'] });
  const settingsHeld = (action: string | undefined) =>
    action === undefined || holdsAny(permissions, { areas: ['adminSettings'], actions: [action] });
  const visible = new Set(
    view
      ? profileParts.filter(
          (part) =>
            partHolders[part].includes(subject.type) &&
            holdsAny(permissions, { areas: ['profile'], actions: [partPermission[part]] }) &&
            (own || settingsHeld(othersPartNeeds[part])),
        )
      : [],
  );
  const writable = new Set(
    edit
      ? [...visible].filter(
          (part) =>
            !readOnlyParts.has(part) &&
            // A tutor reads their rates; the school sets them (adminSettings tutorRatesEdit).
            (part !== 'tutorRates' || (!own && settingsHeld('tutorRatesEdit'))),
        )
      : [],
  );
  const bankAccountShown = visible.has('bankDetails') && (own || writable.has('bankDetails'));
  return { view, edit, visible, writable, bankAccountShown };
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
