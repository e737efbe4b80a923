import { expect, it } from 'vitest';
import { routes } from './catalogue';

it('declares the response schema of every route that answers JSON (only the calendar feed and the lesson history CSV answer text)', () => {
  // The pipeline sends only what the schema declares, and the tests' client checks every answer against it.
  expect(routes.filter((r) => !r.response).map((r) => r.id)).toEqual([
    'schedule.feed',
    'lessonHistory.export',
  ]);
});
