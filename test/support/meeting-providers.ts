import type { HttpRequest, HttpResponse, HttpTransport } from '../../functions/lib/meeting-providers/http';

/** The demo school's Zoom and Teams credentials in the tests (nothing here reaches a real provider). */
export const testZoomSettings = {
  accountId: 'acct-demo',
  clientId: 'zoom-client',
  clientSecret: 'zoom-secret',
  hostUserId: 'host@demo.test',
  webhookSecretToken: 'zoom-webhook-secret',
};
export const testTeamsSettings = {
  directoryId: 'dir-demo',
  clientId: 'teams-client',
  clientSecret: 'teams-secret',
  organizerUserId: 'organizer-demo',
};

/**
 * Zoom and Graph as far as the adapters use them, in memory: tokens, meetings created, moved and deleted.
 * Every request is kept (`requests`) for the tests to assert; `failNext` makes the next matching call
 * answer an error, as a provider down or refusing would.
 */
export function simulatedProviders() {
  const requests: HttpRequest[] = [];
  const meetings = new Map<string, { start: string; duration?: number; end?: string }>();
  const failures: Array<{ match: RegExp; status: number; body: unknown }> = [];
  let next = 81000000000;
  const answer = (status: number, body?: unknown): HttpResponse => ({
    status,
    body: body === undefined ? '' : JSON.stringify(body),
  });
  const transport: HttpTransport = async (request) => {
    requests.push(request);
    const line = `${request.method} ${request.url}`;
    const failure = failures.findIndex((f) => f.match.test(line));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return answer(f!.status, f!.body);
    }
    const body = request.body && request.method !== 'POST' ? JSON.parse(request.body) : undefined;
    if (line.startsWith('POST https://zoom.us/oauth/token'))
      return answer(200, { access_token: 'zoom-token', expires_in: 3599 });
    if (line.startsWith('POST https://login.microsoftonline.com/'))
      return answer(200, { access_token: 'graph-token', expires_in: 3599 });
    let match = /^POST https:\/\/api\.zoom\.us\/v2\/users\/[^/]+\/meetings$/.exec(line);
    if (match) {
      const created = JSON.parse(request.body ?? '{}');
      const id = String(next++);
      meetings.set(id, { start: created.start_time, duration: created.duration });
      return answer(201, { id: Number(id), join_url: `https://zoom.us/j/${id}` });
    }
    match = /^(PATCH|DELETE|GET) https:\/\/api\.zoom\.us\/v2\/meetings\/(\d+)/.exec(line);
    if (match) {
      const id = match[2]!;
      if (!meetings.has(id)) return answer(404, { code: 3001, message: 'Meeting does not exist' });
      if (match[1] === 'PATCH') meetings.set(id, { start: body.start_time, duration: body.duration });
      if (match[1] === 'DELETE') meetings.delete(id);
      if (match[1] === 'GET') return answer(200, { start_url: `https://zoom.us/s/${id}?zak=host` });
      return answer(204);
    }
    if (/^POST https:\/\/graph\.microsoft\.com\/v1\.0\/users\/[^/]+\/onlineMeetings$/.test(line)) {
      const created = JSON.parse(request.body ?? '{}');
      const id = `teams-${next++}`;
      meetings.set(id, { start: created.startDateTime, end: created.endDateTime });
      return answer(201, { id, joinWebUrl: `https://teams.microsoft.com/l/meetup-join/${id}` });
    }
    match =
      /^(PATCH|DELETE) https:\/\/graph\.microsoft\.com\/v1\.0\/users\/[^/]+\/onlineMeetings\/([^/]+)$/.exec(
        line,
      );
    if (match) {
      const id = decodeURIComponent(match[2]!);
      if (!meetings.has(id)) return answer(404, { error: { code: 'NotFound', message: 'Not found' } });
      if (match[1] === 'PATCH') meetings.set(id, { start: body.startDateTime, end: body.endDateTime });
      else meetings.delete(id);
      return answer(match[1] === 'PATCH' ? 200 : 204, match[1] === 'PATCH' ? { id } : undefined);
    }
    return answer(404, { message: `The simulation does not know ${line}` });
  };
  return {
    transport,
    requests,
    meetings,
    failNext(match: RegExp, status: number, body: unknown) {
      failures.push({ match, status, body });
    },
    /** The requests to the API (tokens left out), as `METHOD url` lines. */
    calls(): string[] {
      return requests
        .map((r) => `${r.method} ${r.url}`)
        .filter((line) => !line.includes('oauth') && !line.includes('login.microsoftonline'));
    },
  };
}
