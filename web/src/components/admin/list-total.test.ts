import { describe, expect, it } from 'vitest';
import { totalLine } from './list-total';

describe('totalLine', () => {
  it('counts the whole list when the server answered from its indexes', () => {
    expect(totalLine(240, 10, 10, undefined)).toBe('11–20 of 240');
    expect(totalLine(0, 0, 10, undefined)).toBe('');
  });

  it('says which records a partial answer counts', () => {
    expect(totalLine(37, 0, 10, { scanned: 2000 })).toBe('1–10 of 37 matches among the newest 2000 records');
    expect(totalLine(0, 0, 10, { scanned: 2000 })).toBe('No matches among the newest 2000 records');
  });
});
