import { expect, it } from 'vitest';
import { demo } from '../support/api-client';
import { browserStackPerFile, screenshot, uniqueEmail } from './support/browser';

const browser = browserStackPerFile();

it('signs up, lands on the portal home, signs out and logs in again', async () => {
  // Prepare
  const page = await browser.newPage();
  const email = uniqueEmail('ada');
  const password = 'Learning-2025';

  // Act: sign up
  await page.goto(browser.portalUrl('/sign-up'));
  await page.getByLabel(/^First name/).fill('Ada');
  await page.getByLabel(/^Last name/).fill('Lovelace');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Assess: the portal home greets the new student
  await page.getByRole('heading', { name: 'Welcome, Ada!' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/learning-portal/portal');
  await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toMatch(
    /\/learning-portal\/portal$/,
  );
  await screenshot(page, 'portal-home-after-sign-up');

  // Act: sign out
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Log in' }).first().waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/learning-portal\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // Act: log in with the new account
  await page.goto(browser.portalUrl('/login'));
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Assess
  await page.getByRole('heading', { name: 'Welcome, Ada!' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/learning-portal/portal');
});

it('shows the server message in a red toast when the password is wrong', async () => {
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/login'));
  await page.getByLabel(/^Email/).fill('student1@demo.test');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();

  const toast = page.locator('[data-testid="toast-error"]');
  await toast.waitFor();
  expect(await toast.textContent()).toContain('Invalid email or password');
  await screenshot(page, 'login-error-toast');
});

it('resets a forgotten password with the e-mailed link, then logs in with the new one', async () => {
  // Prepare
  const page = await browser.newPage();
  const email = 'student3@demo.test';
  const newPassword = 'Brand-new-pass-9';

  // Act: ask for a reset link
  await page.goto(browser.portalUrl('/forgot-password'));
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: /reset link/i }).click();
  await page.waitForURL(/\/learning-portal\/reset-password\?email=/);
  expect(new URL(page.url()).searchParams.get('email')).toBe(email);

  // Act: open the link from the mail
  // The e-mail is sent from the bus, after the answer
  await expect
    .poll(async () => (await browser.mailbox()).some((m) => m.to === email), { timeout: 30_000 })
    .toBe(true);
  const mail = (await browser.mailbox()).find((m) => m.to === email);
  expect(mail?.subject).toBeTruthy();
  const link = mail?.text.match(/https?:\/\/\S+reset-password\?\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await screenshot(page, 'reset-password-from-link');
  await page.getByRole('button', { name: 'Reset password' }).click();

  // Assess: back on the login page with the success note, and the new password works
  await page.waitForURL(/\/learning-portal\/login\?resetSuccess=true/);
  await page.getByText('Your password has been reset').waitFor();
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
});

/** A platform token for an account, as the other app would hand it over in a link's fragment. */
async function identityLink(email: string, password: string): Promise<string> {
  const response = await fetch(`${browser.stack().apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-tenant-key': 'demo' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password }),
  });
  const answer = await response.json();
  if (!answer.oauthUser) throw new Error(JSON.stringify(answer));
  const { access_token: token, oauthUser } = answer as { access_token: string; oauthUser: { _id: string } };
  return `${browser.portalUrl('/login')}#${new URLSearchParams({ id_token: token, user_id: oauthUser._id })}`;
}

it('signs in from an identity handed over in the URL fragment once the person sees whose it is', async () => {
  // Prepare
  const link = await identityLink('tutor1@demo.test', 'Demo-tutor-1');
  const page = await browser.newPage();

  // Act
  await page.goto(link);

  // Assess: nothing is signed in until the person has seen whose account the link opens and agreed
  await page.getByRole('heading', { name: 'Continue as Tom Turing?' }).waitFor();
  expect(await page.getByTestId('link-identity').textContent()).toContain('tutor1@demo.test');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  expect(new URL(page.url()).hash).toBe('');
  await screenshot(page, 'identity-link-confirmation');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'identity-link-confirmation-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Continue as Tom' }).click();
  await page.getByRole('heading', { name: 'Welcome, Tom!' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/learning-portal/portal');
});

it('a link naming another account does not replace the signed-in one unless the person agrees', async () => {
  // Prepare: Sam is signed in; someone sends a link to their own account (a tutor's here)
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/login'));
  await page.getByLabel(/^Email/).fill(demo.student.email);
  await page.getByLabel(/^Password/).fill(demo.student.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Welcome, Sam!' }).waitFor();
  const samToken = await page.evaluate(() => localStorage.getItem('authToken'));
  const link = await identityLink('tutor1@demo.test', 'Demo-tutor-1');

  // Act: the link is opened, and cancelled
  await page.goto(link);
  await page.getByRole('heading', { name: 'Continue as Tom Turing?' }).waitFor();
  expect(await page.getByTestId('signed-in-identity').textContent()).toContain(demo.student.email);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Assess: still Sam
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(samToken);

  // Act: opened again (from another page: a change of fragment alone reloads nothing), and accepted
  await page.goto(browser.portalUrl('/portal'));
  await page.getByRole('heading', { name: 'Welcome, Sam!' }).waitFor();
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue as Tom' }).click();

  // Assess: Tom now, Sam's session ended
  await page.getByRole('heading', { name: 'Welcome, Tom!' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBe(samToken);
});

it('a parent switches into a child’s account and back; the child’s session offers only the way back', async () => {
  // Act: Pat signs in and chooses an account
  const page = await browser.newPage();
  await page.goto(browser.portalUrl('/login'));
  await page.getByLabel(/^Email/).fill(demo.parent.email);
  await page.getByLabel(/^Password/).fill(demo.parent.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/manage-accounts$/);
  const account = (name: string) => page.getByTestId('linked-account').filter({ hasText: name });
  await account('Maya Student').waitFor();
  expect(await page.getByTestId('linked-account').count()).toBe(3);
  await screenshot(page, 'manage-accounts-parent');
  // On a 390 px phone the choice fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'manage-accounts-parent-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await account('Sam Student').getByRole('button', { name: 'Continue' }).click();

  // Assess: Sam's portal, linked to one account only (the parent, to switch back)
  await page.getByRole('heading', { name: 'Welcome, Sam!' }).waitFor();
  await page.getByText('1 account is linked to yours.').waitFor();
  await page.getByRole('link', { name: 'Switch account' }).click();
  await account('Pat Parent').waitFor();
  expect(await page.getByTestId('linked-account').count()).toBe(2);
  expect(await account('Maya Student').count()).toBe(0);
  await screenshot(page, 'manage-accounts-child');

  // Act: back to the parent
  await account('Pat Parent').getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Welcome, Pat!' }).waitFor();
  await page.getByText('2 accounts are linked to yours.').waitFor();
  expect(await page.getByText('Parent', { exact: true }).count()).toBe(1);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'portal-linked-accounts-phone');
});

it('an expired session says so on the login page, returns to the page asked for, and Back skips the form', async () => {
  // Prepare: signed in on the portal home, then the token stops being accepted (as when it expires)
  const page = await browser.signedInPage(demo.student, '/portal');
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  await page.evaluate(() => localStorage.setItem('authToken', 'expired.session.token'));

  // Act: open another page of the portal
  await page.goto(browser.portalUrl('/portal/schedule'));

  // Assess: the login page says why, and remembers the page
  await page.getByTestId('session-expired').waitFor();
  const loginUrl = new URL(page.url());
  expect(loginUrl.pathname).toBe('/learning-portal/login');
  expect(loginUrl.searchParams.get('redirect')).toMatch(/\/portal\/schedule$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect(page.locator('[data-testid="toast-error"]').count()).resolves.toBe(0);
  await screenshot(page, 'login-session-expired');

  // Act: sign in again
  await page.getByLabel(/^Email/).fill(demo.student.email);
  await page.getByLabel(/^Password/).fill(demo.student.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Assess: back on the page asked for; Back goes to the page before it, not to the login form
  await page.waitForURL(/\/learning-portal\/portal\/schedule$/);
  await page.goBack();
  await page.waitForURL(/\/learning-portal\/portal$/);
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
});

it('a signed-in person opening the login page goes on to the portal', async () => {
  // Prepare
  const page = await browser.signedInPage(demo.student);

  // Act
  await page.goto(browser.portalUrl('/login'));

  // Assess
  await page.waitForURL(/\/learning-portal\/portal$/);
  await expect(page.getByRole('button', { name: 'Log in' }).count()).resolves.toBe(0);
});
