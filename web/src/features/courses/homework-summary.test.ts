import { expect, it } from 'vitest';
import { submissionSummary } from './homework-summary';

const submissions = (...statuses: string[]) => statuses.map((status) => ({ status }));

it('says how many students handed homework in and how many wait for a review', () => {
  expect(submissionSummary({ totalDocs: 0, docs: [] })).toEqual({ label: 'No submissions yet', toReview: 0 });
  expect(submissionSummary({ totalDocs: 1, docs: submissions('SUBMITTED') })).toEqual({
    label: '1 submission · 1 to review',
    toReview: 1,
  });
  expect(
    submissionSummary({ totalDocs: 3, docs: submissions('REVIEWED', 'SUBMITTED', 'REVIEWED') }).label,
  ).toBe('3 submissions · 1 to review');
  expect(submissionSummary({ totalDocs: 2, docs: submissions('REVIEWED', 'REVIEWED') }).label).toBe(
    '2 submissions · all reviewed',
  );
});

it('marks the to-review count as a floor when only the first page was read', () => {
  expect(submissionSummary({ totalDocs: 150, docs: submissions('SUBMITTED', 'REVIEWED') }).label).toBe(
    '150 submissions · 1+ to review',
  );
});
