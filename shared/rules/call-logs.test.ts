import { describe, expect, it } from 'vitest';
import { callStatus, lateMinutes } from './call-logs';

describe('callStatus', () => {
  it('names who was missing', () => {
    const at = '2026-01-01T10:00:00Z';
    expect(callStatus({ tutorJoinTime: at, studentJoinTime: at })).toBe('COMPLETED');
    expect(callStatus({ tutorJoinTime: at, studentJoinTime: null })).toBe('STUDENT_ABSENT');
    expect(callStatus({ tutorJoinTime: null, studentJoinTime: at })).toBe('TUTOR_ABSENT');
    expect(callStatus({ tutorJoinTime: null, studentJoinTime: null })).toBe('MISSED');
  });
});

describe('lateMinutes', () => {
  it('is whole minutes after the start, 0 when early or within the minute', () => {
    const start = '2026-01-01T10:00:00Z';
    expect(lateMinutes(start, '2026-01-01T09:55:00Z')).toBe(0);
    expect(lateMinutes(start, '2026-01-01T10:00:59Z')).toBe(0);
    expect(lateMinutes(start, '2026-01-01T10:01:00Z')).toBe(1);
    expect(lateMinutes(start, '2026-01-01T10:12:30Z')).toBe(12);
    expect(lateMinutes(start, null)).toBeNull();
  });
});
