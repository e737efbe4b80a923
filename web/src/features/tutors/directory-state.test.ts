import { describe, expect, it } from 'vitest';
import {
  availabilityText,
  changeDirectory,
  countryOfZone,
  directorySearch,
  readDirectoryState,
} from './directory-state';

describe('the tutor directory’s address', () => {
  it('defaults the country from the visitor’s time zone, else Singapore', () => {
    expect(countryOfZone('Europe/London')).toBe('GB');
    expect(countryOfZone('Asia/Calcutta')).toBe('IN');
    expect(countryOfZone('UTC')).toBe('SG');
    expect(readDirectoryState(new URLSearchParams(''), 'America/New_York').country).toBe('US');
    expect(readDirectoryState(new URLSearchParams('country=gb&page=2'), 'UTC')).toMatchObject({
      country: 'GB',
      page: 2,
    });
    expect(readDirectoryState(new URLSearchParams('country=XX&page=-1'), 'UTC')).toMatchObject({
      country: 'SG',
      page: 1,
    });
  });

  it('clears the subject and grade with a new curriculum, and goes back to the first page', () => {
    const state = { country: 'GB', curriculum: 'IB', subject: 'Maths', grade: '11', page: 3 };
    expect(changeDirectory(state, 'curriculum', 'IGCSE')).toEqual({
      country: 'GB',
      curriculum: 'IGCSE',
      subject: '',
      grade: '',
      page: 1,
    });
    expect(changeDirectory(state, 'page', 4).page).toBe(4);
    expect(directorySearch({ ...state, subject: '', page: 1 })).toEqual({
      country: 'GB',
      curriculum: 'IB',
      grade: '11',
    });
  });

  it('says when a tutor teaches', () => {
    expect(availabilityText({ weekdays: [0, 1, 3], weeklyHours: 7.5, unavailable: false })).toBe(
      'Mon, Wed, Sun · 7.5 h a week',
    );
    expect(availabilityText(null)).toBe('No open hours at the moment');
  });
});
