import type { progressStatuses } from '../learning/progress';
import type {
  requesterRoles,
  requestStatuses,
  requestTypes,
  tutorPaymentStatuses,
} from '../scheduling/lesson-changes';
import { type tutorAvailabilityStatuses, tutorAvailabilityStatusLabels } from '../schemas/availability';
import type { resourceKinds } from '../schemas/catalogue';
import type {
  classTypes,
  courseStatuses,
  courseTutorTypes,
  enrolments,
  enrolmentTypes,
  memberStatuses,
  paymentTypes,
} from '../schemas/course';
import type { templateSectionKinds } from '../schemas/course-template';
import type { reportedIssueKinds, reportedIssueStatuses } from '../schemas/learning-data';
import type { lessonTypes } from '../schemas/lesson-history';
import type { roleTypes } from '../schemas/role';
import type {
  lessonKinds,
  sectionAudiences,
  sectionBillings,
  sectionKinds,
  sectionStatuses,
} from '../schemas/section';
import type { sitemapStatuses, sitemapTriggers } from '../schemas/sitemap';
import {
  trialOutcomeLabels,
  type trialOutcomes,
  type trialStatuses,
  trialStatusLabels,
} from '../schemas/trial';
import type { userTypes } from '../schemas/user';

/**
 * The words people read for each stored value the screens show (issue #16 item 10): one module, so "ACTIVE",
 * "GROUP" or "ONE_TO_ONE" never reach a page and a value reads the same on every page. The stored values
 * stay the contract's; only what is shown changes. Each map is typed by its enum, so a value added to an enum
 * fails the typecheck until it has its words here (and enum-labels.test.ts checks every value at run time).
 */
type Words<Values extends readonly string[]> = Record<Values[number], string>;

export const enumLabels = {
  courseStatus: { ACTIVE: 'Active', DRAFT: 'Draft' } satisfies Words<typeof courseStatuses>,
  classType: { 'One-to-One': 'One-to-one', Group: 'Group' } satisfies Words<typeof classTypes>,
  paymentType: { ONETIME: 'One-time', SUBSCRIPTION: 'Subscription', CREDIT: 'Credit' } satisfies Words<
    typeof paymentTypes
  >,
  enrolment: { ENROLLED: 'Enrolled', UNENROLLED: 'Unenrolled' } satisfies Words<typeof enrolments>,
  enrolmentType: {
    ONETIME: 'One-time',
    SUBSCRIPTION: 'Subscription',
    CREDIT: 'Credit',
    TRIAL: 'Free trial',
  } satisfies Words<typeof enrolmentTypes>,
  courseTutorType: { PRIMARY: 'Primary', SUBSTITUTE: 'Substitute', TRIAL: 'Trial' } satisfies Words<
    typeof courseTutorTypes
  >,
  memberStatus: { ENABLE: 'Enabled', DISABLE: 'Disabled' } satisfies Words<typeof memberStatuses>,
  /** The lesson history's lesson type. */
  lessonType: { '1 on 1': 'One-to-one', GROUP: 'Group', TRIAL: 'Free trial' } satisfies Words<
    typeof lessonTypes
  >,
  /** What a section of each kind is called in section trees and lesson lists. */
  sectionKind: {
    SECTION: 'Folder',
    TEAMS: 'Teams meeting',
    ZOOM: 'Zoom meeting',
    RESOURCE: 'Resource',
    HOMEWORK: 'Homework',
  } satisfies Words<typeof sectionKinds>,
  lessonKind: { TEAMS: 'Teams meeting', ZOOM: 'Zoom meeting' } satisfies Words<typeof lessonKinds>,
  templateSectionKind: {
    SECTION: 'Section',
    RESOURCE: 'Resource',
    HOMEWORK: 'Homework',
  } satisfies Words<typeof templateSectionKinds>,
  /** A lesson's status on calendars and lesson lists: an active lesson is one still to happen. */
  lessonStatus: { ACTIVE: 'Scheduled', CANCELLED: 'Cancelled', COMPLETED: 'Completed' } satisfies Words<
    typeof sectionStatuses
  >,
  sectionAudience: { STUDENT: 'Students', TUTOR: 'Tutors only' } satisfies Words<typeof sectionAudiences>,
  sectionBilling: { BILLABLE: 'Billable', NON_BILLABLE: 'Non-billable' } satisfies Words<
    typeof sectionBillings
  >,
  resourceKind: {
    NOTES: 'Notes',
    WORKSHEET: 'Worksheet',
    PAST_PAPER: 'Past paper',
    MARK_SCHEME: 'Mark scheme',
    LINK: 'Link',
  } satisfies Words<typeof resourceKinds>,
  requestType: { CANCEL: 'Cancel', RESCHEDULE: 'Reschedule', DELETE: 'Delete' } satisfies Words<
    typeof requestTypes
  >,
  requestStatus: { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' } satisfies Words<
    typeof requestStatuses
  >,
  requesterRole: { STUDENT: 'Student', TUTOR: 'Tutor', ADMIN: 'Admin' } satisfies Words<
    typeof requesterRoles
  >,
  tutorPaymentStatus: { PROCESSING: 'Processing', PAID: 'Paid' } satisfies Words<typeof tutorPaymentStatuses>,
  reportedIssueKind: { ISSUE: 'Page issue', BROKEN_RESOURCE: 'Broken link' } satisfies Words<
    typeof reportedIssueKinds
  >,
  reportedIssueStatus: { OPEN: 'Open', RESOLVED: 'Resolved' } satisfies Words<typeof reportedIssueStatuses>,
  sitemapStatus: { RUNNING: 'Running', COMPLETED: 'Completed', FAILED: 'Failed' } satisfies Words<
    typeof sitemapStatuses
  >,
  sitemapTrigger: {
    admin: 'Admin',
    schedule: 'Daily schedule',
    tenantCreated: 'School created',
    catalogueChanged: 'Catalogue changed',
  } satisfies Words<typeof sitemapTriggers>,
  trialStatus: trialStatusLabels satisfies Words<typeof trialStatuses>,
  trialOutcome: trialOutcomeLabels satisfies Words<typeof trialOutcomes>,
  tutorAvailabilityStatus: tutorAvailabilityStatusLabels satisfies Words<typeof tutorAvailabilityStatuses>,
  progressStatus: {
    NOT_STARTED: 'Not started',
    IN_PROGRESS: 'In progress',
    COMPLETED: 'Done',
  } satisfies Words<typeof progressStatuses>,
  roleType: { admin: 'Admin', user: 'User' } satisfies Words<typeof roleTypes>,
  userType: {
    student: 'Student',
    parent: 'Parent',
    tutor: 'Tutor',
    admin: 'Admin',
    guest: 'Guest',
  } satisfies Words<typeof userTypes>,
};

/** A select's choices for every value of an enum, in the enum's order. */
export function enumOptions<V extends string>(
  values: readonly V[],
  words: Record<V, string>,
): Array<{ value: V; label: string }> {
  return values.map((value) => ({ value, label: words[value] }));
}

/**
 * The words for a value read as a plain string (e.g. a status field the route declares as a string): its
 * label when it has one, otherwise the value in sentence case ("ON_HOLD" reads "On hold"), never the code.
 */
export function labelOf(words: Readonly<Record<string, string>>, value: string): string {
  const known = words[value];
  if (known !== undefined) return known;
  const spaced = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
