import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { listedTimeZone, timeZoneEntry, timeZoneLabel, timeZoneList } from './time-zones';

describe('the fixed time zone list (spec 000 section 9)', () => {
  it('has entries of countryName, name, an IANA value and the country code', () => {
    const singapore = timeZoneList.find((entry) => entry.value === 'Asia/Singapore');
    expect(singapore).toEqual({
      countryName: 'Singapore',
      name: 'Singapore Time (Singapore)',
      value: 'Asia/Singapore',
      countryCode: 'SG',
    });
    expect(timeZoneList[0]).toEqual({ countryName: 'Coordinated Universal Time', name: 'UTC', value: 'UTC' });
    expect(timeZoneList.length).toBeGreaterThan(300);
    // Each value once, and each one a zone the date library can compute with
    expect(new Set(timeZoneList.map((entry) => entry.value)).size).toBe(timeZoneList.length);
    for (const entry of timeZoneList)
      expect(DateTime.now().setZone(entry.value).isValid, entry.value).toBe(true);
  });

  it('is ordered by country, then name', () => {
    const rest = timeZoneList.slice(1);
    const sorted = [...rest].sort(
      (a, b) => a.countryName.localeCompare(b.countryName) || a.name.localeCompare(b.name),
    );
    expect(rest).toEqual(sorted);
  });

  it('reads an alias as the entry it stands for, and anything unlisted as Asia/Singapore', () => {
    expect(timeZoneEntry('Asia/Calcutta')?.value).toBe('Asia/Kolkata');
    expect(timeZoneEntry('America/Detroit')?.value).toBe('America/New_York');
    expect(listedTimeZone('Europe/London')).toBe('Europe/London');
    expect(listedTimeZone('Etc/UTC')).toBe('UTC');
    expect(listedTimeZone('Mars/Olympus_Mons')).toBe('Asia/Singapore');
    expect(listedTimeZone(undefined)).toBe('Asia/Singapore');
  });

  it('labels an entry with its country', () => {
    const london = timeZoneEntry('Europe/London');
    expect(london && timeZoneLabel(london)).toMatch(/^United Kingdom: .*London/);
    expect(timeZoneLabel(timeZoneList[0]!)).toBe('UTC');
  });
});
