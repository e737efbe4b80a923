import { describe, expect, it } from 'vitest';
import { requestPageQuery, timeRange } from './request-view';

describe('the My requests view from its address', () => {
  it('reads the status, type, page and open request', () => {
    expect(requestPageQuery(new URLSearchParams('status=PENDING&type=RESCHEDULE&page=2&id=r1'))).toEqual({
      status: 'PENDING',
      type: 'RESCHEDULE',
      page: 2,
      id: 'r1',
    });
  });

  it('falls back to everything, first page, for missing or unknown values', () => {
    expect(requestPageQuery(new URLSearchParams(''))).toEqual({ status: '', type: '', page: 0, id: '' });
    expect(requestPageQuery(new URLSearchParams('status=DONE&type=DELETE&page=-1'))).toMatchObject({
      status: '',
      type: '',
      page: 0,
    });
    expect(requestPageQuery(new URLSearchParams('page=1.5')).page).toBe(0);
    expect(requestPageQuery(new URLSearchParams('page=abc')).page).toBe(0);
  });
});

describe('a request time range', () => {
  it('shows both ends in the viewer’s zone, across a date line', () => {
    const start = '2026-03-29T00:30:00.000Z';
    const end = '2026-03-29T01:30:00.000Z';
    // London moves to summer time at 01:00 UTC that night.
    expect(timeRange(start, end, 'Europe/London')).toBe('2026 Mar 29, 12:30 AM – 02:30 AM');
    expect(timeRange(start, end, 'America/New_York')).toBe('2026 Mar 28, 08:30 PM – 09:30 PM');
  });

  it('is a dash without a start (a cancel has no new time)', () => {
    expect(timeRange(null, null, 'UTC')).toBe('-');
  });
});
