import { describe, expect, it } from 'vitest';
import { noRepeat, recurrenceOf, repeatsPreview, splitClashMessage } from './repeats-control';

describe('the Repeats control', () => {
  it('sends no recurrence for a lesson that does not repeat, else the chosen end', () => {
    expect(recurrenceOf(noRepeat)).toBeUndefined();
    expect(recurrenceOf({ ...noRepeat, frequency: 'WEEKLY', count: '6' })).toEqual({
      frequency: 'WEEKLY',
      count: 6,
    });
    expect(
      recurrenceOf({ ...noRepeat, frequency: 'FORTNIGHTLY', ends: 'UNTIL', until: '2027-05-01' }),
    ).toEqual({
      frequency: 'FORTNIGHTLY',
      until: '2027-05-01',
    });
  });

  it('previews the dates in the zone, or says why the series cannot be booked', () => {
    const start = '2027-03-24T10:00:00Z'; // Wednesday 10:00 GMT; BST from 28 March
    expect(
      repeatsPreview({ ...noRepeat, frequency: 'WEEKLY', count: '2' }, start, 60, 'Europe/London'),
    ).toEqual({
      dates: ['Wed 24 Mar 2027 10:00', 'Wed 31 Mar 2027 10:00'],
    });
    expect(
      repeatsPreview({ ...noRepeat, frequency: 'WEEKLY', count: '99' }, start, 60, 'Europe/London'),
    ).toEqual({
      error: 'A series has at most 52 lessons',
    });
    expect(
      repeatsPreview({ ...noRepeat, frequency: 'WEEKLY', ends: 'UNTIL' }, start, 60, 'Europe/London'),
    ).toEqual({
      error: 'Choose the last date',
    });
    expect(repeatsPreview(noRepeat, start, 60, 'Europe/London')).toBeUndefined();
  });

  it('splits the 409 of a refused series into its sentence and dates', () => {
    expect(
      splitClashMessage(
        'The series was not booked: 2 dates clash with other lessons (Europe/London): Wed 24 Mar 2027 10:00, Wed 31 Mar 2027 10:00',
      ),
    ).toEqual([
      'The series was not booked: 2 dates clash with other lessons (Europe/London)',
      ['Wed 24 Mar 2027 10:00', 'Wed 31 Mar 2027 10:00'],
    ]);
    expect(splitClashMessage('Sorry')).toEqual(['Sorry', []]);
  });
});
