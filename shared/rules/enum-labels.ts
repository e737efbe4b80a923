import { progressStatuses } from '../learning/progress';
import { paymentTypes as financePaymentTypes } from '../money/finance';
import { ledgerEntryKinds, paymentKinds } from '../money/ledger';
import {
  requesterRoles,
  requestStatuses,
  requestTypes,
  tutorPaymentStatuses,
} from '../scheduling/lesson-changes';
import { tutorAvailabilityStatuses, tutorAvailabilityStatusLabels } from '../schemas/availability';
import { resourceKinds } from '../schemas/catalogue';
import {
  classTypes,
  courseStatuses,
  courseTutorTypes,
  enrolments,
  enrolmentTypes,
  memberStatuses,
  paymentTypes,
} from '../schemas/course';
import { templateSectionKinds } from '../schemas/course-template';
import { reportedIssueKinds, reportedIssueStatuses } from '../schemas/learning-data';
import { lessonTypes } from '../schemas/lesson-history';
import { roleTypes } from '../schemas/role';
import {
  lessonKinds,
  sectionAudiences,
  sectionBillings,
  sectionKinds,
  sectionStatuses,
} from '../schemas/section';
import { sitemapStatuses, sitemapTriggers } from '../schemas/sitemap';
import { trialOutcomeLabels, trialOutcomes, trialStatuses, trialStatusLabels } from '../schemas/trial';
import { userTypes } from '../schemas/user';

/** Each map of words to the enum values it was declared for (see `words`). */
const declaredValues = new WeakMap<object, readonly string[]>();

/**
 * An enum's words, typed by the enum: a value without words, or words for a value the enum does not have,
 * fail the typecheck. The map keeps its enum's values (`labelledValues`), so enum-labels.test.ts checks
 * every map of `enumLabels` at run time without listing the enums again.
 */
function words<const V extends string>(
  values: readonly V[],
  labels: NoInfer<Readonly<Record<V, string>>>,
): Readonly<Record<V, string>> {
  declaredValues.set(labels, values);
  return labels;
}

/** The enum values a map of `enumLabels` was declared for (undefined for a map not made by `words`). */
export function labelledValues(labels: object): readonly string[] | undefined {
  return declaredValues.get(labels);
}

/**
 * The words people read for each stored value the screens show (issue #16 item 10): one module, so "ACTIVE",
 * "GROUP" or "ONE_TO_ONE" never reach a page and a value reads the same on every page. The stored values
 * stay the contract's; only what is shown changes. Each map is made by `words` from its enum.
 */
export const enumLabels = {
  courseStatus: words(courseStatuses, { ACTIVE: 'Active', DRAFT: 'Draft' }),
  classType: words(classTypes, { 'One-to-One': 'One-to-one', Group: 'Group' }),
  paymentType: words(paymentTypes, { ONETIME: 'One-time', SUBSCRIPTION: 'Subscription', CREDIT: 'Credit' }),
  enrolment: words(enrolments, { ENROLLED: 'Enrolled', UNENROLLED: 'Unenrolled' }),
  enrolmentType: words(enrolmentTypes, {
    ONETIME: 'One-time',
    SUBSCRIPTION: 'Subscription',
    CREDIT: 'Credit',
    TRIAL: 'Free trial',
  }),
  courseTutorType: words(courseTutorTypes, { PRIMARY: 'Primary', SUBSTITUTE: 'Substitute', TRIAL: 'Trial' }),
  memberStatus: words(memberStatuses, { ENABLE: 'Enabled', DISABLE: 'Disabled' }),
  /** The lesson history's lesson type. */
  lessonType: words(lessonTypes, { '1 on 1': 'One-to-one', GROUP: 'Group', TRIAL: 'Free trial' }),
  /** What a section of each kind is called in section trees and lesson lists. */
  sectionKind: words(sectionKinds, {
    SECTION: 'Folder',
    TEAMS: 'Teams meeting',
    ZOOM: 'Zoom meeting',
    RESOURCE: 'Resource',
    HOMEWORK: 'Homework',
  }),
  lessonKind: words(lessonKinds, { TEAMS: 'Teams meeting', ZOOM: 'Zoom meeting' }),
  templateSectionKind: words(templateSectionKinds, {
    SECTION: 'Section',
    RESOURCE: 'Resource',
    HOMEWORK: 'Homework',
  }),
  /** A lesson's status on calendars and lesson lists: an active lesson is one still to happen. */
  lessonStatus: words(sectionStatuses, {
    ACTIVE: 'Scheduled',
    CANCELLED: 'Cancelled',
    COMPLETED: 'Completed',
  }),
  sectionAudience: words(sectionAudiences, { STUDENT: 'Students', TUTOR: 'Tutors only' }),
  sectionBilling: words(sectionBillings, { BILLABLE: 'Billable', NON_BILLABLE: 'Non-billable' }),
  resourceKind: words(resourceKinds, {
    NOTES: 'Notes',
    WORKSHEET: 'Worksheet',
    PAST_PAPER: 'Past paper',
    MARK_SCHEME: 'Mark scheme',
    LINK: 'Link',
  }),
  requestType: words(requestTypes, { CANCEL: 'Cancel', RESCHEDULE: 'Reschedule', DELETE: 'Delete' }),
  requestStatus: words(requestStatuses, { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' }),
  requesterRole: words(requesterRoles, { STUDENT: 'Student', TUTOR: 'Tutor', ADMIN: 'Admin' }),
  tutorPaymentStatus: words(tutorPaymentStatuses, { PROCESSING: 'Processing', PAID: 'Paid' }),
  reportedIssueKind: words(reportedIssueKinds, { ISSUE: 'Page issue', BROKEN_RESOURCE: 'Broken link' }),
  reportedIssueStatus: words(reportedIssueStatuses, { OPEN: 'Open', RESOLVED: 'Resolved' }),
  sitemapStatus: words(sitemapStatuses, { RUNNING: 'Running', COMPLETED: 'Completed', FAILED: 'Failed' }),
  sitemapTrigger: words(sitemapTriggers, {
    admin: 'Admin',
    schedule: 'Daily schedule',
    tenantCreated: 'School created',
    catalogueChanged: 'Catalogue changed',
  }),
  trialStatus: words(trialStatuses, trialStatusLabels),
  trialOutcome: words(trialOutcomes, trialOutcomeLabels),
  tutorAvailabilityStatus: words(tutorAvailabilityStatuses, tutorAvailabilityStatusLabels),
  progressStatus: words(progressStatuses, {
    NOT_STARTED: 'Not started',
    IN_PROGRESS: 'In progress',
    COMPLETED: 'Done',
  }),
  /** What a payment was for (spec 002 section 9 payment types). */
  financePaymentType: words(financePaymentTypes, {
    FLEXIBLE: 'Flexible plan',
    SUBSCRIPTION: 'Subscription',
    INVOICE: 'Invoice',
    CUSTOM_PLAN: 'Custom plan',
    COURSE: 'Course',
    PREMIUM_UPGRADE: 'Premium upgrade',
    COURSE_TOPUP: 'Course credits',
  }),
  /** A payment history record's state. */
  paymentKind: words(paymentKinds, {
    PAYMENT: 'Paid',
    REFUND: 'Refunded',
    DISPUTE: 'Disputed',
    DISPUTE_WON: 'Dispute won',
    DISPUTE_LOST: 'Dispute lost',
    FAILED: 'Failed',
  }),
  /** A transaction log's (ledger entry's) kind: money moved, credits, lesson minutes or access. */
  ledgerEntryKind: words(ledgerEntryKinds, {
    PAYMENT: 'Payment',
    REFUND: 'Refund',
    DISPUTE: 'Dispute',
    DISPUTE_WON: 'Dispute won',
    ADJUSTMENT: 'Adjustment',
    ENROLMENT: 'Enrolment credits',
    TOPUP: 'Credits bought',
    USE: 'Credit used',
    RETURN: 'Credit returned',
    REVERSAL: 'Credits reversed',
    PLAN_MINUTES: 'Minutes bought',
    MINUTES_USE: 'Minutes used',
    MINUTES_RETURN: 'Minutes returned',
    MINUTES_REVERSAL: 'Minutes reversed',
    PLAN_ACCESS: 'Access bought',
    ACCESS_REVERSAL: 'Access reversed',
  }),
  roleType: words(roleTypes, { admin: 'Admin', user: 'User' }),
  userType: words(userTypes, {
    student: 'Student',
    parent: 'Parent',
    tutor: 'Tutor',
    admin: 'Admin',
    guest: 'Guest',
  }),
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
