import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE } from '../../../functions/auth/service';
import { db, tableName } from '../../../functions/lib/db';
import { hashPassword } from '../../../functions/lib/passwords';
import { clearPipelineCaches } from '../../../functions/lib/pipeline';
import { listAudit } from '../../../functions/repositories/audit-log';
import { createUser } from '../../../functions/repositories/users';
import { keys } from '../../../functions/table/access-patterns';
import { readOutbox } from '../../../infra/local/mailbox';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { demo } from '../../support/api-client';
import { busEvent } from '../../support/events';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile({ OAUTH_CLIENTS: 'quiz-app:quiz-secret-0123456789' });

describe('sign-up', () => {
  it('creates a student account and signs it in', async () => {
    const { status, body } = await local.api.call<Record<string, any>>('auth.signUp', {
      body: { firstname: 'Nia', lastname: 'New', email: 'Nia.New@Example.com', password: 'long-enough-1' },
    });
    expect(status).toBe(201);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.oauthUser).toMatchObject({
      email: 'nia.new@example.com',
      type: 'student',
      role: { name: 'Student' },
    });
    expect(body.oauthUser.passwordHash).toBeUndefined();

    const me = await local.api.call('users.authUser', {
      token: body.access_token,
      userId: body.oauthUser._id,
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: body.oauthUser._id, firstname: 'Nia' });
  });

  it('refuses a second account with the same e-mail, in any case', async () => {
    const { status, body } = await local.api.call('auth.signUp', {
      body: { firstname: 'Dup', lastname: 'Licate', email: 'NIA.NEW@example.com', password: 'long-enough-1' },
    });
    expect(status).toBe(409);
    expect(body.message).toBe('An account with this email already exists');
  });

  it('explains invalid fields', async () => {
    const { status, body } = await local.api.call<Record<string, any>>('auth.signUp', {
      body: { firstname: '', lastname: 'X', email: 'not-an-email', password: 'short' },
    });
    expect(status).toBe(400);
    expect(body.message).toContain('Please enter a valid email address');
    expect(body.message).toContain('Password must be at least 8 characters');
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['firstname', 'email', 'password']),
    );
  });

  it('lets the same e-mail sign up in another tenant', async () => {
    const { status } = await local.api.call('auth.signUp', {
      tenant: 'northwind',
      body: { firstname: 'Nia', lastname: 'New', email: 'nia.new@example.com', password: 'long-enough-1' },
    });
    expect(status).toBe(201);
  });
});

describe('POST /oauth/token', () => {
  it('answers access_token, token_type, expires_in and oauthUser for the password grant', async () => {
    const { status, body } = await local.api.call<Record<string, any>>('auth.token', {
      body: { grant_type: 'password', username: 'ADMIN@demo.test', password: demo.admin.password },
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'oauthUser', 'token_type']);
    expect(body.oauthUser.role.name).toBe('Admin');
  });

  it('answers OAuth errors with error and error_description, the same for an unknown user', async () => {
    const wrong = await local.api.call('auth.token', {
      body: { grant_type: 'password', username: demo.tutor.email, password: 'not-the-password' },
    });
    const unknown = await local.api.call('auth.token', {
      body: { grant_type: 'password', username: 'nobody@demo.test', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('maps validation failures to invalid_request', async () => {
    const { status, body } = await local.api.call('auth.token', { body: { grant_type: 'implicit' } });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain('grant_type');
    const missing = await local.api.call('auth.token', { body: { grant_type: 'password' } });
    expect(missing.body).toEqual({
      error: 'invalid_request',
      error_description: 'Username and password are required',
    });
  });

  it('refuses JSON on the form-encoded endpoint', async () => {
    const { status, body } = await local.api.call('auth.token', {
      rawBody: JSON.stringify({ grant_type: 'password' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(415);
    expect(body.error_description).toContain('application/x-www-form-urlencoded');
  });

  it('issues a client-credentials token to a configured client only', async () => {
    const ok = await local.api.call('auth.token', {
      body: {
        grant_type: 'client_credentials',
        client_id: 'quiz-app',
        client_secret: 'quiz-secret-0123456789',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.oauthUser).toBeUndefined();
    const bad = await local.api.call('auth.token', {
      body: { grant_type: 'client_credentials', client_id: 'quiz-app', client_secret: 'wrong' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
    // A client token is not a user's: signed-in routes refuse it.
    const me = await local.api.call('users.authUser', { token: ok.body.access_token as string });
    expect(me.status).toBe(401);
  });

  it('swaps an old token, and accepts a platform identity token for its own user only', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const swapped = await local.api.call<Record<string, any>>('auth.token', {
      body: { grant_type: 'password', old_token: student.token },
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.oauthUser._id).toBe(student.userId);

    const sso = await local.api.call<Record<string, any>>('auth.token', {
      body: {
        grant_type: 'password',
        auth_type: 'platform',
        auth_token: student.token,
        user_id: student.userId,
      },
    });
    expect(sso.status).toBe(200);
    const mismatch = await local.api.call('auth.token', {
      body: {
        grant_type: 'password',
        auth_type: 'platform',
        auth_token: student.token,
        user_id: 'demo-admin',
      },
    });
    expect(mismatch.body.error).toBe('invalid_grant');
    const other = await local.api.call('auth.token', {
      body: { grant_type: 'password', auth_type: 'google', auth_token: 'x', user_id: 'y' },
    });
    expect(other.status).toBe(400);
    expect(other.body.error_description).toBe('Sign-in with google is not enabled');
  });
});

describe('tokens and the user-id header', () => {
  it('refuses a user-id header that is not the token subject', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const { status, body } = await local.api.call('users.authUser', {
      token: student.token,
      userId: 'demo-admin',
    });
    expect(status).toBe(401);
    expect(body.message).toBe('The user id does not match the token');
  });

  it('refuses a token of another tenant', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const { status } = await local.api.call('users.authUser', { token: student.token, tenant: 'northwind' });
    expect(status).toBe(401);
    // The tenant is chosen by the calling site's domain too: the demo token is no good on northwind's site.
    const bySite = await fetch(`${local.stack.apiUrl}/user/authUser`, {
      headers: { origin: 'http://127.0.0.1:5173', authorization: `Bearer ${student.token}` },
    });
    expect(bySite.status).toBe(401);
  });

  it('answers an unknown tenant with 404 even when the token is no good either', async () => {
    const { status, body } = await local.api.call('users.authUser', {
      token: 'not-a-token',
      tenant: 'no-such-tenant',
    });
    expect(status).toBe(404);
    expect(body.message).toBe('Unknown tenant no-such-tenant');
  });

  it('refuses expired, forged and malformed tokens', async () => {
    const key = new TextEncoder().encode(process.env.TOKEN_SECRET);
    const expired = await new SignJWT({ tid: 'demo' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('demo-student-1')
      .setIssuer('learning-platform')
      .setAudience('demo')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const forged = await new SignJWT({ tid: 'demo' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('demo-admin')
      .setIssuer('learning-platform')
      .setAudience('demo')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('an-attacker-key-of-at-least-32-characters'));
    const expiredCall = await local.api.call('users.authUser', { token: expired });
    expect(expiredCall.status).toBe(401);
    expect(expiredCall.body.message).toBe('Your session has expired. Please sign in again');
    expect((await local.api.call('users.authUser', { token: forged })).status).toBe(401);
    expect((await local.api.call('users.authUser', { token: 'not-a-jwt' })).status).toBe(401);
    expect((await local.api.call('users.authUser', {})).body.message).toBe('Please sign in to continue');
  });
});

describe('the role a token was issued with', () => {
  it('is read beside the user as a hint only: the user record’s role decides', async () => {
    // A token claiming the Admin role for a student (as a signed, older token of a since-demoted account would)
    const key = new TextEncoder().encode(process.env.TOKEN_SECRET);
    const claimsAdmin = await new SignJWT({ tid: 'demo', rol: systemRoleIds.Admin })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('demo-student-1')
      .setIssuer('learning-platform')
      .setAudience('demo')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const asStudent = await local.api.call('roles.list', { token: claimsAdmin });
    expect(asStudent.status).toBe(403);

    // An admin whose account is moved to the Student role keeps their token, and loses the admin routes
    await createUser('demo', {
      firstname: 'Dora',
      lastname: 'Demoted',
      email: 'dora.demoted@demo.test',
      type: 'admin',
      roleId: systemRoleIds.Admin,
      passwordHash: await hashPassword('Dora-demoted-1'),
    });
    const dora = await local.api.signIn('dora.demoted@demo.test', 'Dora-demoted-1');
    expect((await local.api.call('roles.list', { token: dora.token })).status).toBe(200);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user('demo', dora.userId),
        UpdateExpression: 'SET roleId = :student',
        ExpressionAttributeValues: { ':student': systemRoleIds.Student },
      }),
    );
    clearPipelineCaches();
    expect((await local.api.call('roles.list', { token: dora.token })).status).toBe(403);
    const me = await local.api.call<{ role: { name: string } }>('users.authUser', { token: dora.token });
    expect(me.body.role.name).toBe('Student');
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the address has an account, and mails only real accounts', async () => {
    const known = await local.api.call('auth.forgotPassword', { body: { email: demo.student2.email } });
    const unknown = await local.api.call('auth.forgotPassword', { body: { email: 'ghost@demo.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // The same answer (the address is echoed back as given), with the same headers
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE, email: demo.student2.email });
    expect(unknown.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE, email: 'ghost@demo.test' });
    const headerNames = (headers: Headers) => [...headers.keys()].filter((name) => name !== 'date').sort();
    expect(headerNames(known.headers)).toEqual(headerNames(unknown.headers));
    // The account is looked up and the mail sent from the bus, after the answer
    await local.stack.events.settled();
    const mails = await readOutbox(local.stack.outboxDir);
    expect(mails.some((m) => m.to === demo.student2.email)).toBe(true);
    expect(mails.some((m) => m.to === 'ghost@demo.test')).toBe(false);
  });

  it('resets once with the mailed token, ends old sessions, and signs in with the new password', async () => {
    // A session from a minute ago (tokens carry whole seconds): the handlers run in this process, so
    // setting the clock back dates the token they issue.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 60_000 });
    const before = await local.api.signIn(demo.student2.email, demo.student2.password).finally(() => {
      vi.useRealTimers();
    });
    await local.api.call('auth.forgotPassword', { body: { email: demo.student2.email } });
    await local.stack.events.settled();
    const mails = (await readOutbox(local.stack.outboxDir)).filter((m) => m.to === demo.student2.email);
    const link = mails.map((m) => m.text.match(/https?:\/\/\S+reset-password\?\S+/)?.[0]).find(Boolean)!;
    const token = new URL(link).searchParams.get('token')!;
    expect(new URL(link).searchParams.get('email')).toBe(demo.student2.email);

    const reset = await local.api.call('auth.resetPassword', {
      body: { email: demo.student2.email, token, password: 'brand-new-password' },
    });
    expect(reset.status).toBe(200);
    const again = await local.api.call('auth.resetPassword', {
      body: { email: demo.student2.email, token, password: 'another-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid or has expired. Please request a new one.');

    expect((await local.api.call('users.authUser', { token: before.token })).status).toBe(401);
    await local.api.signIn(demo.student2.email, 'brand-new-password');
  });

  it('sends one e-mail for a request event delivered three times', async () => {
    // Prepare: the event as the bus delivers it, at least once (a new EventBridge id each time)
    const { handler } = await import('../../../functions/password-reset-mail/handler');
    const event = busEvent('PasswordResetRequested', { tenant: 'demo', email: demo.student3.email });
    const sentBefore = (await readOutbox(local.stack.outboxDir)).filter((m) => m.to === demo.student3.email);

    // Act
    for (let delivery = 0; delivery < 3; delivery++) await handler({ ...event, id: `delivery-${delivery}` });

    // Assess
    const sent = (await readOutbox(local.stack.outboxDir)).filter((m) => m.to === demo.student3.email);
    expect(sent).toHaveLength(sentBefore.length + 1);
  });

  it('refuses a token that has expired or belongs to another account', async () => {
    const { putPasswordReset } = await import('../../../functions/repositories/password-resets');
    const { createHash } = await import('node:crypto');
    const hash = (value: string) => createHash('sha256').update(value).digest('hex');
    await putPasswordReset('demo', hash('expired-token-0123456789'), 'demo-student-1', Date.now() - 1);
    await putPasswordReset('demo', hash('tutor-token-0123456789ab'), 'demo-tutor-1', Date.now() + 60_000);
    const expired = await local.api.call('auth.resetPassword', {
      body: { email: demo.student.email, token: 'expired-token-0123456789', password: 'whatever-123' },
    });
    const foreign = await local.api.call('auth.resetPassword', {
      body: { email: demo.student.email, token: 'tutor-token-0123456789ab', password: 'whatever-123' },
    });
    expect(expired.status).toBe(400);
    expect(foreign.status).toBe(400);
  });
});

describe('log in as user', () => {
  it('gives an admin a token for the user, marked with the impersonator, and records it', async () => {
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    const { status, body } = await local.api.call<Record<string, any>>('auth.logInAsUser', {
      token: admin.token,
      body: { userId: 'demo-tutor-2' },
    });
    expect(status).toBe(200);
    expect(body.oauthUser).toMatchObject({ _id: 'demo-tutor-2', impersonatedBy: 'demo-admin' });
    const me = await local.api.call('users.authUser', { token: body.access_token });
    expect(me.body).toMatchObject({ _id: 'demo-tutor-2', impersonatedBy: 'demo-admin' });
    const audit = await listAudit('demo');
    expect(audit.find((entry) => entry.action === 'logInAsUser')).toMatchObject({
      actorId: 'demo-admin',
      subjectId: 'demo-tutor-2',
    });
  });

  it('is refused to non-admins, for oneself, and for unknown users', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    expect(
      (await local.api.call('auth.logInAsUser', { token: student.token, body: { userId: 'demo-tutor-1' } }))
        .status,
    ).toBe(403);
    expect(
      (await local.api.call('auth.logInAsUser', { token: admin.token, body: { userId: 'demo-admin' } }))
        .status,
    ).toBe(400);
    expect(
      (await local.api.call('auth.logInAsUser', { token: admin.token, body: { userId: 'nobody' } })).status,
    ).toBe(404);
  });
});

describe('back to the admin’s own session (end impersonation)', () => {
  it('trades a log-in-as session for the admin’s own, also after switching accounts, and records it', async () => {
    // Prepare: the admin signed in as the parent, who then opened a child's account
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    const asParent = await local.api.call<Record<string, any>>('auth.logInAsUser', {
      token: admin.token,
      body: { userId: 'demo-parent' },
    });
    const asChild = await local.api.call<Record<string, any>>('users.switchAccount', {
      token: asParent.body.access_token,
      body: { userId: 'demo-student-1' },
    });
    expect(asChild.body.oauthUser).toMatchObject({ _id: 'demo-student-1', impersonatedBy: 'demo-admin' });

    // Act
    const back = await local.api.call<Record<string, any>>('auth.endImpersonation', {
      token: asChild.body.access_token,
    });

    // Assess: the admin's own session, not marked, with the admin's permissions
    expect(back.status).toBe(200);
    expect(back.body.oauthUser._id).toBe('demo-admin');
    expect(back.body.oauthUser.impersonatedBy).toBeUndefined();
    const me = await local.api.call<Record<string, any>>('users.authUser', { token: back.body.access_token });
    expect(me.body).toMatchObject({ _id: 'demo-admin' });
    expect(me.body.impersonatedBy).toBeUndefined();
    expect((await local.api.call('roles.list', { token: back.body.access_token })).status).toBe(200);
    const audit = await listAudit('demo');
    expect(audit.find((entry) => entry.action === 'endImpersonation')).toMatchObject({
      actorId: 'demo-admin',
      subjectId: 'demo-student-1',
    });
  });

  it('mints nothing for a session nobody opened on another’s behalf, nor a parent’s switch', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const own = await local.api.call('auth.endImpersonation', { token: student.token });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('You are not signed in as another user');
    const parent = await local.api.signIn(demo.parent.email, demo.parent.password);
    const switched = await local.api.call<Record<string, any>>('users.switchAccount', {
      token: parent.token,
      body: { userId: 'demo-student-2' },
    });
    const fromChild = await local.api.call('auth.endImpersonation', { token: switched.body.access_token });
    expect(fromChild.status).toBe(400);
    expect((await local.api.call('auth.endImpersonation', {})).status).toBe(401);
  });

  it('goes back only on the tenant that issued the session, and twenty at once each give the admin’s own', async () => {
    // Prepare: the admin acting as a tutor
    const admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    const acting = await local.api.call<Record<string, any>>('auth.logInAsUser', {
      token: admin.token,
      body: { userId: 'demo-tutor-1' },
    });

    // Act: the acting session taken to another school's site, then sent back twenty times at once
    const elsewhere = await local.api.call('auth.endImpersonation', {
      token: acting.body.access_token,
      tenant: 'northwind',
    });
    const backs = await Promise.all(
      Array.from({ length: 20 }, () =>
        local.api.call<Record<string, any>>('auth.endImpersonation', { token: acting.body.access_token }),
      ),
    );

    // Assess: no session on the other school; every answer is the admin's own, never anyone else's
    expect(elsewhere.status).toBe(401);
    expect(backs.map((back) => back.status)).toEqual(Array(20).fill(200));
    expect(new Set(backs.map((back) => back.body.oauthUser._id))).toEqual(new Set(['demo-admin']));
    expect(backs.every((back) => back.body.oauthUser.impersonatedBy === undefined)).toBe(true);
  });

  it('is refused (401) once the admin’s password changed after the log-in-as, or the admin is gone', async () => {
    // Prepare: an admin of their own, who signed in as a tutor a minute ago
    const { updatePassword } = await import('../../../functions/repositories/users');
    // (both accounts too are made a minute ago, their passwords set then: a seeded tutor's password may be
    // younger than a minute when this file runs first, and would end the acting session itself)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 60_000 });
    const acting = await (async () => {
      const tutor = await createUser('demo', {
        firstname: 'Tia',
        lastname: 'Acted-For',
        email: 'tia.acted-for@demo.test',
        type: 'tutor',
        roleId: systemRoleIds.Tutor,
        passwordHash: await hashPassword('Tia-acted-for-1'),
      });
      await createUser('demo', {
        firstname: 'Ivo',
        lastname: 'Impersonator',
        email: 'ivo.impersonator@demo.test',
        type: 'admin',
        roleId: systemRoleIds.Admin,
        passwordHash: await hashPassword('Ivo-impersonator-1'),
      });
      const ivo = await local.api.signIn('ivo.impersonator@demo.test', 'Ivo-impersonator-1');
      return local.api.call<Record<string, any>>('auth.logInAsUser', {
        token: ivo.token,
        body: { userId: tutor._id },
      });
    })().finally(() => vi.useRealTimers());
    expect(acting.status).toBe(200);
    const ivoId = acting.body.oauthUser.impersonatedBy as string;

    // Act: the admin's password changes (their sessions end), while the acting session still works
    await updatePassword('demo', ivoId, await hashPassword('Ivo-impersonator-2'));
    clearPipelineCaches();
    expect((await local.api.call('users.authUser', { token: acting.body.access_token })).status).toBe(200);
    const back = await local.api.call('auth.endImpersonation', { token: acting.body.access_token });

    // Assess
    expect(back.status).toBe(401);
    expect(back.body.message).toBe('Your session has expired. Please sign in again');

    // And an admin whose account is gone has no session to go back to
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user('demo', ivoId),
        UpdateExpression: 'SET deletedAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    clearPipelineCaches();
    const gone = await local.api.call('auth.endImpersonation', { token: acting.body.access_token });
    expect(gone.status).toBe(401);
    expect(gone.body.message).toBe('The administrator account no longer exists');
  });
});

describe('user-mapper accounts', () => {
  it('lets a parent list and switch to linked accounts only', async () => {
    const parent = await local.api.signIn(demo.parent.email, demo.parent.password);
    const me = await local.api.call<Record<string, any>>('users.authUser', { token: parent.token });
    expect(me.body.userMapper.users.map((u: { _id: string }) => u._id)).toEqual([
      'demo-parent',
      'demo-student-1',
      'demo-student-2',
    ]);
    const switched = await local.api.call<Record<string, any>>('users.switchAccount', {
      token: parent.token,
      body: { userId: 'demo-student-1' },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.oauthUser._id).toBe('demo-student-1');
    const refused = await local.api.call('users.switchAccount', {
      token: parent.token,
      body: { userId: 'demo-tutor-1' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('push tokens', () => {
  it('registers and removes only the caller’s own tokens', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
    const created = await local.api.call('fcmTokens.create', {
      token: student.token,
      body: { token: 'device-token-abcdefghijklmnop', device: 'Chrome on Linux' },
    });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    expect((await local.api.call('fcmTokens.delete', { token: tutor.token, params: { id } })).status).toBe(
      404,
    );
    expect((await local.api.call('fcmTokens.delete', { token: student.token, params: { id } })).status).toBe(
      200,
    );
    expect((await local.api.call('fcmTokens.delete', { token: student.token, params: { id } })).status).toBe(
      404,
    );
  });
});

describe('CORS', () => {
  const allowedOrigin = async (origin: string) =>
    (await fetch(`${local.stack.apiUrl}/tenants/app`, { headers: { origin } })).headers.get(
      'access-control-allow-origin',
    );

  it("allows the SPA's origin and each tenant's own site exactly: no other scheme or port on its host", async () => {
    // The local site: the SPA at http://localhost:5173, northwind's site at http://127.0.0.1:5173.
    expect(await allowedOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(await allowedOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
    for (const origin of [
      'http://127.0.0.1:8080',
      'https://127.0.0.1:5173',
      'http://localhost:1234',
      'https://localhost',
      'null',
    ]) {
      expect(await allowedOrigin(origin), origin).toBeNull();
    }
  });
});

describe('GET /tenants/app', () => {
  it('resolves the tenant from the header, from the calling site’s domain, or falls back to the default brand', async () => {
    expect((await local.api.call('tenants.app', { tenant: 'northwind' })).body.key).toBe('northwind');
    const byOrigin = await fetch(`${local.stack.apiUrl}/tenants/app`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(((await byOrigin.json()) as { key: string }).key).toBe('northwind');
    const fallback = await fetch(`${local.stack.apiUrl}/tenants/app`, {
      headers: { origin: 'https://unknown.example' },
    });
    expect(((await fallback.json()) as { key: string }).key).toBe('demo');
    expect((await local.api.call('tenants.app', { tenant: 'no-such-tenant' })).status).toBe(404);
  });
});
