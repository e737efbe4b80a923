import { describe, expect, it } from 'vitest';
import { normalizeOutline, outlineInputSchema } from '../../../../../shared/schemas/course-template';
import {
  addNode,
  draftFromOutline,
  moveNode,
  newDraftNode,
  type OutlineDraftNode,
  outlineBody,
  removeNode,
  templateErrors,
  updateNode,
} from './outline-draft';

const titles = (nodes: OutlineDraftNode[]): unknown[] =>
  nodes.map((n) => (n.sections.length ? [n.title, titles(n.sections)] : n.title));

function sample(): OutlineDraftNode[] {
  let nodes: OutlineDraftNode[] = [];
  nodes = addNode(nodes, [], { ...newDraftNode('SECTION'), title: 'Unit 1' });
  nodes = addNode(nodes, [], { ...newDraftNode('SECTION'), title: 'Unit 2' });
  nodes = addNode(nodes, [0], {
    ...newDraftNode('RESOURCE'),
    title: 'Sheet',
    resource: { url: 'https://x.test' },
  });
  nodes = addNode(nodes, [0], { ...newDraftNode('HOMEWORK'), title: 'Set', instructions: 'Q1' });
  return nodes;
}

describe('outline draft', () => {
  it('adds at the top or inside a SECTION only', () => {
    const nodes = sample();
    expect(titles(nodes)).toEqual([['Unit 1', ['Sheet', 'Set']], 'Unit 2']);
    // A resource holds nothing: adding inside it changes nothing.
    expect(titles(addNode(nodes, [0, 0], newDraftNode('SECTION')))).toEqual(titles(nodes));
  });

  it('moves within siblings, stops at the ends, updates and removes by path', () => {
    let nodes = sample();
    nodes = moveNode(nodes, [0, 1], -1);
    expect(titles(nodes)).toEqual([['Unit 1', ['Set', 'Sheet']], 'Unit 2']);
    expect(moveNode(nodes, [0, 0], -1)).toEqual(nodes);
    expect(moveNode(nodes, [1], 1)).toEqual(nodes);
    nodes = moveNode(nodes, [1], -1);
    expect(titles(nodes)).toEqual(['Unit 2', ['Unit 1', ['Set', 'Sheet']]]);
    nodes = updateNode(nodes, [1, 1], { title: 'Formula sheet', audience: 'TUTOR' });
    expect(nodes[1]!.sections[1]).toMatchObject({ title: 'Formula sheet', audience: 'TUTOR' });
    nodes = removeNode(nodes, [1, 0]);
    expect(titles(nodes)).toEqual(['Unit 2', ['Unit 1', ['Formula sheet']]]);
  });

  it('turns into the API outline and back, in the same order', () => {
    const body = outlineBody(sample());
    const parsed = outlineInputSchema.parse(body);
    expect(parsed[0]!.sections.map((n) => [n.kind, n.title])).toEqual([
      ['RESOURCE', 'Sheet'],
      ['HOMEWORK', 'Set'],
    ]);
    expect(parsed[0]!.sections[1]!.homework).toEqual({ instructions: 'Q1' });
    expect(titles(draftFromOutline(normalizeOutline(parsed)))).toEqual(titles(sample()));
  });

  it('leaves a resource without a link out, so the check names the missing link', () => {
    const body = outlineBody([{ ...newDraftNode('RESOURCE'), title: 'No link' }]);
    const result = outlineInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    const errors = templateErrors(result.error!.issues.map((i) => ({ ...i, path: ['sections', ...i.path] })));
    expect(errors).toEqual({ 'sections.0.resource': 'A file or link is required' });
  });

  it('keys course-field errors by field and outline errors by their full path', () => {
    expect(
      templateErrors([
        { path: ['title'], message: 'Title is required' },
        { path: ['title'], message: 'second' },
        { path: ['sections', 0, 'sections', 1, 'title'], message: 'Title is required' },
      ]),
    ).toEqual({ title: 'Title is required', 'sections.0.sections.1.title': 'Title is required' });
  });
});
