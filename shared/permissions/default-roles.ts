import type { RoleInput } from '../schemas/role';
import { fullPermissionSet, type PermissionSet, permissionCatalogue } from './catalogue';

/** Fixed ids of the built-in roles, the same in every tenant (seeding is idempotent on them). */
export const systemRoleIds = {
  Admin: 'role-admin',
  Approver: 'role-approver',
  Enterer: 'role-enterer',
  Student: 'role-student',
  Tutor: 'role-tutor',
  Guest: 'role-guest',
} as const;
export type SystemRoleName = keyof typeof systemRoleIds;

const adminSettingsWith = (suffixes: string[]) =>
  permissionCatalogue.adminSettings.filter((action) => suffixes.some((suffix) => action.endsWith(suffix)));

const lessonHistoryColumns = [
  'view',
  'completedTab',
  'rescheduleOrCancellationTab',
  'referenceKey',
  'dateTime',
];

/**
 * Sensible defaults for the six built-in roles (spec 000 section 6 names them; their switches are ours).
 * - Admin: everything.
 * - Approver: reviews and approves: reads every admin area, edits and publishes courses, answers trials.
 * - Enterer: data entry: creates and edits courses, templates, schedules and users, deletes nothing.
 * - Student, Tutor: the end-user areas each needs; Guest: browsing only.
 */
export const defaultRoles: Record<SystemRoleName, RoleInput> = {
  Admin: { name: 'Admin', type: 'admin', isGuest: false, permissions: fullPermissionSet() },
  Approver: {
    name: 'Approver',
    type: 'admin',
    isGuest: false,
    permissions: {
      adminCourses: ['view', 'edit', 'publish'],
      courseTemplates: ['view'],
      schedule: ['view'],
      trialClass: ['view', 'edit'],
      homework: ['view'],
      adminUsers: ['view'],
      adminRoles: ['view'],
      submissions: ['view', 'edit', 'manualAnswer'],
      lessonHistory: [...permissionCatalogue.lessonHistory],
      penaltyWaivers: ['view'],
      metaTags: ['view'],
      adminSettings: adminSettingsWith(['View']),
      profile: ['view'],
      headerContents: ['profileDropDown', 'dashboard'],
    },
  },
  Enterer: {
    name: 'Enterer',
    type: 'admin',
    isGuest: false,
    permissions: {
      adminCourses: ['view', 'create', 'edit'],
      courseTemplates: ['view', 'create', 'edit'],
      schedule: ['view', 'create', 'edit'],
      trialClass: ['view', 'create', 'edit'],
      homework: ['view', 'create', 'edit'],
      adminUsers: ['view', 'create', 'edit'],
      metaTags: ['view', 'create', 'edit'],
      lessonHistory: lessonHistoryColumns,
      adminSettings: adminSettingsWith(['View', 'Create', 'Edit']).filter((a) => !a.startsWith('roles')),
      profile: ['view', 'edit'],
      headerContents: ['profileDropDown', 'dashboard'],
    },
  },
  Student: {
    name: 'Student',
    type: 'user',
    isGuest: false,
    permissions: {
      submissions: ['view', 'create', 'edit', 'aiAnswer'],
      courses: ['view', 'courseChat', 'courseCall', 'classBooking', 'tutorName', 'courseTopup'],
      homework: ['view', 'create', 'edit'],
      myPerformance: ['view'],
      lessonHistory: [
        ...lessonHistoryColumns,
        'tutors',
        'course',
        'subject',
        'curriculum',
        'grade',
        'lessonType',
      ],
      // A learner (or the parent on their account) may delete it; a tutor's goes through the school, whose
      // lessons and pay it carries.
      profile: [
        'view',
        'edit',
        'delete',
        'parentDetails',
        'plans',
        'paymentHistory',
        'billingEmail',
        'curriculum',
        'examDate',
      ],
      billing: ['view', 'customerPortalView'],
      headerContents: ['profileDropDown', 'dashboard', 'creditsViewer', 'upgradeButton'],
      resources: ['whiteboard', 'sessions', 'bookmarks', 'progress', 'usage'],
    },
  },
  Tutor: {
    name: 'Tutor',
    type: 'user',
    isGuest: false,
    permissions: {
      submissions: ['view', 'manualAnswer'],
      courses: ['view', 'courseChat', 'courseCall', 'studentName'],
      homework: ['view', 'create', 'edit', 'delete'],
      quizPerformance: ['view'],
      lessonHistory: [
        ...lessonHistoryColumns,
        'students',
        'course',
        'subject',
        'curriculum',
        'grade',
        'lessonType',
        'studentJoinTime',
        'tutorJoinTime',
        'tutorRate',
        'tutorAmount',
        'tutorPenalty',
        'tutorPaymentStatus',
      ],
      penaltyWaivers: ['view', 'appealRequest'],
      profile: [
        'view',
        'edit',
        'qualifications',
        'subjects',
        'tutorRates',
        'tutorDetails',
        'bankDetails',
        'msTeamsEmail',
      ],
      headerContents: ['profileDropDown', 'dashboard'],
      resources: ['whiteboard', 'sessions', 'bookmarks'],
    },
  },
  Guest: {
    name: 'Guest',
    type: 'user',
    isGuest: true,
    permissions: {
      courses: ['view'],
      headerContents: ['signUpButtons', 'discountBanner'],
    },
  },
};

export function isAdminPermissionSet(permissions: PermissionSet): boolean {
  return Object.keys(permissions).some(
    (area) => area.startsWith('admin') && (permissions[area as keyof PermissionSet]?.length ?? 0) > 0,
  );
}
