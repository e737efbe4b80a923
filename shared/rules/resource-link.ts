import { stripFileName } from './file-name';
import { keyToUrlPath, type UploadPurpose, uploadPurposes } from './uploads';
import { absoluteUrl, isValidUrl } from './url';

/**
 * What a RESOURCE section (or any stored file reference) may point at: a web link that passes the URL
 * check of spec 001 section 5, stored with its scheme (`example.com/a` becomes `https://example.com/a`),
 * or a file this tenant uploaded through POST /uploads/presigned-url, given as the `fileUrl` or the
 * `fileKey` that call answered. Anything else (`javascript:`, `data:`, `ftp:`, free text, another
 * tenant's upload) is refused with a message the client can show.
 */
export interface ResourceLinkContext {
  /** The caller's tenant: an upload key must begin with it. */
  tenant: string;
  /**
   * Where the platform serves uploaded files (the file-storage port's base URL, without a trailing slash).
   * The first one turns an upload key into its URL.
   */
  fileBaseUrls: readonly string[];
}

export interface ResourceLinkInput {
  url: string;
  fileName?: string | undefined;
}

export type ResourceLinkCheck =
  | { ok: true; url: string; fileName?: string; uploaded: boolean }
  | { ok: false; message: string };

export const RESOURCE_LINK_MESSAGE =
  'Enter a valid http or https link (such as https://example.com/notes.pdf), or upload a file';
export const FOREIGN_UPLOAD_MESSAGE = 'This file is not one of this site’s uploads. Please upload it again';

/** One path segment of an upload key (shared/rules/uploads.ts uploadKey): no way out of its prefix. */
const SAFE_SEGMENT = /^[A-Za-z0-9_.-]+$/;

export interface ParsedUploadKey {
  key: string;
  purpose: UploadPurpose;
  userId: string;
  /** The cleaned, time-stamped name the upload route gave the file. */
  fileName: string;
}

/**
 * An upload key of `tenant` exactly as uploadKey builds it: `<tenant>/<purpose>/<userId>/<name>`, the name
 * being one that cleanFileName could have produced (none of the stripped characters, so no `/` either).
 */
export function parseUploadKey(key: string, tenant: string): ParsedUploadKey | undefined {
  const parts = key.split('/');
  if (parts.length !== 4) return undefined;
  const [owner, purpose, userId, fileName] = parts as [string, string, string, string];
  if (owner !== tenant) return undefined;
  if (!(uploadPurposes as readonly string[]).includes(purpose)) return undefined;
  if (!SAFE_SEGMENT.test(userId) || userId === '.' || userId === '..') return undefined;
  if (!fileName || fileName !== stripFileName(fileName) || fileName === '.' || fileName === '..') {
    return undefined;
  }
  return { key, purpose: purpose as UploadPurpose, userId, fileName };
}

/** An upload key of any tenant (the shape uploadKey builds). */
function isUploadKeyShape(text: string): boolean {
  const owner = text.split('/', 1)[0] ?? '';
  return SAFE_SEGMENT.test(owner) && parseUploadKey(text, owner) !== undefined;
}

/**
 * The floor every stored file reference stands on, checked by the schemas (resource sections, homework
 * attachments, course template outlines), where the tenant is not known yet: a link passing the URL check,
 * an absolute http(s) URL without spaces (an upload's URL may hold characters the URL check does not take,
 * such as parentheses), or an upload key. Never `javascript:`, `data:`, `file:` or free text, which a page
 * would put in a link's href. {@link checkResourceLink} then narrows it to the caller's tenant.
 */
export function isResourceLinkShape(text: string): boolean {
  const url = text.trim();
  if (isValidUrl(url) || isUploadKeyShape(url)) return true;
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** The key behind a file URL the platform issued (`<base>/<encoded key>`), if the URL is under a base. */
function keyUnderBase(url: string, bases: readonly string[]): { base: string; key?: string } | undefined {
  for (const base of bases) {
    if (!url.startsWith(`${base}/`)) continue;
    const path = url.slice(base.length + 1);
    let key: string;
    try {
      key = path
        .split('/')
        .map((segment) => decodeURIComponent(segment))
        .join('/');
    } catch {
      return { base };
    }
    // Only the exact form the upload route answers (each segment encoded once; no query or fragment).
    return keyToUrlPath(key) === path ? { base, key } : { base };
  }
  return undefined;
}

/**
 * Checks and normalises a resource's link. An upload keeps the name the upload route gave it (already
 * cleaned and time-stamped: cleaning it again would stamp it twice); a web link's optional display name
 * loses the characters file names may not hold (no timestamp: nothing is stored under it).
 */
export function checkResourceLink(input: ResourceLinkInput, context: ResourceLinkContext): ResourceLinkCheck {
  const url = input.url.trim();
  const bases = context.fileBaseUrls.map((base) => base.replace(/\/+$/, '')).filter(Boolean);

  const underBase = keyUnderBase(url, bases);
  if (underBase) {
    const parsed = underBase.key ? parseUploadKey(underBase.key, context.tenant) : undefined;
    if (!parsed) return { ok: false, message: FOREIGN_UPLOAD_MESSAGE };
    return { ok: true, url, fileName: parsed.fileName, uploaded: true };
  }

  const asKey = parseUploadKey(url, context.tenant);
  if (asKey && bases[0]) {
    return {
      ok: true,
      url: `${bases[0]}/${keyToUrlPath(asKey.key)}`,
      fileName: asKey.fileName,
      uploaded: true,
    };
  }

  if (!isValidUrl(url)) return { ok: false, message: RESOURCE_LINK_MESSAGE };
  const fileName = input.fileName === undefined ? undefined : stripFileName(input.fileName);
  return { ok: true, url: absoluteUrl(url), ...(fileName ? { fileName } : {}), uploaded: false };
}
