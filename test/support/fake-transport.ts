import { expect } from 'vitest';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../functions/lib/meeting-providers/http';

/**
 * A transport for the adapters' tests: each expected request in order, checked field by field, and the
 * answer the provider would give. No network.
 */
export interface ExpectedExchange {
  method: HttpRequest['method'];
  url: string;
  headers?: Record<string, string>;
  /** The body as JSON (compared deeply) or as text (a form). */
  json?: unknown;
  text?: string;
  status: number;
  answer?: unknown;
}

export function fakeTransport(exchanges: ExpectedExchange[]): HttpTransport & { remaining(): number } {
  const queue = [...exchanges];
  const transport = async (request: HttpRequest): Promise<HttpResponse> => {
    const expected = queue.shift();
    if (!expected) throw new Error(`Unexpected request ${request.method} ${request.url}`);
    expect(`${request.method} ${request.url}`).toBe(`${expected.method} ${expected.url}`);
    for (const [name, value] of Object.entries(expected.headers ?? {})) {
      expect(request.headers[name], `header ${name}`).toBe(value);
    }
    if (expected.json !== undefined) expect(JSON.parse(request.body ?? 'null')).toEqual(expected.json);
    else if (expected.text !== undefined) expect(request.body).toBe(expected.text);
    else if (request.method === 'GET' || request.method === 'DELETE') expect(request.body).toBeUndefined();
    return {
      status: expected.status,
      body: expected.answer === undefined ? '' : JSON.stringify(expected.answer),
    };
  };
  return Object.assign(transport, { remaining: () => queue.length });
}
