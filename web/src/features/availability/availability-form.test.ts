import { describe, expect, it } from 'vitest';
import { availabilityInputSchema } from '../../../../shared/schemas/availability';
import type { AuthUser } from '../../../../shared/schemas/user';
import {
  type AvailabilityDraft,
  canEditAnyAvailability,
  changeSubject,
  fromWeekRows,
  type HoursRow,
  isStatusHeldByAdmin,
  newRowId,
  optionsWith,
  overlappingRanges,
  rangeError,
  statusOptions,
  suggestExceptionDate,
  suggestRange,
  timeZoneOptions,
  toDraft,
  toInput,
  toWeekRows,
  validateDraft,
  weekdayNames,
} from './availability-form';

const saved = {
  timezone: 'Europe/London',
  status: 'available' as const,
  weeklyHours: [
    { weekday: 1, from: '13:00', to: '17:00' },
    { weekday: 1, from: '09:00', to: '12:00' },
    { weekday: 6, from: '10:00', to: '13:00' },
  ],
  exceptions: [
    { date: '2030-01-05', kind: 'extraHours' as const, hours: [{ from: '08:00', to: '10:00' }] },
    { date: '2030-01-02', kind: 'dayOff' as const },
  ],
  windows: [{ status: 'ENABLE' as const, startDate: '2030-01-01', endDate: null }],
  subjects: [{ curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' }],
};

const emptyDraft: AvailabilityDraft = {
  timezone: 'Europe/London',
  status: 'available',
  week: weekdayNames.map(() => []),
  exceptions: [],
  windows: [],
  subjects: [],
};

/** Rows without their React keys. */
const plain = <T extends { id: string }>(rows: T[] | undefined) => rows?.map(({ id: _id, ...rest }) => rest);
const hours = (from: string, to: string) => ({ id: newRowId(), from, to });

const userWith = (permissions: Record<string, string[]>) =>
  ({ role: { permissions } }) as unknown as AuthUser;

describe('weekly hours as per-day rows', () => {
  it('puts each range on its weekday, Sunday first, sorted by start', () => {
    const week = toWeekRows(saved.weeklyHours);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual([]);
    expect(plain(week[1])).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ]);
    expect(plain(week[6])).toEqual([{ from: '10:00', to: '13:00' }]);
    expect(new Set(week.flat().map((row) => row.id)).size).toBe(3);
  });

  it('turns the rows back into the weekly list, by weekday then start', () => {
    expect(fromWeekRows(toWeekRows(saved.weeklyHours))).toEqual([
      { weekday: 1, from: '09:00', to: '12:00' },
      { weekday: 1, from: '13:00', to: '17:00' },
      { weekday: 6, from: '10:00', to: '13:00' },
    ]);
    expect(fromWeekRows(weekdayNames.map(() => []))).toEqual([]);
  });
});

describe('the draft and the PUT body', () => {
  it('round-trips the saved availability into a body the API accepts', () => {
    const body = toInput(toDraft(saved));
    expect(availabilityInputSchema.strict().safeParse(body).success).toBe(true);
    expect(body.exceptions).toEqual([
      { date: '2030-01-02', kind: 'dayOff' },
      { date: '2030-01-05', kind: 'extraHours', hours: [{ from: '08:00', to: '10:00' }] },
    ]);
    expect(body.windows).toEqual([{ status: 'ENABLE', startDate: '2030-01-01' }]);
    expect(body.subjects).toEqual(saved.subjects);
  });

  it('sends no hours with a day off, even when the row kept some', () => {
    const body = toInput({
      ...emptyDraft,
      exceptions: [{ id: 'e', date: '2030-02-01', kind: 'dayOff', hours: [hours('09:00', '10:00')] }],
    });
    expect(body.exceptions).toEqual([{ date: '2030-02-01', kind: 'dayOff' }]);
  });

  it('leaves out empty window dates', () => {
    const body = toInput({
      ...emptyDraft,
      windows: [{ id: 'w', status: 'DISABLE', startDate: '', endDate: '' }],
    });
    expect(body.windows).toEqual([{ status: 'DISABLE' }]);
  });
});

describe('validation', () => {
  it('wants both ends of a range and the end after the start', () => {
    expect(rangeError({ from: '09:00', to: '17:00' })).toBeUndefined();
    expect(rangeError({ from: '09:00', to: '24:00' })).toBeUndefined();
    expect(rangeError({ from: '', to: '17:00' })).toBe('Choose a start and an end time');
    expect(rangeError({ from: '17:00', to: '17:00' })).toBe('The end must be after the start');
    expect(rangeError({ from: '18:00', to: '09:00' })).toBe('The end must be after the start');
    expect(rangeError({ from: '9:00', to: '17:00' })).toBe('Use times as HH:mm');
  });

  it('finds overlapping ranges but lets ranges touch', () => {
    expect([
      ...overlappingRanges([
        { from: '09:00', to: '12:00' },
        { from: '11:00', to: '13:00' },
        { from: '13:00', to: '14:00' },
      ]),
    ]).toEqual([0, 1]);
  });

  it('keys each message by its place in the draft', () => {
    const week = weekdayNames.map((): HoursRow[] => []);
    week[2] = [hours('10:00', '09:00')];
    const errors = validateDraft({
      ...emptyDraft,
      timezone: 'GMT+1',
      week,
      exceptions: [
        { id: 'e1', date: '2030-01-02', kind: 'dayOff', hours: [] },
        { id: 'e2', date: '2030-01-02', kind: 'extraHours', hours: [] },
        { id: 'e3', date: '', kind: 'dayOff', hours: [] },
      ],
      windows: [{ id: 'w', status: 'ENABLE', startDate: '2030-02-01', endDate: '2030-01-01' }],
      subjects: [
        { id: 's1', curriculum: 'IB Diploma', subject: 'Physics', grade: 'Grade 11' },
        { id: 's2', curriculum: 'IB Diploma', subject: 'Physics', grade: 'Grade 11' },
        { id: 's3', curriculum: 'IB Diploma', subject: '', grade: '' },
      ],
    });
    expect(errors).toEqual({
      timezone: 'Use an IANA time zone such as Europe/London',
      'week.2.0': 'The end must be after the start',
      'exceptions.1.date': 'This date already has an exception',
      'exceptions.1.hours': 'Add at least one range of hours',
      'exceptions.2.date': 'Choose a date',
      'windows.0.endDate': 'The end date must not be before the start date',
      'subjects.1': 'This subject is already listed',
      'subjects.2': 'Choose a curriculum, subject and grade',
    });
    expect(validateDraft(toDraft(saved))).toEqual({});
  });
});

describe('editing helpers', () => {
  it('suggests 09:00-17:00 on an empty day, else the hour after the latest end', () => {
    expect(suggestRange([])).toMatchObject({ from: '09:00', to: '17:00' });
    expect(suggestRange([hours('09:00', '12:30')])).toMatchObject({ from: '12:30', to: '13:30' });
    expect(suggestRange([hours('20:00', '23:30')])).toMatchObject({ from: '', to: '' });
    expect(suggestRange([]).id).not.toBe(suggestRange([]).id);
  });

  it('suggests the day after the latest upcoming exception, else today', () => {
    const on = (date: string) => ({ id: date, date, kind: 'dayOff' as const, hours: [] });
    expect(suggestExceptionDate([], '2030-01-10')).toBe('2030-01-10');
    expect(suggestExceptionDate([on('2030-01-31'), on('2030-01-12')], '2030-01-10')).toBe('2030-02-01');
    expect(suggestExceptionDate([on('2029-12-31'), on('')], '2030-01-10')).toBe('2030-01-10');
  });

  it('keeps a value the catalogue no longer lists', () => {
    expect(optionsWith(['Physics'], 'Astronomy')).toEqual(['Astronomy', 'Physics']);
    expect(optionsWith(['Physics'], 'Physics')).toEqual(['Physics']);
    expect(optionsWith(['Physics'], '')).toEqual(['Physics']);
  });

  it('clears what depends on a changed curriculum or subject', () => {
    const row = { id: 's', curriculum: 'IB Diploma', subject: 'Physics', grade: 'Grade 11' };
    expect(changeSubject(row, 'curriculum', 'Cambridge IGCSE')).toEqual({
      id: 's',
      curriculum: 'Cambridge IGCSE',
      subject: '',
      grade: '',
    });
    expect(changeSubject(row, 'subject', 'Chemistry')).toEqual({ ...row, subject: 'Chemistry', grade: '' });
    expect(changeSubject(row, 'grade', 'Grade 12')).toEqual({ ...row, grade: 'Grade 12' });
  });

  it('treats schedule edit or admin-users edit as an admin', () => {
    expect(canEditAnyAvailability(userWith({ schedule: ['view', 'edit'] }))).toBe(true);
    expect(canEditAnyAvailability(userWith({ adminUsers: ['edit'] }))).toBe(true);
    expect(canEditAnyAvailability(userWith({ schedule: ['view'] }))).toBe(false);
    expect(canEditAnyAvailability(undefined)).toBe(false);
  });

  it('disables the admin-only statuses for a tutor, and holds them once set', () => {
    const forTutor = statusOptions(false);
    expect(forTutor.map((o) => o.value)).toContain('available');
    expect(forTutor.filter((o) => o.disabled).map((o) => o.value)).toEqual(['resigned', 'notAvailableAdmin']);
    expect(forTutor.find((o) => o.value === 'onABreak')?.label).toBe('On a break');
    expect(statusOptions(true).some((o) => o.disabled)).toBe(false);
    expect(isStatusHeldByAdmin('notAvailableAdmin', false)).toBe(true);
    expect(isStatusHeldByAdmin('notAvailableAdmin', true)).toBe(false);
    expect(isStatusHeldByAdmin('onABreak', false)).toBe(false);
  });

  it('offers the fixed list of zones, keeping a saved zone it holds under another name', () => {
    const zones = timeZoneOptions('Europe/London');
    expect(zones[0]).toEqual({ value: 'UTC', label: 'UTC' });
    expect(zones.find((zone) => zone.value === 'Asia/Singapore')?.label).toBe(
      'Singapore: Singapore Time (Singapore)',
    );
    expect(zones.filter((zone) => zone.value === 'Europe/London')).toHaveLength(1);
    expect(timeZoneOptions('America/Detroit')[0]).toEqual({
      value: 'America/Detroit',
      label: expect.stringMatching(/^United States: Eastern Time .*\(America\/Detroit\)$/),
    });
    expect(timeZoneOptions('Mars/Olympus_Mons')[0]).toEqual({
      value: 'Mars/Olympus_Mons',
      label: 'Mars/Olympus_Mons',
    });
  });
});
