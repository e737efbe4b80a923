import { describe, expect, it } from 'vitest';
import { money, sum } from '../money/money';
import { waiverEffect } from './penalty-waivers';
import {
  adjustmentPayLine,
  lessonPayLines,
  payTotals,
  tutorPayLines,
  waiverPayLines,
} from './tutor-pay-totals';

const usd = (value: number) => money(value, 'USD');

const lesson = (overrides: Record<string, unknown> = {}) => ({
  _id: 'lesson-1',
  start: '2026-03-10T09:00:00.000Z',
  course: { _id: 'course-1', title: 'IGCSE Physics' },
  tutorRate: usd(40),
  tutorAmountCurrency: 'USD' as const,
  allocatedTutorAmount: usd(30),
  tutorAmount: usd(30),
  ...overrides,
});

const waiver = (overrides: Record<string, unknown> = {}) => ({
  _id: 'waiver-1',
  type: 'DEDUCTION' as const,
  amount: usd(5),
  lessonStart: '2026-03-11T09:00:00.000Z',
  createdAt: '2026-03-12T09:00:00.000Z',
  reason: 'Late cancel',
  ...overrides,
});

describe('a lesson row in the totals', () => {
  it('splits its tutor amount into its parts, which add up to it', () => {
    // Prepare: 30.00 allocated, a 10% penalty (-3.00), an approved 15-minute extension (+10.00) and an
    // admin adjustment of +2.50: the row's amount is 39.50.
    const row = lesson({
      tutorPenaltyAmount: usd(3),
      lessonExtensionTutorAmount: usd(10),
      classExtensionRequestStatus: 'APPROVED',
      tutorAmount: usd(39.5),
    });

    // Act
    const lines = lessonPayLines(row);

    // Assess
    expect(lines.map((line) => [line.part, line.amount.minor])).toEqual([
      ['lessons', 3000],
      ['extensions', 1000],
      ['penalties', -300],
      ['adjustments', 250],
    ]);
    expect(
      sum(
        lines.map((line) => line.amount),
        'USD',
      ),
    ).toEqual(row.tutorAmount);
    expect(lines.every((line) => line.source === 'LESSON' && line.sourceId === 'lesson-1')).toBe(true);
  });

  it('counts an approved trial conversion as lesson pay, and a declined extension not at all', () => {
    const row = lesson({
      isTrialConverted: true,
      trialConversionStatus: 'APPROVED',
      trialConversionAmount: usd(15),
      lessonExtensionTutorAmount: usd(10),
      classExtensionRequestStatus: 'DECLINED',
      tutorAmount: usd(45),
    });
    expect(lessonPayLines(row).map((line) => [line.part, line.amount.minor])).toEqual([['lessons', 4500]]);
  });

  it('gives no line for a row with no pay yet', () => {
    expect(lessonPayLines(lesson({ tutorAmount: null, tutorAmountCurrency: null, tutorRate: null }))).toEqual(
      [],
    );
  });
});

describe('a penalty waiver in the totals', () => {
  it('is a penalty while it stands, and a penalty waived once its appeal is accepted', () => {
    for (const appealStatus of [undefined, 'PENDING', 'REJECTED', 'ACCEPTED'] as const) {
      const record = waiver(appealStatus ? { appealStatus } : {});
      const lines = waiverPayLines(record);
      // The lines always add up to the waiver's effect on the pay.
      expect(
        sum(
          lines.map((line) => line.amount),
          'USD',
        ),
      ).toEqual(waiverEffect(record));
      expect(lines.map((line) => line.part)).toEqual(
        appealStatus === 'ACCEPTED' ? ['penalties', 'waived'] : ['penalties'],
      );
    }
  });

  it('is a penalty given back when it is an addition, dated by its lesson or else its creation', () => {
    const [line] = waiverPayLines(waiver({ type: 'ADDITION', lessonStart: null }));
    expect(line).toMatchObject({ part: 'waived', amount: usd(5), at: '2026-03-12T09:00:00.000Z' });
  });
});

describe('payTotals', () => {
  it('is lessons + extensions - penalties + waived +/- adjustments, per currency', () => {
    // Prepare
    const lines = tutorPayLines({
      lessons: [
        lesson({
          tutorPenaltyAmount: usd(3),
          lessonExtensionTutorAmount: usd(10),
          classExtensionRequestStatus: 'APPROVED',
          tutorAmount: usd(37),
        }),
        lesson({ _id: 'lesson-2', start: '2026-03-01T09:00:00.000Z' }),
      ],
      waivers: [
        waiver(),
        waiver({ _id: 'waiver-2', appealStatus: 'ACCEPTED', amount: usd(4) }),
        waiver({ _id: 'waiver-3', type: 'ADDITION', amount: usd(1) }),
      ],
      adjustments: [
        {
          _id: 'adj-1',
          type: 'ADDITION',
          amount: usd(20),
          createdAt: '2026-03-20T00:00:00.000Z',
          note: 'Bonus',
        },
        {
          _id: 'adj-2',
          type: 'DEDUCTION',
          amount: usd(2.5),
          createdAt: '2026-03-21T00:00:00.000Z',
          note: 'x',
        },
        {
          _id: 'adj-3',
          type: 'ADDITION',
          amount: money(7, 'SGD'),
          createdAt: '2026-03-22T00:00:00.000Z',
          note: 'Paid in SGD',
        },
      ],
    });

    // Act
    const totals = payTotals(lines);

    // Assess
    expect(totals.map((t) => t.currency)).toEqual(['SGD', 'USD']);
    const usdTotal = totals[1];
    expect(usdTotal).toMatchObject({
      lessons: usd(60),
      extensions: usd(10),
      penalties: usd(-12),
      waived: usd(5),
      adjustments: usd(17.5),
      total: usd(80.5),
    });
    expect(totals[0]?.total).toEqual(money(7, 'SGD'));
    // Lines come by time: the lesson of March 1 first.
    expect(lines[0]?.sourceId).toBe('lesson-2');
  });

  it('signs a manual adjustment by its type', () => {
    expect(
      adjustmentPayLine({ _id: 'a', type: 'DEDUCTION', amount: usd(1), createdAt: 'x', note: 'n' }).amount,
    ).toEqual(usd(-1));
  });
});
