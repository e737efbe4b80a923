import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fcmPusher, type HttpTransport, type ServiceAccount, serviceAccountAssertion } from './push';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const account: ServiceAccount = {
  project_id: 'demo-project',
  client_email: 'push@demo-project.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  token_uri: 'https://oauth2.googleapis.com/token',
};

interface Call {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fake of Google's token endpoint and FCM: records each request and answers from `fcmAnswers` in turn. */
function fakeGoogle(fcmAnswers: Array<{ status: number; body?: unknown }>) {
  const calls: Call[] = [];
  let tokens = 0;
  const transport: HttpTransport = async (url, init) => {
    calls.push({ url, headers: init.headers, body: init.body });
    if (url === account.token_uri) {
      tokens++;
      return { status: 200, json: async () => ({ access_token: `access-${tokens}`, expires_in: 3600 }) };
    }
    const answer = fcmAnswers.shift() ?? { status: 200, body: { name: 'projects/demo-project/messages/1' } };
    return { status: answer.status, json: async () => answer.body ?? {} };
  };
  return { calls, transport };
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const message = { token: 'device-1', title: 'New lesson', body: 'Algebra on Monday', link: 'https://x/y' };

describe('the FCM HTTP v1 adapter', () => {
  it('signs a service-account JWT with RS256 for the messaging scope', () => {
    // Act
    const jwt = serviceAccountAssertion(account, 1_800_000_000);

    // Assess
    const [header, claims, signature] = jwt.split('.');
    expect(decode(header!)).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(decode(claims!)).toEqual({
      iss: account.client_email,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: account.token_uri,
      iat: 1_800_000_000,
      exp: 1_800_003_600,
    });
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature!, 'base64url'));
    expect(verified).toBe(true);
  });

  it('exchanges the JWT for an access token, then posts messages:send with it', async () => {
    // Prepare
    const google = fakeGoogle([]);
    const pusher = fcmPusher(account, google.transport, () => 1_800_000_000_000);

    // Act
    const outcome = await pusher.send(message);

    // Assess
    expect(outcome).toBe('sent');
    const [token, send] = google.calls;
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(token!.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.get('assertion')?.split('.')).toHaveLength(3);
    expect(send!.url).toBe('https://fcm.googleapis.com/v1/projects/demo-project/messages:send');
    expect(send!.headers.authorization).toBe('Bearer access-1');
    expect(JSON.parse(send!.body)).toEqual({
      message: {
        token: 'device-1',
        notification: { title: 'New lesson', body: 'Algebra on Monday' },
        webpush: { fcm_options: { link: 'https://x/y' } },
      },
    });
  });

  it('keeps the access token until a minute before it lapses', async () => {
    // Prepare
    let now = 1_800_000_000_000;
    const google = fakeGoogle([]);
    const pusher = fcmPusher(account, google.transport, () => now);

    // Act
    await pusher.send(message);
    now += 58 * 60_000;
    await pusher.send(message);
    now += 2 * 60_000;
    await pusher.send(message);

    // Assess
    const tokenRequests = google.calls.filter((call) => call.url === account.token_uri);
    expect(tokenRequests).toHaveLength(2);
    const auth = google.calls.filter((c) => c.url !== account.token_uri).map((c) => c.headers.authorization);
    expect(auth).toEqual(['Bearer access-1', 'Bearer access-1', 'Bearer access-2']);
  });

  it('asks for a new token once when FCM answers 401', async () => {
    // Prepare
    const google = fakeGoogle([{ status: 401, body: { error: { status: 'UNAUTHENTICATED' } } }]);
    const pusher = fcmPusher(account, google.transport);

    // Act
    const outcome = await pusher.send(message);

    // Assess
    expect(outcome).toBe('sent');
    expect(google.calls.map((c) => c.headers.authorization ?? 'token')).toEqual([
      'token',
      'Bearer access-1',
      'token',
      'Bearer access-2',
    ]);
  });

  it('answers unregistered for a token FCM no longer knows', async () => {
    const unregistered = {
      status: 404,
      body: {
        error: {
          status: 'NOT_FOUND',
          details: [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
          ],
        },
      },
    };
    const pusher = fcmPusher(account, fakeGoogle([unregistered]).transport);
    expect(await pusher.send(message)).toBe('unregistered');
    const invalid = {
      status: 400,
      body: { error: { status: 'INVALID_ARGUMENT', details: [{ errorCode: 'UNREGISTERED' }] } },
    };
    expect(await fcmPusher(account, fakeGoogle([invalid]).transport).send(message)).toBe('unregistered');
  });

  it('throws on any other failure, so the delivery is logged', async () => {
    const pusher = fcmPusher(
      account,
      fakeGoogle([{ status: 503, body: { error: { status: 'UNAVAILABLE', message: 'try later' } } }])
        .transport,
    );
    await expect(pusher.send(message)).rejects.toThrow('FCM answered 503: try later');
  });
});
