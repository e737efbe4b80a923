import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The functions' sources outside the entity layer itself (functions/table/), tests left out. */
function sourcesOutsideTheTableLayer(): string[] {
  return readdirSync(join(root, 'functions'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`functions${sep}table${sep}`));
}

/** Where a pattern occurs, as `file:line`. */
function occurrences(pattern: RegExp): string[] {
  return sourcesOutsideTheTableLayer().flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
  );
}

/*
 * One data layer (functions/table/): a record is declared with defineEntity and read parsed by its
 * schema, and a query pages through query.ts's loops. Outside that layer, an unchecked cast of an item
 * (stripKeys), a hand-written page loop (LastEvaluatedKey) or an untyped index read (queryIndex<T>,
 * queryAll<T>) steps around it.
 */
describe('one data layer', () => {
  it('reads no item through an unchecked cast (stripKeys)', () => {
    expect(occurrences(/\bstripKeys\b/)).toEqual([]);
  });

  it('writes no LastEvaluatedKey loop of its own', () => {
    expect(occurrences(/\bLastEvaluatedKey\b/)).toEqual([]);
  });

  it('reads no index as an untyped T (queryIndex, queryAll)', () => {
    expect(occurrences(/\bquery(Index|All)\b/)).toEqual([]);
  });
});
