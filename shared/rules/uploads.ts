/**
 * Upload rules shared by the presign route and the SPA (which can check a file before asking): the size
 * limit, the content types a course file may have, and where an upload is stored.
 */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * Objects live under `uploads/` in the bucket because CloudFront serves them at `/uploads/*` of the SPA's
 * distribution and forwards that path unchanged to the bucket.
 */
export const S3_KEY_PREFIX = 'uploads/';

export const uploadPurposes = ['resource', 'homework', 'submission', 'course', 'avatar'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/**
 * Documents, images, audio and video. Deliberately absent: HTML, SVG and scripts (files are served from the
 * SPA's own origin, so they must never be able to run code there) and archives (cannot be previewed).
 */
export const allowedUploadTypes = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/rtf',
  'text/plain',
  'text/csv',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
  'audio/ogg',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/quicktime',
] as const;

/** `image/PNG; charset=x` -> `image/png`. */
export function normalizeContentType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function isAllowedUploadType(contentType: string): boolean {
  return (allowedUploadTypes as readonly string[]).includes(normalizeContentType(contentType));
}

/**
 * The storage key of an upload: tenant first (no tenant can reach another's prefix), then what it is for
 * and who uploaded it, then the cleaned, time-stamped name.
 */
export function uploadKey(
  tenant: string,
  purpose: UploadPurpose,
  userId: string,
  cleanedName: string,
): string {
  for (const part of [tenant, userId]) {
    if (!/^[A-Za-z0-9_.-]+$/.test(part) || part === '.' || part === '..') {
      throw new Error(`Unsafe key segment ${JSON.stringify(part)}`);
    }
  }
  return `${tenant}/${purpose}/${userId}/${cleanedName}`;
}

/** A key as a URL path: each segment percent-encoded (names keep spaces, `#`, `&`...). */
export function keyToUrlPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
