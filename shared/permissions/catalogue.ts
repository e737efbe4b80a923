/**
 * The permission catalogue of spec 000 section 6 (and spec 001/002 section 6): areas, each with its named
 * actions. Each action is a switch per role. Where the spec names an area without its actions, the area
 * gets the usual view/create/edit/delete set (a decision written down here, where it is made).
 */
const crud = ['view', 'create', 'edit', 'delete'] as const;

export const permissionCatalogue = {
  submissions: ['view', 'create', 'edit', 'delete', 'aiAnswer', 'manualAnswer'],
  courses: ['view', 'courseChat', 'courseCall', 'classBooking', 'studentName', 'tutorName', 'courseTopup'],
  adminCourses: ['view', 'create', 'edit', 'delete', 'publish', 'courseChat'],
  courseTemplates: crud,
  schedule: crud,
  trialClass: crud,
  homework: crud,
  adminUsers: crud,
  adminRoles: crud,
  manualAdjustments: ['view', 'create'],
  quizPerformance: ['view'],
  myPerformance: ['view'],
  tutorsHide: ['view'],
  metaTags: crud,
  lessonHistory: [
    'view',
    'completedTab',
    'rescheduleOrCancellationTab',
    'referenceKey',
    'dateTime',
    'students',
    'tutors',
    'lessonType',
    'paymentType',
    'course',
    'subject',
    'curriculum',
    'grade',
    'studentJoinTime',
    'tutorJoinTime',
    'studentCountries',
    'tutorRate',
    'tutorAmount',
    'tutorPenalty',
    'tutorPaymentStatus',
    'trialStatus',
    // admin-only columns
    'attendanceHistory',
    'adminNotes',
    'lessonExtensionAdjustment',
    'tutorPenaltyAdjustment',
    'trialConversionAdjustment',
    'paymentAdjustment',
    'tutorPaymentHistory',
    'penaltyWaivers',
  ],
  profile: [
    'view',
    'edit',
    'delete',
    'qualifications',
    'subjects',
    'parentDetails',
    'plans',
    'paymentHistory',
    'billingEmail',
    'tutorRates',
    'dateOfBirth',
    'nationality',
    'emergencyNumber',
    'tutorDetails',
    'bankDetails',
    'curriculum',
    'examDate',
    'adminTag',
    'classStatement',
    'msTeamsEmail',
  ],
  billing: ['view', 'customerPortalView'],
  adminSettings: [
    ...[
      'coursePermissionTemplates',
      'flexiblePlans',
      'subscriptionPlans',
      'groups',
      'studentRates',
      'coursePricingTemplates',
      'roles',
      'tutorRoles',
      'invoices',
      'tutorRates',
      'metaTags',
      'redirections',
      'sitemap',
    ].flatMap((setting) => crud.map((action) => `${setting}${action[0]!.toUpperCase()}${action.slice(1)}`)),
    'adjustmentsCreate',
    'permissionsView',
    'transactionLogsView',
    'paymentHistoryView',
    'tutorSortingView',
    'tutorSortingCreate',
    'tutorSortingEdit',
    'tutorSortingDelete',
    'callLogsView',
    // The tenant's scheduling policy (notice, buffers, horizon, change notice): not named by the spec.
    'schedulingSettingsView',
    'schedulingSettingsEdit',
    // The tenant's currencies (the default one and those it accepts): not named by the spec either.
    'currencySettingsView',
    'currencySettingsEdit',
  ],
  headerContents: [
    'profileDropDown',
    'signUpButtons',
    'discountBanner',
    'dashboard',
    'creditsViewer',
    'upgradeButton',
  ],
  penaltyWaivers: ['view', 'appealRequest'],
  resources: ['whiteboard', 'sessions', 'bookmarks', 'progress', 'premium', 'usage'],
} as const satisfies Record<string, readonly string[]>;

export type PermissionArea = keyof typeof permissionCatalogue;
export type PermissionAction<A extends PermissionArea = PermissionArea> =
  (typeof permissionCatalogue)[A][number];
/** A role's or tenant's permissions: for each area, the actions switched on. */
export type PermissionSet = Partial<Record<PermissionArea, string[]>>;

export const permissionAreas = Object.keys(permissionCatalogue) as PermissionArea[];

export function isKnownPermission(area: string, action: string): boolean {
  const actions = (permissionCatalogue as Record<string, readonly string[]>)[area];
  return actions?.includes(action) ?? false;
}

/** Every action of every area switched on: the Admin role's and the default tenant's set. */
export function fullPermissionSet(): PermissionSet {
  return Object.fromEntries(permissionAreas.map((area) => [area, [...permissionCatalogue[area]]]));
}
