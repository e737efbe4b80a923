import { createHash, randomBytes } from 'node:crypto';
import type { UserType } from '../../shared/schemas/user';
import { escapeHtml, mail } from '../lib/mail';
import { putPasswordReset } from '../repositories/password-resets';
import type { UserRecord } from '../repositories/users';

/** A forgotten password's link works for an hour; a new account's first one for a week. */
export const PASSWORD_LINK_TTL_MS = {
  reset: 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
} as const;
export type PasswordLinkPurpose = keyof typeof PASSWORD_LINK_TTL_MS;

/** Tokens are stored by hash: a leaked table cannot be used to set passwords. */
export function hashPasswordToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Mails the user a single-use link to the SPA's reset-password page, which sets the password: after "forgot
 * password" (`reset`), or for an account created without one, such as a new school's first admin
 * (`invitation`, naming the school). `siteOrigin` is the site the link opens.
 */
export async function sendPasswordLink(
  tenant: string,
  user: Pick<UserRecord, '_id' | 'email' | 'firstname'>,
  options: {
    purpose: PasswordLinkPurpose;
    siteOrigin: string;
    schoolName?: string;
    /** The kind of account an invitation is for (an administrator's when not said: a new school's first). */
    accountType?: UserType;
  },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const ttl = PASSWORD_LINK_TTL_MS[options.purpose];
  await putPasswordReset(tenant, hashPasswordToken(token), user._id, Date.now() + ttl);
  const link = `${options.siteOrigin}/learning-portal/reset-password?${new URLSearchParams({
    email: user.email,
    token,
  })}`;
  await mail().send(
    options.purpose === 'reset'
      ? resetMail(user, link, token)
      : invitationMail(
          user,
          link,
          token,
          options.schoolName ?? 'your school',
          accountNoun[options.accountType ?? 'admin'],
        ),
  );
}

function resetMail(user: Pick<UserRecord, 'email' | 'firstname'>, link: string, token: string) {
  return {
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.firstname},\n\nOpen this link to choose a new password (it works once, for one hour):\n${link}\n\nOr enter this code on the reset page: ${token}\n\nIf you did not ask for this, you can ignore this e-mail.`,
    html: `<p>Hello ${escapeHtml(user.firstname)},</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p><p>Or enter this code on the reset page: <code>${token}</code></p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
  };
}

const accountNoun: Record<UserType, string> = {
  admin: 'administrator',
  tutor: 'tutor',
  student: 'student',
  parent: 'parent',
  guest: 'guest',
};

function invitationMail(
  user: Pick<UserRecord, 'email' | 'firstname'>,
  link: string,
  token: string,
  schoolName: string,
  noun: string,
) {
  return {
    to: user.email,
    subject: `Your ${noun} account at ${schoolName}`,
    text: `Hello ${user.firstname},\n\nA${/^[aeiou]/.test(noun) ? 'n' : ''} ${noun} account at ${schoolName} has been created for you. Open this link to choose your password (it works once, for seven days):\n${link}\n\nOr enter this code on the reset page: ${token}\n\nThen sign in with this e-mail address and your new password.`,
    html: `<p>Hello ${escapeHtml(user.firstname)},</p><p>A${/^[aeiou]/.test(noun) ? 'n' : ''} ${noun} account at ${escapeHtml(schoolName)} has been created for you. <a href="${escapeHtml(link)}">Choose your password</a> (the link works once, for seven days).</p><p>Or enter this code on the reset page: <code>${token}</code></p><p>Then sign in with this e-mail address and your new password.</p>`,
  };
}
