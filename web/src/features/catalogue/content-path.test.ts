import { describe, expect, it } from 'vitest';
import { contentPathOf } from './content-path';

describe('contentPathOf', () => {
  it('collapses repeated slashes and drops a trailing one', () => {
    expect(contentPathOf('//cambridge-igcse//mathematics/')).toBe('/cambridge-igcse/mathematics');
    expect(contentPathOf('/a/b/c/d')).toBe('/a/b/c/d');
    expect(contentPathOf('///')).toBe('/');
  });

  it('decodes each part, and gives up on one that cannot be decoded', () => {
    expect(contentPathOf('/cambridge%2Digcse')).toBe('/cambridge-igcse');
    expect(contentPathOf('/bad%E0%A4%A')).toBeUndefined();
  });
});
