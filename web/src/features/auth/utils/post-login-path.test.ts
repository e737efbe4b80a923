import { describe, expect, it } from 'vitest';
import { trialLoginPath } from '../../../config/trial-paths';
import { postLoginPath, safeRedirectPath } from './post-login-path';

const student = { isTrialApplied: false };
const search = (query: string) => new URLSearchParams(query);

describe('postLoginPath', () => {
  it('goes to the portal home by default', () => {
    expect(postLoginPath(student, search(''))).toBe('/portal');
  });

  it('goes to the redirect path when it is a path of this site', () => {
    expect(postLoginPath(student, search('redirect=/admin/roles?offset=10'))).toBe('/admin/roles?offset=10');
    expect(postLoginPath(student, search('redirect=/learning-portal/dashboard'))).toBe('/dashboard');
  });

  it('ignores redirects to other sites', () => {
    for (const redirect of [
      'https://evil.test/x',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'portal',
      '/\n/evil.test',
      '/\t/evil.test',
    ]) {
      expect(postLoginPath(student, search(`redirect=${encodeURIComponent(redirect)}`))).toBe('/portal');
    }
  });

  it('adds trialApplied when a trial was started and applied', () => {
    const trialUser = { isTrialApplied: true };
    expect(postLoginPath(trialUser, search('startTrial=1'))).toBe('/portal?trialApplied=true');
    expect(postLoginPath(trialUser, search('startTrial=1&redirect=/dashboard?tab=a'))).toBe(
      '/dashboard?tab=a&trialApplied=true',
    );
    expect(postLoginPath(student, search('startTrial=1'))).toBe('/portal');
    expect(postLoginPath(trialUser, search(''))).toBe('/portal');
  });

  it('sends an account with a user-mapper to choose an account', () => {
    const parent = { isTrialApplied: false, userMapper: { _id: 'm1', users: [] } };
    expect(postLoginPath(parent, search('redirect=/dashboard'))).toBe('/manage-accounts');
  });

  it('"Log in" from the trial dialog comes back to the portal to book, or says a trial was applied', () => {
    const fromTrialDialog = search(trialLoginPath.split('?')[1]!);
    expect(postLoginPath({ isTrialApplied: false }, fromTrialDialog)).toBe('/portal?startTrial=true');
    expect(postLoginPath({ isTrialApplied: true }, fromTrialDialog)).toBe(
      '/portal?startTrial=true&trialApplied=true',
    );
  });
});

describe('safeRedirectPath', () => {
  it('never sends back to a sign-in page', () => {
    expect(safeRedirectPath('/login')).toBeUndefined();
    expect(safeRedirectPath('/learning-portal/sign-up')).toBeUndefined();
  });

  it('keeps query and fragment of a same-site path', () => {
    expect(safeRedirectPath('/portal/courses?x=1#top')).toBe('/portal/courses?x=1#top');
    expect(safeRedirectPath('/learning-portal')).toBe('/');
  });
});
