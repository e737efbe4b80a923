import { describe, expect, it } from 'vitest';
import { cleanFileName, stripFileName } from './file-name';
import {
  checkResourceLink,
  FOREIGN_UPLOAD_MESSAGE,
  isResourceLinkShape,
  parseUploadKey,
  RESOURCE_LINK_MESSAGE,
} from './resource-link';
import { keyToUrlPath, uploadKey } from './uploads';

const BASE = 'https://learn.example.com/uploads';
const context = { tenant: 'demo', fileBaseUrls: [BASE, 'http://127.0.0.1:4000/_local/files/'] };
const name = cleanFileName('Week 1 (algebra).pdf', 1700000000000);
const key = uploadKey('demo', 'resource', 'demo-tutor-1', name);

describe('resource links: web links', () => {
  it.each([
    ['https://example.com/notes.pdf', 'https://example.com/notes.pdf'],
    ['http://example.com', 'http://example.com'],
    ['www.youtube.com/watch?v=l3XzepN03KQ', 'https://www.youtube.com/watch?v=l3XzepN03KQ'],
    ['  https://docs.example.org/a/b?x=1#p2 ', 'https://docs.example.org/a/b?x=1#p2'],
  ])('accepts %j, stored as %j', (url, stored) => {
    expect(checkResourceLink({ url }, context)).toEqual({ ok: true, url: stored, uploaded: false });
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/a.pdf',
    'file:///etc/passwd',
    'notes.pdf please',
    '//example.com/a',
    'https://exa mple.com',
    '',
  ])('refuses %j', (url) => {
    expect(checkResourceLink({ url }, context)).toEqual({ ok: false, message: RESOURCE_LINK_MESSAGE });
  });

  it("keeps a link's display name without the characters file names may not hold, and no timestamp", () => {
    expect(
      checkResourceLink({ url: 'https://example.com/a', fileName: ' Past <papers>: 2024?.pdf ' }, context),
    ).toEqual({ ok: true, url: 'https://example.com/a', fileName: 'Past papers 2024.pdf', uploaded: false });
    expect(checkResourceLink({ url: 'https://example.com/a', fileName: '数学' }, context)).toEqual({
      ok: true,
      url: 'https://example.com/a',
      uploaded: false,
    });
  });
});

describe('resource links: this tenant’s uploads', () => {
  it('accepts the file URL the upload route answered, with the name it gave the file', () => {
    const url = `${BASE}/${keyToUrlPath(key)}`;
    expect(url).toContain('(algebra)'); // not a URL the web-link check would pass
    expect(checkResourceLink({ url, fileName: 'something else <x>.pdf' }, context)).toEqual({
      ok: true,
      url,
      fileName: name,
      uploaded: true,
    });
    const local = `http://127.0.0.1:4000/_local/files/${keyToUrlPath(key)}`;
    expect(checkResourceLink({ url: local }, context)).toMatchObject({
      ok: true,
      url: local,
      fileName: name,
    });
  });

  it('accepts the file key and stores the URL it is served at (the first base)', () => {
    expect(checkResourceLink({ url: key }, context)).toEqual({
      ok: true,
      url: `${BASE}/${keyToUrlPath(key)}`,
      fileName: name,
      uploaded: true,
    });
  });

  it.each([
    ['another tenant’s file', `${BASE}/${keyToUrlPath(uploadKey('northwind', 'resource', 'u1', name))}`],
    ['a path that is no upload key', `${BASE}/demo/resource/notes.pdf`],
    ['an unknown purpose', `${BASE}/demo/secrets/u1/${encodeURIComponent(name)}`],
    ['a climb out of the prefix', `${BASE}/demo/resource/../../other/a.pdf`],
    ['an encoded slash', `${BASE}/demo/resource/u1%2F..%2F..%2Fx/a.pdf`],
    ['a malformed escape', `${BASE}/demo/resource/u1/a%E0%A4%A.pdf`],
    ['a query added', `${BASE}/${keyToUrlPath(key)}?download=1`],
    ['a name the upload route never gives', `${BASE}/demo/resource/u1/a%3Cb%3E.pdf`],
  ])('refuses %s under the uploads address', (_, url) => {
    expect(checkResourceLink({ url }, context)).toEqual({ ok: false, message: FOREIGN_UPLOAD_MESSAGE });
  });

  it('does not take another tenant’s key for one of its own', () => {
    const foreign = uploadKey('northwind', 'resource', 'u1', name);
    expect(checkResourceLink({ url: foreign }, context)).toEqual({
      ok: false,
      message: RESOURCE_LINK_MESSAGE,
    });
  });
});

describe('upload keys', () => {
  it('parses a key uploadKey builds, for its own tenant only', () => {
    expect(parseUploadKey(key, 'demo')).toEqual({
      key,
      purpose: 'resource',
      userId: 'demo-tutor-1',
      fileName: name,
    });
    expect(parseUploadKey(key, 'northwind')).toBeUndefined();
  });

  it.each([
    'demo/resource/u1',
    'demo/resource/u1/a/b.pdf',
    'demo/resource/../a.pdf',
    'demo/resource/u 1/a.pdf',
    'demo/resource/u1/..',
    'demo/resource/u1/a?.pdf',
    'demo/other/u1/a.pdf',
  ])('refuses %j', (text) => expect(parseUploadKey(text, 'demo')).toBeUndefined());
});

describe('stripping file names', () => {
  it('removes the characters cleanFileName removes, without a timestamp', () => {
    expect(stripFileName(' my/notes?:*.pdf ')).toBe('mynotes.pdf');
    expect(stripFileName('résumé.docx')).toBe('rsum.docx');
    expect(stripFileName('<>|')).toBe('');
  });
});

describe('the floor every stored file reference stands on (schemas)', () => {
  it.each([
    'https://example.com/notes.pdf',
    'example.com/notes.pdf',
    `${BASE}/${keyToUrlPath(key)}`,
    'https://files.example.com/Week%201%20(algebra).pdf',
    key,
    uploadKey('northwind', 'submission', 'u1', 'answers-1.pdf'),
  ])('takes %j', (url) => expect(isResourceLinkShape(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript://example.com/%0Aalert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/a.pdf',
    '//example.com/a',
    'https://example.com/a b.pdf',
    'https://',
    'notes',
    'demo/resource/u1',
    '../demo/resource/u1/a.pdf',
  ])('refuses %j', (url) => expect(isResourceLinkShape(url)).toBe(false));
});
