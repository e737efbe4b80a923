import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';
import { isAllowedUploadType, keyToUrlPath, normalizeContentType, uploadKey } from './uploads';

describe('upload content types', () => {
  it.each(['application/pdf', 'image/PNG', 'video/mp4', 'audio/mpeg', 'text/plain; charset=utf-8'])(
    'accepts %s',
    (type) => expect(isAllowedUploadType(type)).toBe(true),
  );

  it.each(['text/html', 'image/svg+xml', 'application/javascript', 'application/zip', '', 'pdf'])(
    'refuses %j',
    (type) => expect(isAllowedUploadType(type)).toBe(false),
  );

  it('normalises case and parameters', () => {
    expect(normalizeContentType(' Image/JPEG ; q=1')).toBe('image/jpeg');
  });
});

describe('upload keys', () => {
  it('puts the tenant first, then purpose, uploader and the cleaned name', () => {
    const name = cleanFileName('Week 1: notes?.pdf', 1700000000000);
    expect(uploadKey('demo', 'resource', 'demo-admin', name)).toBe(
      'demo/resource/demo-admin/Week 1 notes-1700000000000.pdf',
    );
  });

  it('refuses a tenant or user segment that could escape its prefix', () => {
    expect(() => uploadKey('demo/../other', 'resource', 'u1', 'a.pdf')).toThrow();
    expect(() => uploadKey('demo', 'resource', '..', 'a.pdf')).toThrow();
  });

  it('encodes each path segment for a URL', () => {
    expect(keyToUrlPath('demo/resource/u1/a b#1&c.pdf')).toBe('demo/resource/u1/a%20b%231%26c.pdf');
  });
});
