import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedIntegrationFiles } from '../../vitest.config';

const root = join(import.meta.dirname, '..', '..');

/** The browser and integration test files, as paths from the repository's root. */
function sharedProcessFiles(): string[] {
  return ['test/e2e', 'test/integration'].flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  );
}

const replacesAModule = /\bvi\.(do)?mock\(/;
// localStackForFile(env) sets a file's settings and restores them after it; nothing else may.
const changesTheEnvironment =
  /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|Object\.assign\(process\.env/;

/*
 * A worker's browser and integration files share one process (vitest.config.ts, isolate: false): a module
 * a file replaces, or a setting it leaves in process.env, would reach the files after it.
 */
describe('files that share a process', () => {
  it('replace no module unless they run in a process of their own', () => {
    const replacing = sharedProcessFiles().filter((file) =>
      replacesAModule.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(replacing.filter((file) => !isolatedIntegrationFiles.includes(file))).toEqual([]);
  });

  it('lists only files that exist and need a process of their own', () => {
    for (const file of isolatedIntegrationFiles) {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(replacesAModule.test(readFileSync(join(root, file), 'utf8')), file).toBe(true);
    }
  });

  it('change no setting of the process themselves', () => {
    const changing = sharedProcessFiles().filter((file) =>
      changesTheEnvironment.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(changing).toEqual([]);
  });
});
