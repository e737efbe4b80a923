import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Where each pattern occurs, as `file:line`. */
function occurrences(dir: string, pattern: RegExp): string[] {
  return sourceFiles(dir).flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
  );
}

/*
 * An operation's input and output are derived from its route's declaration (shared/routes/define.ts:
 * Request<R>, Operation<R>): a handler that casts its input, asserts a path parameter or wraps itself to
 * get a caller has stepped outside those types. What the compiler must refuse is held in
 * typed-routes.type-checks.ts (checked by `npm run check`).
 */
describe('route types reach the handlers', () => {
  it('no operation casts its query, body or path parameters', () => {
    expect(occurrences('functions', /\b(query|body|params) as\b/)).toEqual([]);
  });

  it('no operation asserts that a path parameter is there', () => {
    expect(occurrences('functions', /\bparams\.\w+!/)).toEqual([]);
  });

  it('no operation wraps itself to get a caller: a route that is not public always has one', () => {
    expect(occurrences('functions', /\bwithCaller\b/)).toEqual([]);
  });
});
