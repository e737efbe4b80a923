import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The browser journeys, as paths from the repository's root. */
function journeyFiles(): string[] {
  return readdirSync(join(root, 'test/e2e'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const replacesAModule = /\bvi\.(do)?mock\(/;
const changesTheEnvironment =
  /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|Object\.assign\(process\.env/;

/*
 * A worker's browser journeys share one process (vitest.config.ts, isolate: false): a module a journey
 * replaced, or a setting it left in process.env, would reach the journeys after it.
 */
describe('journeys that share a process', () => {
  it('replace no module', () => {
    expect(
      journeyFiles().filter((file) => replacesAModule.test(readFileSync(join(root, file), 'utf8'))),
    ).toEqual([]);
  });

  it('change no setting of the process', () => {
    expect(
      journeyFiles().filter((file) => changesTheEnvironment.test(readFileSync(join(root, file), 'utf8'))),
    ).toEqual([]);
  });
});
