import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/** An unexpected failure deep in an operation, carrying what must never reach a client. */
const failure = { armed: false };
const SECRET = 'connect ECONNREFUSED 10.0.3.7:8000 (table learning-platform-prod, key T#demo#TAG)';

// The handlers run in this process: the tags repository's list fails while armed.
vi.mock('../../../functions/repositories/tags', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../functions/repositories/tags')>();
  return {
    tagsRepository: {
      ...real.tagsRepository,
      list: (...args: Parameters<typeof real.tagsRepository.list>) => {
        if (failure.armed) return Promise.reject(new Error(SECRET));
        return real.tagsRepository.list(...args);
      },
    },
  };
});

const local = localStackForFile();
let student: { token: string; userId: string };

beforeAll(async () => {
  student = await local.api.signIn(demo.student.email, demo.student.password);
});

/** What the functions write to stdout and stderr (the structured logs) while `act` runs. */
async function logsDuring<T>(
  act: () => Promise<T>,
): Promise<{ result: T; lines: Array<Record<string, any>> }> {
  const written: string[] = [];
  const capture = (stream: NodeJS.WriteStream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  const spies = [capture(process.stdout), capture(process.stderr)];
  try {
    const result = await act();
    const lines = written
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, any>);
    return { result, lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

afterEach(() => {
  failure.armed = false;
});

describe('an unexpected error', () => {
  it('is a 500 with a generic message and the correlation id, no details, and is logged with that id', async () => {
    // Prepare
    failure.armed = true;

    // Act
    const { result: answer, lines } = await logsDuring(() =>
      local.api.call<Record<string, unknown>>('tags.list', { ...student }),
    );

    // Assess: the client gets the generic message naming the correlation id, also in the header
    const correlationId = answer.headers.get('x-correlation-id');
    expect(answer.status).toBe(500);
    expect(correlationId).toBeTruthy();
    expect(answer.body).toEqual({
      message: `Something went wrong on our side. Please try again (reference ${correlationId}).`,
    });
    const raw = JSON.stringify(answer.body);
    expect(raw).not.toContain('ECONNREFUSED');
    expect(raw).not.toMatch(/\bat .+\.(ts|js):\d+/);
    expect(raw).not.toContain('stack');
    // The log has the error, its stack and the same correlation id
    const logged = lines.find((line) => line.message === 'Unexpected error');
    expect(logged, JSON.stringify(lines)).toBeDefined();
    expect(logged).toMatchObject({ level: 'ERROR', correlationId, routeKey: 'GET /tags' });
    expect(logged!.error.message).toBe(SECRET);
    expect(logged!.error.stack).toContain('errors.test.ts');
  });

  it('keeps a correlation id the caller sent, and the route works again once the fault is gone', async () => {
    // Prepare
    failure.armed = true;

    // Act
    const { result: answer, lines } = await logsDuring(() =>
      local.api.call<Record<string, unknown>>('tags.list', {
        ...student,
        headers: { 'x-correlation-id': 'support-ticket-4711' },
      }),
    );
    failure.armed = false;
    const healthy = await local.api.call('tags.list', { ...student });

    // Assess
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-correlation-id')).toBe('support-ticket-4711');
    expect(answer.body.message).toContain('(reference support-ticket-4711)');
    expect(lines.find((line) => line.message === 'Unexpected error')?.correlationId).toBe(
      'support-ticket-4711',
    );
    expect(healthy.status).toBe(200);
  });
});
