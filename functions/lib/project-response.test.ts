import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { projectToSchema } from './project-response';

describe('projectToSchema', () => {
  it('keeps only the declared keys, at every depth, without checking or transforming values', () => {
    const schema = z.object({
      _id: z.string(),
      title: z.string().trim(),
      tutor: z.object({ _id: z.string(), firstname: z.string() }).nullable(),
      sections: z.array(z.object({ _id: z.string(), note: z.string().optional() })),
      permissions: z.record(z.string(), z.object({ actions: z.array(z.string()) })),
      status: z.string().default('ACTIVE'),
    });
    const stored = {
      pk: 'T#demo#COURSE#c1',
      _id: 'c1',
      title: ' Algebra ',
      tutor: { _id: 't1', firstname: 'Tia', email: 'tutor@demo.test', passwordHash: 'x' },
      sections: [
        { _id: 's1', bufferMinutes: 10, trialId: 'tr1' },
        { _id: 's2', note: 'n' },
      ],
      permissions: { a: { actions: ['view'], gsi1pk: 'y' } },
    };
    expect(projectToSchema(schema, stored)).toEqual({
      _id: 'c1',
      title: ' Algebra ',
      tutor: { _id: 't1', firstname: 'Tia' },
      sections: [{ _id: 's1' }, { _id: 's2', note: 'n' }],
      permissions: { a: { actions: ['view'] } },
    });
    expect(projectToSchema(schema, { ...stored, tutor: null })).toMatchObject({ tutor: null });
  });

  it('projects a union member by the member the value is, and both sides of an intersection', () => {
    const schema = z.object({
      exceptions: z.array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('dayOff'), date: z.string() }),
          z.object({ kind: z.literal('extraHours'), date: z.string(), hours: z.array(z.string()) }),
        ]),
      ),
      hours: z.array(z.object({ weekday: z.number() }).and(z.object({ from: z.string() }))),
    });
    expect(
      projectToSchema(schema, {
        exceptions: [
          { kind: 'extraHours', date: 'd', hours: ['h'], sk: 'x' },
          { kind: 'dayOff', date: 'd', hours: ['h'] },
        ],
        hours: [{ weekday: 1, from: '09:00', userId: 'u' }],
      }),
    ).toEqual({
      exceptions: [
        { kind: 'extraHours', date: 'd', hours: ['h'] },
        { kind: 'dayOff', date: 'd' },
      ],
      hours: [{ weekday: 1, from: '09:00' }],
    });
  });

  it('follows recursive schemas', () => {
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
    const tree = {
      name: 'a',
      pk: 1,
      children: [{ name: 'b', children: [{ name: 'c', children: [], sk: 2 }] }],
    };
    expect(projectToSchema(node, tree)).toEqual({
      name: 'a',
      children: [{ name: 'b', children: [{ name: 'c', children: [] }] }],
    });
  });
});
