import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3FileStorage } from './file-storage';
import { localFileStorage, verifyLocalUpload } from './file-storage-local';

const key = 'demo/resource/demo-admin/Week 1 notes-1700000000000.pdf';

describe('S3 file storage adapter', () => {
  it('presigns a PUT offline, binding content type and length, under the uploads/ prefix', async () => {
    // Prepare: a real S3 client with fake credentials; presigning is local computation (no request sent).
    const client = new S3Client({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    const storage = s3FileStorage(client, 'lp-uploads-test', 'https://d111.cloudfront.net/uploads/');

    // Act
    const signed = await storage.presignUpload({
      key,
      contentType: 'application/pdf',
      size: 1234,
      expiresIn: 900,
    });

    // Assess
    const url = new URL(signed.url);
    expect(url.hostname).toBe('lp-uploads-test.s3.eu-west-1.amazonaws.com');
    expect(decodeURIComponent(url.pathname)).toBe(`/uploads/${key}`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(storage.fileUrl(key)).toBe(
      'https://d111.cloudfront.net/uploads/demo/resource/demo-admin/Week%201%20notes-1700000000000.pdf',
    );
  });
});

describe('local file storage adapter', () => {
  const secret = 'a-local-signing-key-of-at-least-32-chars';
  const now = Date.parse('2030-01-01T00:00:00Z');
  const storage = localFileStorage('http://127.0.0.1:3000/_local/files', secret, () => now);

  async function grantFor(size = 10) {
    const { url } = await storage.presignUpload({
      key,
      contentType: 'application/pdf',
      size,
      expiresIn: 900,
    });
    return new URL(url).searchParams;
  }

  it('signs a URL that its own check accepts until it expires', async () => {
    const query = await grantFor();
    expect(verifyLocalUpload(secret, key, query, now)).toMatchObject({ ok: true, grant: { size: 10 } });
    expect(verifyLocalUpload(secret, key, query, now + 901_000)).toEqual({
      ok: false,
      reason: 'The upload URL has expired',
    });
  });

  it('refuses a URL whose key, size, type or signature was changed, or that is unsigned', async () => {
    const query = await grantFor();
    expect(verifyLocalUpload(secret, `${key}x`, query, now).ok).toBe(false);
    for (const [name, value] of [
      ['X-Size', '11'],
      ['X-Content-Type', 'image/png'],
      ['X-Expires', String(now / 1000 + 99_999)],
      ['X-Signature', '00'.repeat(32)],
    ] as const) {
      const tampered = new URLSearchParams(query);
      tampered.set(name, value);
      expect(verifyLocalUpload(secret, key, tampered, now)).toMatchObject({ ok: false });
    }
    expect(verifyLocalUpload('another-secret-another-secret-another', key, query, now).ok).toBe(false);
    expect(verifyLocalUpload(secret, key, new URLSearchParams(), now)).toEqual({
      ok: false,
      reason: 'The upload URL is not signed',
    });
  });
});
