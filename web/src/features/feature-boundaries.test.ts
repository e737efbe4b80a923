import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Features stand alone (bulletproof-react): a feature imports the shared layers (components, lib, config,
 * theme) and `shared/`, never another feature; only `app/` composes features. Code two features need
 * moves down to a shared layer. Each folder of `features/admin/` is a feature of its own.
 */
const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const features = join(src, 'features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `courses`, `admin/courses`, ...; undefined outside `features/` (and for files at its top level). */
function featureOf(path: string): string | undefined {
  const parts = relative(features, path).split(sep);
  if (parts[0] === '..' || parts.length < 2) return undefined;
  return parts[0] === 'admin' && parts.length > 2 ? `admin/${parts[1]}` : parts[0];
}

interface CrossImport {
  file: string;
  specifier: string;
  from: string;
  to: string;
}

/** Every module a file names: imports, re-exports, `import()` and `typeof import()` (parsed by Vite's oxc). */
function importSpecifiers(file: string): string[] {
  const found: string[] = [];
  const add = (source: { value: unknown } | null | undefined) => {
    if (typeof source?.value === 'string') found.push(source.value);
  };
  new Visitor({
    ImportDeclaration: (node) => add(node.source),
    ExportAllDeclaration: (node) => add(node.source),
    ExportNamedDeclaration: (node) => add(node.source),
    ImportExpression: (node) => add(node.source.type === 'Literal' ? node.source : null),
    TSImportType: (node) => add(node.source),
  }).visit(parseSync(file, readFileSync(file, 'utf8')).program);
  return found;
}

/** Relative imports (static, dynamic and `typeof import()`) of each file that land in another feature. */
function crossFeatureImports(): CrossImport[] {
  return sourceFiles(src).flatMap((file) => {
    const from = featureOf(file) ?? relative(src, file).split(sep)[0]!;
    // app/ composes the features: its imports of them are the point.
    if (from === 'app' || from === 'main.tsx') return [];
    return importSpecifiers(file).flatMap((specifier) => {
      if (!specifier.startsWith('.')) return [];
      const to = featureOf(resolve(dirname(file), specifier));
      return to && to !== from ? [{ file: relative(src, file), specifier, from, to }] : [];
    });
  });
}

describe('feature boundaries', () => {
  it('no feature (nor a shared layer) imports a feature', () => {
    const found = crossFeatureImports().map(
      ({ file, specifier, from, to }) => `${file} imports '${specifier}' (${from} -> ${to})`,
    );
    expect(found, 'move what features share to components/ or lib/').toEqual([]);
  });
});
