import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyToUrlPath } from '../../shared/rules/uploads';
import type { FileStorage } from './file-storage';

/** What a local upload URL grants: one PUT of this key, type and size until `expires` (epoch seconds). */
export interface LocalUploadGrant {
  key: string;
  contentType: string;
  size: number;
  expires: number;
}

function signature(secret: string, grant: LocalUploadGrant): string {
  return createHmac('sha256', secret)
    .update(['PUT', grant.key, grant.contentType, String(grant.size), String(grant.expires)].join('\n'))
    .digest('hex');
}

/** The local adapter: signed, expiring URLs on the local gateway's blob store (infra/local/blob-store.ts). */
export function localFileStorage(baseUrl: string, secret: string, now = () => Date.now()): FileStorage {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async presignUpload({ key, contentType, size, expiresIn }) {
      const grant = { key, contentType, size, expires: Math.floor(now() / 1000) + expiresIn };
      const query = new URLSearchParams({
        'X-Content-Type': contentType,
        'X-Size': String(size),
        'X-Expires': String(grant.expires),
        'X-Signature': signature(secret, grant),
      });
      return { url: `${base}/${keyToUrlPath(key)}?${query}`, headers: { 'content-type': contentType } };
    },
    fileUrl: (key) => `${base}/${keyToUrlPath(key)}`,
  };
}

export type GrantCheck = { ok: true; grant: LocalUploadGrant } | { ok: false; reason: string };

/**
 * Checks a local upload URL as S3 checks a presigned one: the signature covers key, type, size and expiry
 * (so none can be changed), it is compared in constant time, and an expired URL is refused.
 */
export function verifyLocalUpload(
  secret: string,
  key: string,
  query: URLSearchParams,
  nowMs = Date.now(),
): GrantCheck {
  const given = query.get('X-Signature') ?? '';
  const grant: LocalUploadGrant = {
    key,
    contentType: query.get('X-Content-Type') ?? '',
    size: Number(query.get('X-Size')),
    expires: Number(query.get('X-Expires')),
  };
  if (!given || !Number.isInteger(grant.size) || !Number.isInteger(grant.expires)) {
    return { ok: false, reason: 'The upload URL is not signed' };
  }
  const expected = Buffer.from(signature(secret, grant), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'The upload URL signature does not match' };
  }
  if (grant.expires * 1000 < nowMs) return { ok: false, reason: 'The upload URL has expired' };
  return { ok: true, grant };
}
