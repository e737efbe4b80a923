import { describe, expect, it } from 'vitest';
import { canBook, changeBooking, emptyBooking, readyForSlots, slotsHint } from './booking-state';

const full = {
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  date: '2030-01-02',
  slot: 'x',
};

describe('the trial booking dialog state', () => {
  it('clears what depends on a changed choice', () => {
    expect(changeBooking(full, 'curriculum', 'IB Diploma')).toEqual({
      ...full,
      curriculum: 'IB Diploma',
      subject: '',
      grade: '',
      slot: '',
    });
    expect(changeBooking(full, 'subject', 'Physics')).toEqual({
      ...full,
      subject: 'Physics',
      grade: '',
      slot: '',
    });
    expect(changeBooking(full, 'date', '2030-01-03')).toEqual({ ...full, date: '2030-01-03', slot: '' });
    expect(changeBooking(full, 'slot', 'y')).toEqual({ ...full, slot: 'y' });
  });

  it('asks for slots once curriculum, subject, grade and date are set, and books only with all five', () => {
    expect(readyForSlots(emptyBooking)).toBe(false);
    expect(readyForSlots({ ...full, slot: '' })).toBe(true);
    expect(canBook({ ...full, slot: '' })).toBe(false);
    expect(canBook({ ...full, grade: '' })).toBe(false);
    expect(canBook(full)).toBe(true);
  });

  it('says what is missing before slots can be shown', () => {
    const zone = 'Asia/Singapore';
    expect(slotsHint(emptyBooking, zone)).toBe('Select curriculum, subject and grade');
    expect(slotsHint({ ...full, grade: '' }, zone)).toBe('Select curriculum, subject and grade');
    // Everything chosen but the date cleared: the date is what is missing.
    expect(slotsHint({ ...full, date: '' }, zone)).toBe('Select a date');
    expect(slotsHint({ ...full, date: '2020-01-01' }, zone)).toBe('Select a date from today on');
    expect(slotsHint(full, zone)).toBeUndefined();
  });
});
