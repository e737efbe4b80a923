import { describe, expect, it, vi } from 'vitest';
import { addressDelayMs, MAX_FAILURES } from '../../../functions/auth/throttle';
import { verifyPassword } from '../../../functions/lib/passwords';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

// The handlers run in this process: counting password checks shows which attempts were evaluated.
vi.mock('../../../functions/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/lib/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const local = localStackForFile();
const THROTTLED =
  /^Too many failed sign-in attempts\. Please try again in 1[45] minutes or reset your password\.$/;

const guess = (username: string, password: string, tenant?: string) =>
  local.api.call<Record<string, string>>('auth.token', {
    tenant,
    body: { grant_type: 'password', username, password },
  });

describe('sign-in throttle per account', () => {
  it('checks at most 5 of 40 parallel guesses at one account; the rest are refused unchecked', async () => {
    // Prepare
    vi.mocked(verifyPassword).mockClear();

    // Act
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => guess('tutor3@demo.test', `wrong-guess-${n}`)),
    );

    // Assess: exactly the limit was evaluated (a wrong password, 400), the others never reached the check
    const evaluated = answers.filter((a) => a.status === 400);
    const refused = answers.filter((a) => a.status === 429);
    expect(evaluated).toHaveLength(MAX_FAILURES.account);
    expect(refused).toHaveLength(40 - MAX_FAILURES.account);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(MAX_FAILURES.account);
    for (const { body } of evaluated) expect(body.error).toBe('invalid_grant');
    for (const { body } of refused) {
      expect(body.error).toBe('slow_down');
      expect(body.error_description).toMatch(THROTTLED);
    }
    // The account stays locked for the window, even for its right password (which is not checked either).
    const right = await guess('tutor3@demo.test', 'Demo-tutor-3');
    expect(right.status).toBe(429);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(MAX_FAILURES.account);
  });

  it('locks an account after 5 failed attempts with a clear 429, even for the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await guess(demo.student3.email, `wrong-${attempt}`)).status).toBe(400);
    }
    const { status, body } = await guess(demo.student3.email, demo.student3.password);
    expect(status).toBe(429);
    expect(body.error).toBe('slow_down');
    expect(body.error_description).toMatch(THROTTLED);
  });

  it('starts afresh after a successful sign-in', async () => {
    for (let attempt = 0; attempt < 4; attempt++) await guess(demo.student2.email, `wrong-${attempt}`);
    expect((await guess(demo.student2.email, demo.student2.password)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await guess(demo.student2.email, `wrong-again-${attempt}`)).status).toBe(400);
    }
    expect((await guess(demo.student2.email, demo.student2.password)).status).toBe(200);
  });
});

describe('sign-in throttle per address', () => {
  it('slows an address down after 20 failures but still lets another user in with the right password', async () => {
    // Prepare: one person at the school's address tries 20 accounts (northwind: its own throttle counters)
    for (let attempt = 0; attempt < MAX_FAILURES.address; attempt++) {
      const { status } = await guess(`guess-${attempt}@northwind.test`, 'guess', 'northwind');
      expect(status).toBe(400);
    }

    // Act: a classmate at the same address signs in
    const started = Date.now();
    const classmate = await guess(northwind.student.email, northwind.student.password, 'northwind');
    const took = Date.now() - started;

    // Assess: let in, after the address's delay; another wrong guess is checked and answered as such
    expect(classmate.status).toBe(200);
    expect(took).toBeGreaterThanOrEqual(addressDelayMs(MAX_FAILURES.address));
    const wrong = await guess(northwind.admin.email, 'not-the-password', 'northwind');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });
});
