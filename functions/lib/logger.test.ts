import { afterEach, expect, it, vi } from 'vitest';
import { logger, redactLogValue } from './logger';

const TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vLXN0dWRlbnQtMSIsInRpZCI6ImRlbW8ifQ.c2lnbmF0dXJlLXZhbHVlLWhlcmU';

/** The JSON lines the logger writes while `act` runs (Powertools' own console: stdout, errors to stderr). */
function linesDuring(act: () => void): Array<Record<string, unknown>> {
  const written: string[] = [];
  const capture = (stream: NodeJS.WriteStream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  const spies = [capture(process.stdout), capture(process.stderr)];
  try {
    act();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => {
  logger.resetKeys();
});

it('writes no e-mail address, token or credential field, wherever it sits in the line', () => {
  // Act: an error logged with personal data in the message, the error's text, the keys and nested fields
  const lines = linesDuring(() => {
    logger.appendKeys({ correlationId: 'req-1', caller: 'sam.lee@example.com' });
    logger.error('Sign-in failed for sam.lee@example.com', {
      error: new Error(`No account for Sam.Lee+school@mail.example.co.uk with ${TOKEN}`),
      request: {
        headers: { authorization: `Bearer ${TOKEN}`, 'x-user-id': 'demo-student-1' },
        body: { username: 'sam.lee@example.com', password: 'hunter2!', old_token: TOKEN },
      },
      note: `sent to parent@example.org, link /reset?token=${TOKEN}`,
    });
  });

  // Assess: one line; nothing of the address, the token or the password is left, the ids are
  expect(lines).toHaveLength(1);
  const raw = JSON.stringify(lines[0]);
  for (const secret of ['sam.lee@example.com', 'Sam.Lee+school', 'parent@example.org', TOKEN, 'hunter2!'])
    expect(raw).not.toContain(secret);
  expect(raw).not.toContain('eyJ');
  expect(lines[0]).toMatchObject({
    message: 'Sign-in failed for [email]',
    correlationId: 'req-1',
    caller: '[email]',
    request: {
      headers: { authorization: '[redacted]', 'x-user-id': 'demo-student-1' },
      body: { username: '[email]', password: '[redacted]', old_token: '[redacted]' },
    },
    note: 'sent to [email], link /reset?token=[token]',
  });
  expect(JSON.stringify(lines[0]?.error)).toContain('No account for [email] with [token]');
});

it('leaves what is not personal alone', () => {
  expect(redactLogValue('path', '/admin/users/demo-tutor-1')).toBe('/admin/users/demo-tutor-1');
  expect(redactLogValue('durationMs', 12)).toBe(12);
  expect(redactLogValue('message', 'version 1.2.3 at 10:00')).toBe('version 1.2.3 at 10:00');
  expect(redactLogValue('password', undefined)).toBeUndefined();
  expect(redactLogValue('Authorization', 'Bearer abc')).toBe('[redacted]');
  expect(redactLogValue('header', 'Bearer abc.def')).toBe('Bearer [token]');
});
