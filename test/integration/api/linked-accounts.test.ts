import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../../infra/local/mailbox';
import { pointerOnlyStudent } from '../../support/accounts';
import { type CallOptions, demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/**
 * Linked accounts (a parent and their children on one user-mapper) and every path that mints a token from
 * another one. The demo parent (Pat) is linked to Sam (student1) and Maya (student2); Leo (student3) is
 * on no mapper.
 */
const local = localStackForFile();
type Json = Record<string, any>;
type Session = { token: string; userId: string };

let parent: Session;
let sam: Session;

const ids = (accounts: Array<{ _id: string }> | undefined) => (accounts ?? []).map((a) => a._id);
const switchTo = (session: Session, userId: string) =>
  local.api.call<Json>('users.switchAccount', { token: session.token, body: { userId } });
const sessionFrom = (answer: { body: Json }): Session => ({
  token: answer.body.access_token,
  userId: answer.body.oauthUser._id,
});

beforeAll(async () => {
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
});

describe('switching between linked accounts', () => {
  it('the parent is a parent, sees the accounts they may switch to, and switches into a child', async () => {
    const me = await local.api.call<Json>('users.authUser', { token: parent.token });
    expect(me.body.type).toBe('parent');
    expect(ids(me.body.userMapper.users)).toEqual(['demo-parent', 'demo-student-1', 'demo-student-2']);

    const intoSam = await switchTo(parent, 'demo-student-1');
    expect(intoSam.status).toBe(200);
    expect(intoSam.body.oauthUser._id).toBe('demo-student-1');
    // The child's session names only the way back.
    expect(ids(intoSam.body.oauthUser.userMapper.users)).toEqual(['demo-student-1', 'demo-parent']);
    expect((await switchTo(parent, 'demo-tutor-1')).status).toBe(403);
    expect((await switchTo(parent, 'demo-parent')).status).toBe(403);
  });

  it('a child switched into by the parent switches back to the parent only, never to a sibling', async () => {
    const samSession = sessionFrom(await switchTo(parent, 'demo-student-1'));
    const toSibling = await switchTo(samSession, 'demo-student-2');
    expect(toSibling.status).toBe(403);
    expect(toSibling.body.message).toBe('This account is not linked to yours');

    const back = await switchTo(samSession, 'demo-parent');
    expect(back.status).toBe(200);
    expect(back.body.oauthUser._id).toBe('demo-parent');
    // Back in the parent's own account, the parent may switch again.
    expect((await switchTo(sessionFrom(back), 'demo-student-2')).status).toBe(200);
  });

  it('a child signed in with their own password switches to nobody and is offered nobody', async () => {
    const me = await local.api.call<Json>('users.authUser', { token: sam.token });
    expect(me.body.userMapper).toBeUndefined();
    const listed = await local.api.call<Json>('users.mappedAccounts', { token: sam.token });
    expect(listed.body.docs).toEqual([]);
    expect((await switchTo(sam, 'demo-parent')).status).toBe(403);
    expect((await switchTo(sam, 'demo-student-2')).status).toBe(403);
  });

  it('the token swap keeps who switched: a swapped child session still cannot reach a sibling', async () => {
    const samSession = sessionFrom(await switchTo(parent, 'demo-student-1'));
    const swapped = await local.api.call<Json>('auth.token', {
      body: { grant_type: 'password', old_token: samSession.token },
    });
    expect(swapped.status).toBe(200);
    expect((await switchTo(sessionFrom(swapped), 'demo-student-2')).status).toBe(403);
    expect((await switchTo(sessionFrom(swapped), 'demo-parent')).status).toBe(200);
  });
});

/** The four reads of another account's data the intruder's test made through the shared link. */
const reads = (userId: string): Array<[string, CallOptions]> => [
  ['onboarding.get', { params: { id: userId } }],
  ['usage.get', { params: { id: userId } }],
  ['progress.get', { params: { id: userId } }],
  [
    'schedule.list',
    {
      params: { userId },
      query: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-31T00:00:00.000Z' },
    },
  ],
];

describe("a child's reach into the parent's and siblings' data", () => {
  it("a child reads neither a sibling's nor the parent's data; the parent reads a child's", async () => {
    for (const [routeId, options] of reads('demo-student-2')) {
      const bySam = await local.api.call<Json>(routeId, { ...options, token: sam.token });
      expect(bySam.status, `${routeId} by a sibling`).toBe(404);
      const byParent = await local.api.call<Json>(routeId, { ...options, token: parent.token });
      expect([200, 404], `${routeId} by the parent`).toContain(byParent.status);
      // The parent's 404 may only mean "nothing stored yet" (onboarding), never "not allowed".
      if (byParent.status === 404) expect(byParent.body.message).not.toBe('Student not found');
    }
    for (const [routeId, options] of reads('demo-parent')) {
      const bySam = await local.api.call<Json>(routeId, { ...options, token: sam.token });
      expect(bySam.status, `${routeId} of the parent by a child`).toBe(404);
    }
  });
});

describe('a user-mapper links only the accounts it lists', () => {
  it("an account naming the family's mapper without being on it reaches nobody's data and switches to nobody", async () => {
    // Prepare: the pointer alone (userMapperId), as a stale or forged record would have it.
    const pointer = await pointerOnlyStudent();
    const { token } = pointer;

    // Act & Assess
    for (const userId of ['demo-parent', 'demo-student-1']) {
      for (const [routeId, options] of reads(userId)) {
        const asked = await local.api.call<Json>(routeId, { ...options, token });
        expect(asked.status, `${routeId} of ${userId}`).toBe(404);
      }
      expect((await switchTo(pointer, userId)).status).toBe(403);
    }
    const me = await local.api.call<Json>('users.authUser', { token });
    expect(me.body.userMapper).toBeUndefined();
  });
});

describe('every path that mints a token applies the checks a request’s token gets', () => {
  it('a session from before a password reset mints nothing: not by token swap, not by platform sign-on', async () => {
    // A session of Maya's from a minute ago (the handlers run in this process and read this clock).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 60_000 });
    const old = await local.api.signIn(demo.student2.email, demo.student2.password).finally(() => {
      vi.useRealTimers();
    });
    await local.api.call('auth.forgotPassword', { body: { email: demo.student2.email } });
    await local.stack.events.settled();
    const [mail] = (await readOutbox(local.stack.outboxDir)).filter((m) => m.to === demo.student2.email);
    const resetToken = mail?.text.match(/[?&]token=([\w-]+)/)?.[1];
    const reset = await local.api.call('auth.resetPassword', {
      body: { email: demo.student2.email, token: resetToken, password: 'a-new-password-1' },
    });
    expect(reset.status).toBe(200);

    const swap = await local.api.call<Json>('auth.token', {
      body: { grant_type: 'password', old_token: old.token },
    });
    expect(swap.status).toBe(400);
    expect(swap.body).toMatchObject({ error: 'invalid_grant' });
    expect(swap.body.error_description).toMatch(/^The old token cannot be used: Your session has expired/);

    const platform = await local.api.call<Json>('auth.token', {
      body: { grant_type: 'password', auth_type: 'platform', auth_token: old.token, user_id: old.userId },
    });
    expect(platform.status).toBe(400);
    expect(platform.body).toMatchObject({ error: 'invalid_grant' });

    // A session opened after the reset still swaps.
    const fresh = await local.api.signIn(demo.student2.email, 'a-new-password-1');
    expect(
      (await local.api.call('auth.token', { body: { grant_type: 'password', old_token: fresh.token } }))
        .status,
    ).toBe(200);
  });

  it("another tenant's token mints nothing here", async () => {
    const foreign = await local.api.signIn(northwind.student.email, northwind.student.password, 'northwind');
    const swap = await local.api.call<Json>('auth.token', {
      body: { grant_type: 'password', old_token: foreign.token },
    });
    expect(swap.status).toBe(400);
    expect(swap.body.error).toBe('invalid_grant');
  });
});
