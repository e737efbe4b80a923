import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../shared/rules/uploads';
import type { PresignedUpload } from '../../../shared/schemas/upload';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
let admin: Session;
let student: Session;

const pdf = Buffer.from('%PDF-1.4\nWeek 1 notes\n%%EOF\n');

async function presign(session: Session, body: Record<string, unknown>, tenant?: string) {
  return local.api.call<PresignedUpload & { message?: string }>('uploads.presign', {
    ...session,
    tenant,
    body: {
      fileName: 'Week 1: notes?.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      purpose: 'resource',
      ...body,
    },
  });
}

function put(upload: PresignedUpload, bytes: Buffer, headers = upload.headers, url = upload.uploadUrl) {
  return fetch(url, { method: upload.method, headers, body: new Uint8Array(bytes) });
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  student = await local.api.signIn(demo.student.email, demo.student.password);
});

describe('presigned uploads', () => {
  it('presigns, takes the PUT and serves the same bytes and content type at the file URL', async () => {
    // Prepare
    const before = Date.now();
    const { status, body: upload } = await presign(admin, {});
    expect(status).toBe(200);

    // Act
    const stored = await put(upload, pdf);
    const served = await fetch(upload.fileUrl);

    // Assess
    expect(stored.status).toBe(200);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pdf);
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(upload.expiresIn).toBe(900);
    // Spec 001 section 5: forbidden characters stripped, a timestamp before the extension.
    expect(upload.fileName).toMatch(/^Week 1 notes-(\d{13})\.pdf$/);
    const stamp = Number(upload.fileName.match(/-(\d{13})\.pdf$/)![1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(upload.fileKey).toBe(`demo/resource/${admin.userId}/${upload.fileName}`);
    expect(upload.fileUrl).toContain(encodeURIComponent(upload.fileName));
  });

  it('keeps each tenant under its own key prefix', async () => {
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    const { body } = await presign(northwindAdmin, { purpose: 'homework' }, 'northwind');
    expect(body.fileKey).toMatch(new RegExp(`^northwind/homework/${northwindAdmin.userId}/`));
  });

  it.each([
    [{ contentType: 'text/html' }, /contentType: This file type cannot be uploaded/],
    [{ contentType: 'image/svg+xml' }, /contentType: This file type cannot be uploaded/],
    [{ size: MAX_UPLOAD_BYTES + 1 }, /size: A file may be at most 50 MB/],
    [{ size: 0 }, /size: The file is empty/],
    [{ size: 1.5 }, /size: Size must be a whole number/],
    [{ purpose: 'anything' }, /purpose/],
    [{ fileName: '' }, /fileName: File name is required/],
    [{ extra: true }, /Unknown field/],
  ])('refuses %j with a 400', async (change, message) => {
    const { status, body } = await presign(student, change);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it('needs a signed-in caller', async () => {
    const { status } = await local.api.call('uploads.presign', {
      body: { fileName: 'a.pdf', contentType: 'application/pdf', size: 3, purpose: 'resource' },
    });
    expect(status).toBe(401);
  });

  it('refuses a tampered, re-typed or unsigned upload URL with a 403, and stores nothing', async () => {
    const { body: upload } = await presign(student, { purpose: 'submission' });
    const url = new URL(upload.uploadUrl);

    const tampered = new URL(url);
    const signature = tampered.searchParams.get('X-Signature')!;
    tampered.searchParams.set('X-Signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    expect((await put(upload, pdf, upload.headers, tampered.href)).status).toBe(403);

    const otherKey = new URL(url.href.replace(encodeURIComponent(upload.fileName), 'other.pdf'));
    expect((await put(upload, pdf, upload.headers, otherKey.href)).status).toBe(403);

    const unsigned = new URL(url.pathname, url.origin);
    expect((await put(upload, pdf, upload.headers, unsigned.href)).status).toBe(403);

    const asHtml = await put(upload, pdf, { 'content-type': 'text/html' });
    expect(asHtml.status).toBe(403);

    expect((await fetch(upload.fileUrl)).status).toBe(404);
  });

  it('refuses a body larger than the signed size with a 413', async () => {
    const { body: upload } = await presign(student, { size: 10 });
    const response = await put(upload, Buffer.alloc(11, 1));
    expect(response.status).toBe(413);
    expect((await fetch(upload.fileUrl)).status).toBe(404);
  });

  it('refuses an expired upload URL with a 403', async () => {
    const { body: upload } = await presign(student, {});
    const url = new URL(upload.uploadUrl);
    // The expiry is signed: moving it back (or forward) breaks the signature; either way it is a 403.
    url.searchParams.set('X-Expires', String(Math.floor(Date.now() / 1000) - 1));
    const response = await put(upload, pdf, upload.headers, url.href);
    expect(response.status).toBe(403);
  });

  it('stores the file under the local data directory, not beside the source', async () => {
    const { body: upload } = await presign(admin, {
      fileName: 'listing.txt',
      contentType: 'text/plain',
      size: 2,
    });
    expect((await put(upload, Buffer.from('hi'))).status).toBe(200);
    const folder = join(local.stack.dataDir, 'blobs', 'data', 'demo', 'resource', admin.userId);
    expect(await readdir(folder)).toContain(upload.fileName);
  });

  it('attaches an uploaded file to a RESOURCE section, read back with its details', async () => {
    // Prepare
    const { body: upload } = await presign(admin, { fileName: 'Algebra worksheet.pdf' });
    expect((await put(upload, pdf)).status).toBe(200);

    // Act
    const created = await local.api.call<Record<string, any>>('resources.adminCreate', {
      ...admin,
      body: {
        course: 'course-demo-igcse-maths',
        title: 'Algebra worksheet',
        resource: {
          url: upload.fileUrl,
          fileName: upload.fileName,
          contentType: 'application/pdf',
          size: pdf.length,
        },
      },
    });
    const read = await local.api.call<Record<string, any>>('sections.adminGet', {
      ...admin,
      params: { id: created.body._id },
    });

    // Assess
    expect(created.status).toBe(201);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      kind: 'RESOURCE',
      resource: {
        url: upload.fileUrl,
        fileName: upload.fileName,
        contentType: 'application/pdf',
        size: pdf.length,
      },
    });
    const file = await fetch(read.body.resource.url);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf);
  });
});
