import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type ESTree, parseSync, Visitor } from 'vite';
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

/** The SPA's HTTP client (web/src/lib/api-client.ts): each is typed by the route id it is given. */
const clientCalls = new Set(['callApi', 'useApi', 'preloadApi']);

/** What an expression reads under parentheses, `await`, `!`, `?.` and property reads. */
function readFrom(node: ESTree.Expression): ESTree.Expression {
  switch (node.type) {
    case 'ParenthesizedExpression':
    case 'TSNonNullExpression':
    case 'ChainExpression':
      return readFrom(node.expression);
    case 'AwaitExpression':
      return readFrom(node.argument);
    case 'MemberExpression':
      return readFrom(node.object);
    default:
      return node;
  }
}

const isClientCall = (node: ESTree.Expression) =>
  node.type === 'CallExpression' && node.callee.type === 'Identifier' && clientCalls.has(node.callee.name);

/** `x.data` or `data`: a read's answer (SWR) or a failed call's body (ApiError). */
const isAnswerData = (node: ESTree.Expression) =>
  (node.type === 'Identifier' && node.name === 'data') ||
  (node.type === 'MemberExpression' && node.property.type === 'Identifier' && node.property.name === 'data');

/**
 * Where a file names an answer's type by hand, as `file:line kind`: a type argument given to the client
 * (`callApi<Course>(…)`), or a cast of what it answers (`await callApi(…) as Course`, `data as Course`,
 * `error.data as { message }`). `as const` is no cast.
 */
function handTypedAnswersIn(file: string, text: string): string[] {
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: string[] = [];
  const cast = (node: ESTree.TSAsExpression | ESTree.TSTypeAssertion) => {
    const { typeAnnotation: type } = node;
    const constant =
      type.type === 'TSTypeReference' &&
      type.typeName.type === 'Identifier' &&
      type.typeName.name === 'const';
    if (!constant && (isClientCall(readFrom(node.expression)) || isAnswerData(node.expression)))
      found.push(`${file}:${lineOf(node.start)} cast`);
  };
  new Visitor({
    CallExpression: (node) => {
      if (isClientCall(node) && node.typeArguments) found.push(`${file}:${lineOf(node.start)} type argument`);
    },
    TSAsExpression: cast,
    TSTypeAssertion: cast,
  }).visit(parseSync(file, text).program);
  return found;
}

/*
 * The SPA's calls are typed by their route id alone (web/src/lib/api-client.ts): params, query and body
 * from the route's declaration, the answer from its response schema. A hand-written answer type would be
 * a second, unchecked declaration of the same thing; what tsc must refuse on the web side is in
 * typed-routes.type-checks.ts too.
 */
describe('route types reach the web client', () => {
  it('no call names its answer type by hand, and no answer is cast', () => {
    const found = sourceFiles('web/src').flatMap((file) =>
      handTypedAnswersIn(file, readFileSync(join(root, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('would find a hand-written answer type and each kind of cast', () => {
    const sample = [
      "const a = await callApi<Course>('courses.get', options);",
      "const b = (await callApi('courses.get', options)) as Course;",
      "const c = useApi(['courses.get', options]).data as Course;",
      'const d = error.data as { message: string };',
      "const e = ['x'] as const;",
    ].join('\n');
    expect(handTypedAnswersIn('sample.ts', sample)).toEqual([
      'sample.ts:1 type argument',
      'sample.ts:2 cast',
      'sample.ts:3 cast',
      'sample.ts:4 cast',
    ]);
  });
});
