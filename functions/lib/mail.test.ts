import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { escapeHtml, outboxMailer, sesMailer } from './mail';

const mail = { to: 'ada@example.com', subject: 'Reset your password', text: 'Hello', html: '<p>Hello</p>' };

describe('SES mail adapter', () => {
  it('sends through the real SES v2 client (over a fake transport)', async () => {
    const requests: Array<{ path: string; body: string; headers: Record<string, string> }> = [];
    const client = new SESv2Client({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: { path: string; body: string; headers: Record<string, string> }) => {
          requests.push({ path: request.path, body: String(request.body), headers: request.headers });
          return {
            response: {
              statusCode: 200,
              headers: { 'content-type': 'application/json' },
              body: Readable.from([Buffer.from('{"MessageId":"m-1"}')]),
            },
          };
        },
      },
    });
    await sesMailer(client, 'no-reply@example.com').send(mail);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/v2/email/outbound-emails');
    expect(requests[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    expect(JSON.parse(requests[0]!.body)).toMatchObject({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['ada@example.com'] },
      Content: {
        Simple: { Subject: { Data: 'Reset your password' }, Body: { Html: { Data: '<p>Hello</p>' } } },
      },
    });
  });
});

describe('outbox mail adapter', () => {
  it('writes each mail as a JSON file for the local mailbox', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    await outboxMailer(dir).send(mail);
    const [file] = await readdir(dir);
    expect(JSON.parse(await readFile(join(dir, file!), 'utf8'))).toMatchObject({
      ...mail,
      id: expect.any(String),
    });
  });
});

it('escapes user input placed in mail HTML', () => {
  expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
    '&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;',
  );
});
