import { describe, expect, it } from 'vitest';
import { money } from '../money/money';
import type { LessonHistory } from '../schemas/lesson-history';
import { toLessonHistory } from './lesson-history';
import { exportColumns, lessonHistoryCsv } from './lesson-history-columns';
import {
  allocatedAmount,
  changeOf,
  extensionAmount,
  ONE_TO_ONE_COURSE_TYPE_MESSAGE,
  payAtWrite,
  penaltyAmount,
  rateClassOf,
  rateCourseTypeProblem,
  rateKindOf,
  tutorAmountOf,
} from './tutor-pay';
import type { TutorRateTerms } from './tutor-rates';

const row: LessonHistory = toLessonHistory(
  {
    _id: 'lesson-1',
    title: 'Kinematics',
    start: '2026-03-10T09:00:00.000Z',
    end: '2026-03-10T09:45:00.000Z',
    type: 'LESSON',
    course: 'course-1',
    tutorId: 'tutor-1',
    studentIds: ['student-1'],
  },
  {
    _id: 'course-1',
    title: 'IGCSE Physics',
    subject: 'Physics',
    curriculum: 'Cambridge IGCSE',
    grade: 'Grade 10',
    type: 'One-to-One',
    paymentType: 'CREDIT',
    isTrial: false,
  },
  [
    { _id: 'tutor-1', firstname: 'Tom', lastname: 'Reed', country: 'Singapore' },
    { _id: 'student-1', firstname: '=1+1', lastname: 'Sam', country: 'United Kingdom' },
  ],
  '2026-03-10T09:50:00.000Z',
);

const rate = (overrides: Partial<TutorRateTerms> = {}): TutorRateTerms => ({
  _id: 'rate-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  effectiveFrom: '2026-01-01T00:00:00.000Z',
  tutorCountry: '',
  studentCountry: '',
  kind: '',
  curriculum: '',
  grade: '',
  rate: money(25, 'USD'),
  ...overrides,
});

describe('amounts', () => {
  it('pays the rate for the minutes taught, rounding half away from zero', () => {
    expect(allocatedAmount(money(25, 'USD'), 45)).toEqual(money('18.75', 'USD'));
    // 10.00 an hour for 20 minutes is 3.333...: 3.33.
    expect(allocatedAmount(money(10, 'USD'), 20)).toEqual(money('3.33', 'USD'));
    // 0.05 an hour for 30 minutes is 0.025: 0.03.
    expect(allocatedAmount(money('0.05', 'USD'), 30)).toEqual(money('0.03', 'USD'));
    // No minor unit: 1000 yen an hour for 50 minutes is 833.33: 833.
    expect(allocatedAmount(money(1000, 'JPY'), 50)).toEqual(money(833, 'JPY'));
  });

  it('takes a penalty as a whole percent of the allocated amount', () => {
    expect(penaltyAmount(money('18.75', 'USD'), 10)).toEqual(money('1.88', 'USD'));
    expect(penaltyAmount(money('18.75', 'USD'), 0)).toEqual(money(0, 'USD'));
    expect(penaltyAmount(money('18.75', 'USD'), 100)).toEqual(money('18.75', 'USD'));
  });

  it('pays an extension at the hourly rate and sums entries exactly', () => {
    expect(extensionAmount(money(25, 'USD'), 15)).toEqual(money('6.25', 'USD'));
    const entries = [{ amount: money('0.1', 'USD') }, { amount: money('0.2', 'USD') }];
    expect(tutorAmountOf(entries, 'USD')).toEqual(money('0.3', 'USD'));
  });
});

describe('payAtWrite', () => {
  it("fixes the rate in force at the lesson's start and allocates it", () => {
    // Prepare
    const march = rate({ _id: 'march', effectiveTo: '2026-04-01T00:00:00.000Z' });
    const april = rate({ _id: 'april', effectiveFrom: '2026-04-01T00:00:00.000Z', rate: money(40, 'USD') });
    // Act
    const paid = payAtWrite(
      row,
      { tutor: [], general: [april, march] },
      { tutorCountry: 'Singapore', studentCountry: 'United Kingdom', kind: '' },
      'SGD',
    );
    // Assess
    expect(paid).toMatchObject({
      tutorRate: money(25, 'USD'),
      tutorRateId: 'march',
      tutorRateSource: 'GENERAL',
      allocatedTutorAmount: money('18.75', 'USD'),
      tutorAmount: money('18.75', 'USD'),
      tutorAmountCurrency: 'USD',
    });
  });

  it("starts at zero in the school's currency when no rate fits", () => {
    const paid = payAtWrite(
      row,
      { tutor: [], general: [rate({ grade: 'Grade 12' })] },
      { tutorCountry: '', studentCountry: '', kind: '' },
      'SGD',
    );
    expect(paid).toMatchObject({ tutorRate: null, allocatedTutorAmount: null, tutorAmount: money(0, 'SGD') });
  });

  it('pays group lessons from the group rates and the others from the one-to-one rates', () => {
    expect(rateClassOf({ lessonType: 'GROUP' })).toBe('GROUP');
    expect(rateClassOf({ lessonType: 'TRIAL' })).toBe('ONETOONE');
    expect(rateClassOf({ lessonType: '1 on 1' })).toBe('ONETOONE');
  });
});

describe('the kind a lesson is rated as', () => {
  const course = { rateCourseType: 'type-workshop' };
  const student = { rateStudentType: 'type-exam' };

  it("takes a group lesson's course type and another lesson's student type, '' when none", () => {
    expect(rateKindOf('GROUP', course, student)).toBe('type-workshop');
    expect(rateKindOf('ONETOONE', course, student)).toBe('type-exam');
    expect(rateKindOf('ONETOONE', course, {})).toBe('');
    expect(rateKindOf('GROUP', undefined, student)).toBe('');
    expect(rateKindOf('ONETOONE', undefined, undefined)).toBe('');
  });

  it('refuses a course type for a one-to-one course when a save gives it one or makes a typed course one-to-one', () => {
    const group = { type: 'Group', rateCourseType: 'type-workshop' };
    const oneToOne = { type: 'One-to-One', rateCourseType: 'type-workshop' };
    expect(rateCourseTypeProblem(undefined, group)).toBeUndefined();
    expect(rateCourseTypeProblem(undefined, { type: 'One-to-One', rateCourseType: '' })).toBeUndefined();
    expect(rateCourseTypeProblem(undefined, oneToOne)).toBe(ONE_TO_ONE_COURSE_TYPE_MESSAGE);
    expect(rateCourseTypeProblem({ type: 'One-to-One' }, oneToOne)).toBe(ONE_TO_ONE_COURSE_TYPE_MESSAGE);
    expect(rateCourseTypeProblem(group, oneToOne)).toBe(ONE_TO_ONE_COURSE_TYPE_MESSAGE);
    // A course stored so before the rule still saves its other fields.
    expect(rateCourseTypeProblem(oneToOne, oneToOne)).toBeUndefined();
  });

  it('pays a lesson of a kind at its typed rate over an "any" rate, and another kind at the "any" rate', () => {
    // Prepare: the typed rate is newer and the "any" rate older, but specificity decides first.
    const any = rate({ _id: 'any', createdAt: '2026-02-01T00:00:00.000Z', rate: money(25, 'USD') });
    const exam = rate({ _id: 'exam', kind: 'type-exam', rate: money(40, 'USD') });
    const general = [any, exam];
    const facts = { tutorCountry: 'Singapore', studentCountry: 'United Kingdom' };
    // Act
    const ofExam = payAtWrite(row, { tutor: [], general }, { ...facts, kind: 'type-exam' }, 'USD');
    const ofOther = payAtWrite(row, { tutor: [], general }, { ...facts, kind: 'type-casual' }, 'USD');
    const ofNone = payAtWrite(row, { tutor: [], general }, { ...facts, kind: '' }, 'USD');
    // Assess: the kind is kept on the row with the rate it chose.
    expect(ofExam).toMatchObject({
      tutorRateId: 'exam',
      tutorRateKind: 'type-exam',
      tutorRate: money(40, 'USD'),
    });
    expect(ofOther).toMatchObject({ tutorRateId: 'any', tutorRateKind: 'type-casual' });
    expect(ofNone).toMatchObject({ tutorRateId: 'any', tutorRateKind: '' });
  });

  it('leaves a lesson of a kind no rate names unpaid when only typed rates exist', () => {
    const paid = payAtWrite(
      row,
      { tutor: [], general: [rate({ kind: 'type-exam' })] },
      { tutorCountry: '', studentCountry: '', kind: 'type-casual' },
      'SGD',
    );
    expect(paid).toMatchObject({
      tutorRate: null,
      tutorRateKind: 'type-casual',
      tutorAmount: money(0, 'SGD'),
    });
  });
});

describe('changeOf', () => {
  const paid = payAtWrite(
    row,
    { tutor: [], general: [rate()] },
    { tutorCountry: '', studentCountry: '', kind: '' },
    'USD',
  );

  it('writes the difference of a changed penalty, nothing for the same one', () => {
    // Prepare
    const tenPercent = { ...paid, tutorPenalty: 10, tutorPenaltyAmount: money('1.88', 'USD') };
    const twentyPercent = { ...paid, tutorPenalty: 20, tutorPenaltyAmount: money('3.75', 'USD') };
    // Act / Assess
    expect(changeOf(paid, tenPercent, 'PENALTY', 'late')?.amount).toEqual(money('-1.88', 'USD'));
    expect(changeOf(tenPercent, twentyPercent, 'PENALTY', 'later')?.amount).toEqual(money('-1.87', 'USD'));
    expect(changeOf(twentyPercent, twentyPercent, 'PENALTY', 'same')).toBeUndefined();
  });

  it('pays an extension only once approved', () => {
    const pending = {
      ...paid,
      lessonExtension: 15,
      lessonExtensionTutorAmount: money('6.25', 'USD'),
      classExtensionRequestStatus: 'PENDING' as const,
    };
    const approved = { ...pending, classExtensionRequestStatus: 'APPROVED' as const };
    expect(changeOf(paid, pending, 'EXTENSION', 'x')).toBeUndefined();
    expect(changeOf(pending, approved, 'EXTENSION', 'x')?.amount).toEqual(money('6.25', 'USD'));
    expect(changeOf(approved, pending, 'EXTENSION', 'x')?.amount).toEqual(money('-6.25', 'USD'));
  });
});

describe('the CSV export', () => {
  const paid = payAtWrite(
    row,
    { tutor: [], general: [rate()] },
    { tutorCountry: '', studentCountry: '', kind: '' },
    'USD',
  );

  it('has exactly the columns held, money as major units, formulas defused', () => {
    // Prepare
    const held = new Set(['referenceKey', 'students', 'tutorAmount']);
    // Act
    const csv = lessonHistoryCsv(
      [paid],
      exportColumns((c) => held.has(c), false),
      'UTC',
    );
    // Assess
    const [header, line] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'Reference key,Students,Allocated tutor amount,Lesson extension (minutes),Lesson extension amount,Tutor amount,Tutor amount currency',
    );
    expect(line).toBe("lesson-1,'=1+1 Sam,18.75,,,18.75,USD");
  });

  it('leaves the admin-only columns out for a role that is not back-office', () => {
    const withNotes = {
      ...paid,
      adminNotes: [{ noteId: 'n', note: 'a, "b"', createdBy: 'a', createdAt: '' }],
    };
    const all = () => true;
    expect(lessonHistoryCsv([withNotes], exportColumns(all, false), 'UTC')).not.toContain('Admin notes');
    expect(lessonHistoryCsv([withNotes], exportColumns(all, true), 'UTC')).toContain('"a, ""b"""');
  });
});
