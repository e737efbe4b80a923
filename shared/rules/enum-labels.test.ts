import { describe, expect, it } from 'vitest';
import { progressStatuses } from '../learning/progress';
import {
  requesterRoles,
  requestStatuses,
  requestTypes,
  tutorPaymentStatuses,
} from '../scheduling/lesson-changes';
import { tutorAvailabilityStatuses } from '../schemas/availability';
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
import { trialOutcomes, trialStatuses } from '../schemas/trial';
import { userTypes } from '../schemas/user';
import { enumLabels, enumOptions, labelOf } from './enum-labels';

/** Every labelled enum's values as the schemas declare them (the type lists every map of `enumLabels`). */
const enumValues: { [Name in keyof typeof enumLabels]: readonly string[] } = {
  courseStatus: courseStatuses,
  classType: classTypes,
  paymentType: paymentTypes,
  enrolment: enrolments,
  enrolmentType: enrolmentTypes,
  courseTutorType: courseTutorTypes,
  memberStatus: memberStatuses,
  lessonType: lessonTypes,
  sectionKind: sectionKinds,
  lessonKind: lessonKinds,
  templateSectionKind: templateSectionKinds,
  lessonStatus: sectionStatuses,
  sectionAudience: sectionAudiences,
  sectionBilling: sectionBillings,
  resourceKind: resourceKinds,
  requestType: requestTypes,
  requestStatus: requestStatuses,
  requesterRole: requesterRoles,
  tutorPaymentStatus: tutorPaymentStatuses,
  reportedIssueKind: reportedIssueKinds,
  reportedIssueStatus: reportedIssueStatuses,
  sitemapStatus: sitemapStatuses,
  sitemapTrigger: sitemapTriggers,
  trialStatus: trialStatuses,
  trialOutcome: trialOutcomes,
  tutorAvailabilityStatus: tutorAvailabilityStatuses,
  progressStatus: progressStatuses,
  roleType: roleTypes,
  userType: userTypes,
};

const isLabelled = (name: string): name is keyof typeof enumLabels => name in enumLabels;

describe('enumLabels', () => {
  it.each(Object.entries(enumValues))('gives every value of %s words, and nothing else', (name, values) => {
    if (!isLabelled(name)) throw new Error(`${name} is not in enumLabels`);
    const words: Record<string, string> = enumLabels[name];
    expect(Object.keys(words).sort()).toEqual([...values].sort());
    for (const value of values) {
      const label = words[value] ?? '';
      expect(label.trim(), `${name}.${value}`).not.toBe('');
      // Words, not the stored code: no SCREAMING_CASE or snake_case shown to people
      expect(label, `${name}.${value}`).not.toMatch(/^[A-Z0-9_]{2,}$|_/);
    }
  });

  it('lists an enum as a select’s choices in its own order', () => {
    expect(enumOptions(lessonTypes, enumLabels.lessonType)).toEqual([
      { value: '1 on 1', label: 'One-to-one' },
      { value: 'GROUP', label: 'Group' },
      { value: 'TRIAL', label: 'Free trial' },
    ]);
  });
});

describe('labelOf', () => {
  it('reads a known value by its label and an unknown one in sentence case, never as the code', () => {
    expect(labelOf(enumLabels.lessonStatus, 'ACTIVE')).toBe('Scheduled');
    expect(labelOf(enumLabels.lessonStatus, 'ON_HOLD')).toBe('On hold');
    expect(labelOf(enumLabels.lessonStatus, '')).toBe('');
  });
});
