import { describe, expect, it } from 'vitest';
import { trialLoginPath, trialRecordingPath } from './trial-paths';

describe('trial links', () => {
  it('a trial’s recording page', () => {
    expect(trialRecordingPath('abc')).toBe('/trial-recording/abc');
  });

  it('"Log in" from the trial dialog goes to the login page', () => {
    expect(trialLoginPath.startsWith('/login?')).toBe(true);
  });
});
