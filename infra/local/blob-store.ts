import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve, sep } from 'node:path';
import { verifyLocalUpload } from '../../functions/lib/file-storage-local';
import { MAX_UPLOAD_BYTES, normalizeContentType } from '../../shared/rules/uploads';

export const BLOB_PATH_PREFIX = '/_local/files/';

export interface BlobStoreOptions {
  /** Files under `data/`, their content type under `meta/`. */
  directory: string;
  signingKey: string;
  allowOrigin: (origin: string) => boolean;
}

/**
 * The local stand-in for the uploads bucket behind CloudFront: a signed, expiring PUT stores a file (the
 * signature binds key, content type and size, as S3's presigned URL does), and a plain GET serves it back
 * with its content type, as CloudFront's /uploads/* does. Answers true when the request was one of its own.
 */
export async function handleBlobRequest(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  options: BlobStoreOptions,
): Promise<boolean> {
  if (!url.pathname.startsWith(BLOB_PATH_PREFIX)) return false;
  const method = (request.method ?? 'GET').toUpperCase();
  const cors = corsHeaders(request, options);
  let key: string;
  try {
    key = url.pathname
      .slice(BLOB_PATH_PREFIX.length)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return answer(response, 400, { message: 'Malformed file path' }, cors);
  }
  const dataPath = safePath(options.directory, 'data', key);
  const metaPath = safePath(options.directory, 'meta', `${key}.json`);
  if (!dataPath || !metaPath) return answer(response, 400, { message: 'Malformed file path' }, cors);

  if (method === 'OPTIONS') {
    response.writeHead(204, {
      ...cors,
      ...(cors['access-control-allow-origin']
        ? {
            'access-control-allow-methods': 'GET,HEAD,PUT',
            'access-control-allow-headers': 'content-type',
            'access-control-max-age': '600',
          }
        : {}),
    });
    response.end();
    return true;
  }

  if (method === 'PUT') {
    const check = verifyLocalUpload(options.signingKey, key, url.searchParams);
    if (!check.ok) return answer(response, 403, { message: check.reason }, cors, true);
    const { grant } = check;
    if (normalizeContentType(request.headers['content-type'] ?? '') !== grant.contentType) {
      return answer(response, 403, { message: 'The content type differs from the signed one' }, cors, true);
    }
    const limit = Math.min(grant.size, MAX_UPLOAD_BYTES);
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      return answer(response, 413, { message: 'The file is larger than declared' }, cors, true);
    }
    const body = await readLimited(request, limit);
    if (body === 'too-large') {
      return answer(response, 413, { message: 'The file is larger than declared' }, cors, true);
    }
    if (body.length !== grant.size) {
      return answer(response, 400, { message: 'The file is smaller than declared' }, cors);
    }
    await mkdir(dirname(dataPath), { recursive: true });
    await mkdir(dirname(metaPath), { recursive: true });
    // Written under a temporary name then renamed, so a reader never sees half a file.
    await writeFile(`${dataPath}.part`, body);
    await rename(`${dataPath}.part`, dataPath);
    await writeFile(metaPath, JSON.stringify({ contentType: grant.contentType, size: body.length }));
    response.writeHead(200, { ...cors, etag: `"${body.length}-${grant.expires}"` });
    response.end();
    return true;
  }

  if (method === 'GET' || method === 'HEAD') {
    const [data, meta] = await Promise.all([
      readFile(dataPath).catch(() => undefined),
      readFile(metaPath, 'utf8').catch(() => undefined),
    ]);
    if (!data || !meta) return answer(response, 404, { message: 'Not Found' }, cors);
    const { contentType } = JSON.parse(meta) as { contentType: string };
    response.writeHead(200, {
      ...cors,
      'content-type': contentType,
      'content-length': String(data.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    response.end(method === 'HEAD' ? undefined : data);
    return true;
  }
  return answer(response, 405, { message: 'Method Not Allowed' }, cors);
}

/** A path inside `directory/area`, or undefined when the key would leave it (`..`, empty segments). */
function safePath(directory: string, area: string, key: string): string | undefined {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\0'))) return undefined;
  const root = resolve(directory, area);
  const path = resolve(root, ...segments);
  return path.startsWith(root + sep) ? path : undefined;
}

function corsHeaders(request: IncomingMessage, options: BlobStoreOptions): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin || !options.allowOrigin(origin)) return {};
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

async function readLimited(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function answer(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  /** The rest of the body is not read: close the connection rather than leave it half-read. */
  close = false,
): true {
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    ...(close ? { connection: 'close' } : {}),
  });
  response.end(JSON.stringify(body));
  return true;
}
