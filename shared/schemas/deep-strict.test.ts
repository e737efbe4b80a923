import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { deepStrict } from './deep-strict';

const member = z.object({ _id: z.string(), profile: z.object({ name: z.string() }) });
const schema = z.object({
  course: z.object({ title: z.string(), tutor: z.object({ _id: z.string() }).nullable() }),
  members: z.array(member).max(3),
  owner: z.union([
    z.object({ kind: z.literal('user'), _id: z.string() }),
    z.object({ kind: z.literal('none') }),
  ]),
  event: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('a'), at: z.string() }),
      z.object({ type: z.literal('b') }),
    ])
    .optional(),
  labels: z.record(z.string(), z.object({ text: z.string() })),
  slug: z
    .object({ value: z.string() })
    .transform((s) => s.value)
    .default('x'),
  hours: z.array(z.object({ weekday: z.number() }).and(z.object({ from: z.string() }))),
});
const valid = {
  course: { title: 'Algebra', tutor: { _id: 't1' } },
  members: [{ _id: 'u1', profile: { name: 'Ann' } }],
  owner: { kind: 'user', _id: 'u1' },
  event: { type: 'a', at: '2026-01-01' },
  labels: { x: { text: 'X' } },
  slug: { value: 'algebra' },
  hours: [{ weekday: 1, from: '09:00' }],
};

function issuesOf(data: unknown) {
  const result = z.safeParse(deepStrict(schema), data);
  return result.success ? [] : result.error.issues;
}

describe('deepStrict', () => {
  it('accepts valid data, with its transforms', () => {
    expect(issuesOf(valid)).toEqual([]);
    expect(z.parse(deepStrict(schema), { ...valid, event: undefined })).toMatchObject({ slug: 'algebra' });
  });

  it('refuses an unknown key at depth 2, naming its path', () => {
    expect(issuesOf({ ...valid, course: { ...valid.course, tutor: { _id: 't1', email: 'a@b.c' } } })).toEqual(
      [expect.objectContaining({ code: 'unrecognized_keys', keys: ['email'], path: ['course', 'tutor'] })],
    );
  });

  it('refuses an unknown key inside an array element', () => {
    const members = [valid.members[0], { _id: 'u2', profile: { name: 'Bo', passwordHash: 'h' } }];
    expect(issuesOf({ ...valid, members })).toEqual([
      expect.objectContaining({ keys: ['passwordHash'], path: ['members', 1, 'profile'] }),
    ]);
  });

  it('refuses an unknown key inside a union member, a discriminated one too', () => {
    expect(issuesOf({ ...valid, owner: { kind: 'none', tenant: 'other' } })).toEqual([
      expect.objectContaining({ keys: ['tenant'], path: ['owner'] }),
    ]);
    expect(issuesOf({ ...valid, event: { type: 'b', pk: 'T#x' } })).toEqual([
      expect.objectContaining({ keys: ['pk'], path: ['event'] }),
    ]);
  });

  it('refuses unknown keys in records, transformed objects and intersections, and at the top', () => {
    expect(issuesOf({ ...valid, labels: { x: { text: 'X', sk: 'y' } } })[0]).toMatchObject({
      path: ['labels', 'x'],
    });
    expect(issuesOf({ ...valid, slug: { value: 'a', tenant: 'b' } })[0]).toMatchObject({ path: ['slug'] });
    expect(issuesOf({ ...valid, hours: [{ weekday: 1, from: '09:00', gsi1pk: 'x' }] })).toEqual([
      expect.objectContaining({ keys: ['gsi1pk'], path: ['hours', 0] }),
    ]);
    expect(issuesOf({ ...valid, extra: 1 })).toEqual([
      expect.objectContaining({ keys: ['extra'], path: [] }),
    ]);
  });

  it('keeps the checks of the schemas it rebuilds', () => {
    const members = Array.from({ length: 4 }, (_, i) => ({ _id: `u${i}`, profile: { name: 'A' } }));
    expect(issuesOf({ ...valid, members })[0]).toMatchObject({ code: 'too_big', path: ['members'] });
    const refined = z.object({ from: z.number(), to: z.number() }).refine((r) => r.from < r.to, 'Backwards');
    expect(z.safeParse(deepStrict(refined), { from: 2, to: 1 }).error?.issues[0]?.message).toBe('Backwards');
  });

  it('follows recursive schemas declared with getters and with z.lazy', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: [] }] }] };
    expect(z.safeParse(deepStrict(node), tree).success).toBe(true);
    const leaky = { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: [], pk: 1 }] }] };
    expect(z.safeParse(deepStrict(node), leaky).error?.issues[0]?.path).toEqual([
      'children',
      0,
      'children',
      0,
    ]);
    const lazyNode: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(lazyNode) }),
    );
    expect(z.safeParse(deepStrict(lazyNode), leaky).error?.issues[0]?.path).toEqual([
      'children',
      0,
      'children',
      0,
    ]);
  });
});

describe('schemas written with zod/mini', () => {
  // The schemas a cold start reads are written with zod/mini (zod-english.ts); the strictness must reach
  // them, alone or inside a classic schema, and keep their refinements.
  const miniMember = zm.object({
    _id: zm.string(),
    profile: zm.optional(zm.object({ name: zm.string().check(zm.maxLength(5)) })),
  });
  const mixed = z.object({ members: z.array(miniMember) });

  it('refuses an unknown key at any depth, inside a classic schema or alone', () => {
    expect(
      zm.safeParse(deepStrict(mixed), { members: [{ _id: 'u1', profile: { name: 'Ann' } }] }).success,
    ).toBe(true);
    expect(zm.safeParse(deepStrict(mixed), { members: [{ _id: 'u1', email: 'leak' }] }).success).toBe(false);
    expect(
      zm.safeParse(deepStrict(miniMember), { _id: 'u1', profile: { name: 'Ann', passwordHash: 'x' } })
        .success,
    ).toBe(false);
  });

  it('keeps their checks', () => {
    expect(zm.safeParse(deepStrict(miniMember), { _id: 'u1', profile: { name: 'Too long' } }).success).toBe(
      false,
    );
  });
});
