import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';
import { slugify } from './slug';
import { isValidUrl } from './url';

describe('slug helper', () => {
  it('lowercases, trims and replaces slashes and spaces with hyphens', () => {
    expect(slugify('  Cambridge IGCSE/Maths ')).toBe('cambridge-igcse-maths');
    expect(slugify('Past Papers')).toBe('past-papers');
    expect(slugify('a/b c')).toBe('a-b-c');
  });
});

describe('URL check', () => {
  it.each([
    'example.com',
    'https://example.com',
    'http://sub.example.co.uk:8080/path/to?x=1&y=2#top',
    '192.168.0.1',
    'http://10.0.0.1:3000/a',
    'www.example.com/learning-portal/igcse',
  ])('accepts %s', (url) => expect(isValidUrl(url)).toBe(true));

  it.each(['', 'not a url', 'ftp://example.com', 'http://', 'example', 'https://exa mple.com'])(
    'refuses %j',
    (url) => expect(isValidUrl(url)).toBe(false),
  );
});

describe('uploaded file names', () => {
  it('strips / \\ ? % * : | " < > and non-ASCII, and adds a timestamp before the extension', () => {
    expect(cleanFileName('my/notes?:*.pdf', 1700000000000)).toBe('mynotes-1700000000000.pdf');
    expect(cleanFileName('a\\b%c|d"e<f>g.png', 1)).toBe('abcdefg-1.png');
    expect(cleanFileName('résumé 数学.docx', 2)).toBe('rsum-2.docx');
    expect(cleanFileName('archive.tar.gz', 3)).toBe('archive.tar-3.gz');
    expect(cleanFileName('README', 4)).toBe('README-4');
    expect(cleanFileName('???.pdf', 5)).toBe('file-5.pdf');
  });
});
