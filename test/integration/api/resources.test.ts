import { beforeAll, describe, expect, it } from 'vitest';
import { requireSection, saveSection } from '../../../functions/repositories/sections';
import { FOREIGN_UPLOAD_MESSAGE, RESOURCE_LINK_MESSAGE } from '../../../shared/rules/resource-link';
import type { PresignedUpload } from '../../../shared/schemas/upload';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let northwindAdmin: Session;
const COURSE = 'course-demo-igcse-maths';
const BAD_LINK = `resource.url: ${RESOURCE_LINK_MESSAGE}`;

const pdf = Buffer.from('%PDF-1.4\nFractions\n%%EOF\n');

/** A file uploaded the way the SPA uploads one: presign, then PUT the bytes. */
async function upload(session: Session, fileName: string, tenant?: string): Promise<PresignedUpload> {
  const { status, body } = await local.api.call<PresignedUpload>('uploads.presign', {
    ...session,
    tenant,
    body: { fileName, contentType: 'application/pdf', size: pdf.length, purpose: 'resource' },
  });
  expect(status).toBe(200);
  const put = await fetch(body.uploadUrl, {
    method: body.method,
    headers: body.headers,
    body: new Uint8Array(pdf),
  });
  expect(put.status).toBe(200);
  return body;
}

function createResource(session: Session, resource: unknown, route = 'resources.create') {
  return local.api.call<Json>(route, {
    ...session,
    body: { course: COURSE, title: 'Fractions notes', resource },
  });
}

/** Every resource link in a section tree. */
function links(nodes: Json[]): string[] {
  return nodes.flatMap((node) => [...(node.resource ? [node.resource.url] : []), ...links(node.sections)]);
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
});

describe('resource links (POST /resources and /admin/resources)', () => {
  it.each([
    ['javascript:alert(document.cookie)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['ftp://files.example.com/fractions.pdf'],
    ['file:///etc/passwd'],
    ['fractions notes'],
    ['https://exa mple.com/notes.pdf'],
  ])('refuses %j from a tutor and an admin with a 400 naming the field, and stores nothing', async (url) => {
    for (const [session, route] of [
      [tutor, 'resources.create'],
      [admin, 'resources.adminCreate'],
    ] as const) {
      const refused = await createResource(session, { url }, route);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(BAD_LINK);
      expect(refused.body.errors).toEqual([{ field: 'resource.url', message: RESOURCE_LINK_MESSAGE }]);
    }
    const tree = await local.api.call<Json>('sections.adminList', { ...admin, query: { course: COURSE } });
    expect(links(tree.body.docs)).not.toContain(url);
  });

  it('stores a web link with its scheme, and its display name without forbidden characters', async () => {
    const created = await createResource(tutor, {
      url: 'www.example.com/igcse/fractions?print=1',
      fileName: 'Fractions: <part 1>?.pdf',
    });
    expect(created.status).toBe(201);
    expect(created.body.resource).toEqual({
      url: 'https://www.example.com/igcse/fractions?print=1',
      fileName: 'Fractions part 1.pdf',
    });
    const read = await local.api.call<Json>('sections.get', { ...sam, params: { id: created.body._id } });
    expect(read.body.resource).toEqual(created.body.resource);
  });

  it('takes a file this tenant uploaded, by URL or by key, with the name the upload gave it', async () => {
    const file = await upload(tutor, 'Fractions (week 1).pdf');
    const byUrl = await createResource(tutor, {
      url: file.fileUrl,
      fileName: '../../Sneaky <name>.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect(byUrl.status).toBe(201);
    expect(byUrl.body.resource).toEqual({
      url: file.fileUrl,
      fileName: file.fileName,
      contentType: 'application/pdf',
      size: pdf.length,
    });
    expect(file.fileName).toMatch(/^Fractions \(week 1\)-\d{13}\.pdf$/);

    const byKey = await createResource(admin, { url: file.fileKey }, 'resources.adminCreate');
    expect(byKey.status).toBe(201);
    expect(byKey.body.resource).toEqual({ url: file.fileUrl, fileName: file.fileName });
    const served = await fetch(byKey.body.resource.url);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pdf);
  });

  it("refuses another tenant's upload, and paths under the uploads address that are no upload", async () => {
    const foreign = await upload(northwindAdmin, 'Their notes.pdf', 'northwind');
    const base = foreign.fileUrl.slice(0, foreign.fileUrl.indexOf('/northwind/'));
    for (const url of [foreign.fileUrl, `${base}/demo/resource/notes.pdf`, `${base}/demo/../northwind/x`]) {
      const refused = await createResource(admin, { url }, 'resources.adminCreate');
      expect(refused.status, url).toBe(400);
      expect(refused.body.message).toBe(`resource.url: ${FOREIGN_UPLOAD_MESSAGE}`);
    }
    // Its key is no key of this tenant's either: just an invalid link.
    const byKey = await createResource(admin, { url: foreign.fileKey }, 'resources.adminCreate');
    expect(byKey.status).toBe(400);
    expect(byKey.body.message).toBe(BAD_LINK);
  });

  it('checks the link on the other section routes that carry one', async () => {
    const section = await local.api.call<Json>('sections.adminCreate', {
      ...admin,
      body: { course: COURSE, kind: 'RESOURCE', title: 'Bad', resource: { url: 'javascript:void(0)' } },
    });
    expect(section.status).toBe(400);
    expect(section.body.message).toBe(BAD_LINK);
    const byTutor = await local.api.call<Json>('sections.create', {
      ...tutor,
      body: { course: COURSE, kind: 'RESOURCE', title: 'Bad', resource: { url: 'vbscript:x' } },
    });
    expect(byTutor.status).toBe(400);
    // Homework attachments stand on the same floor (no script or data links).
    const attachment = await local.api.call<Json>('homework.submit', {
      ...sam,
      body: { section: 'any-homework', attachments: [{ url: 'javascript:alert(1)' }] },
    });
    expect(attachment.status).toBe(400);
    expect(attachment.body.message).toBe(`attachments.0.url: ${RESOURCE_LINK_MESSAGE}`);
  });
});

describe('PUT /admin/resources/{id}', () => {
  it('changes a resource (title, link, audience), and the course page and the section read show it', async () => {
    const created = await createResource(
      admin,
      { url: 'https://example.com/v1.pdf' },
      'resources.adminCreate',
    );
    const file = await upload(admin, 'Fractions v2.pdf');

    const updated = await local.api.call<Json>('resources.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: {
        title: 'Fractions notes (v2)',
        description: 'Now with answers',
        resource: { url: file.fileUrl, fileName: file.fileName, contentType: 'application/pdf' },
      },
    });

    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      _id: created.body._id,
      kind: 'RESOURCE',
      title: 'Fractions notes (v2)',
      description: 'Now with answers',
      resource: { url: file.fileUrl, fileName: file.fileName, contentType: 'application/pdf' },
    });
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));
    const read = await local.api.call<Json>('sections.adminGet', {
      ...admin,
      params: { id: created.body._id },
    });
    expect(read.body).toEqual(updated.body);
    const page = await local.api.call<Json>('courses.get', {
      ...sam,
      params: { id: COURSE },
      query: { subSections: '1' },
    });
    const node = page.body.sections.find((s: Json) => s._id === created.body._id);
    expect(node).toMatchObject({ title: 'Fractions notes (v2)', resource: { url: file.fileUrl } });

    const hidden = await local.api.call<Json>('resources.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { audience: 'TUTOR' },
    });
    expect(hidden.body).toMatchObject({ audience: 'TUTOR', title: 'Fractions notes (v2)' });
    expect((await local.api.call('sections.get', { ...sam, params: { id: created.body._id } })).status).toBe(
      404,
    );
  });

  it('refuses a bad link with a 400 and keeps the resource as it was', async () => {
    const created = await createResource(
      admin,
      { url: 'https://example.com/keep.pdf' },
      'resources.adminCreate',
    );
    const refused = await local.api.call<Json>('resources.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { title: 'Changed', resource: { url: 'javascript:alert(1)' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(BAD_LINK);
    const read = await local.api.call<Json>('sections.adminGet', {
      ...admin,
      params: { id: created.body._id },
    });
    expect(read.body).toMatchObject({
      title: 'Fractions notes',
      resource: { url: 'https://example.com/keep.pdf' },
    });
  });

  it('saves a resource whose link predates the check when the link is sent back unchanged', async () => {
    const created = await createResource(
      admin,
      { url: 'https://example.com/old.pdf' },
      'resources.adminCreate',
    );
    const stored = await requireSection('demo', created.body._id);
    // Parentheses: an absolute http(s) link the schemas take, but not the URL check.
    const legacy = { url: 'https://example.com/old(scan).pdf', fileName: 'old (scan).pdf' };
    await saveSection('demo', { ...stored, resource: legacy }, stored.updatedAt);

    const renamed = await local.api.call<Json>('resources.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { title: 'Old scan', resource: legacy },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Old scan', resource: legacy });
    const changed = await local.api.call<Json>('resources.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { resource: { ...legacy, url: 'https://example.com/new(scan).pdf' } },
    });
    expect(changed.status).toBe(400);
  });

  it('answers 404 for what is not a resource, 403 without course edit, and 400 for unknown fields', async () => {
    const folder = await local.api.call<Json>('sections.adminCreate', {
      ...admin,
      body: { course: COURSE, kind: 'SECTION', title: 'Unit 9' },
    });
    const notResource = await local.api.call<Json>('resources.adminUpdate', {
      ...admin,
      params: { id: folder.body._id },
      body: { title: 'x' },
    });
    expect(notResource.status).toBe(404);
    const unknown = await local.api.call('resources.adminUpdate', {
      ...admin,
      params: { id: 'no-such-section' },
      body: { title: 'x' },
    });
    expect(unknown.status).toBe(404);
    const created = await createResource(
      admin,
      { url: 'https://example.com/a.pdf' },
      'resources.adminCreate',
    );
    for (const who of [tutor, sam]) {
      const refused = await local.api.call('resources.adminUpdate', {
        ...who,
        params: { id: created.body._id },
        body: { title: 'Mine now' },
      });
      expect(refused.status).toBe(403);
    }
    const extra = await local.api.call<Json>('resources.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { kind: 'SECTION' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/Unknown field/);
    const other = await local.api.call('resources.adminUpdate', {
      ...northwindAdmin,
      tenant: 'northwind',
      params: { id: created.body._id },
      body: { title: 'x' },
    });
    expect(other.status).toBe(404);
  });
});
