import type {
  OutlineNodeInput,
  TemplateSection,
  TemplateSectionKind,
} from '../../../../../shared/schemas/course-template';

/** One node of the outline being edited: its place in the array is its order. */
export interface OutlineDraftNode {
  /** A React key that survives moves (not sent). */
  key: string;
  kind: TemplateSectionKind;
  title: string;
  description: string;
  audience: OutlineNodeInput['audience'];
  resource?: NonNullable<OutlineNodeInput['resource']>;
  instructions: string;
  sections: OutlineDraftNode[];
}

/** Where a node sits: its index at each level, from the top. */
export type OutlinePath = readonly number[];

let counter = 0;
const nextKey = () => `draft-${++counter}`;

export function newDraftNode(kind: TemplateSectionKind): OutlineDraftNode {
  return {
    key: nextKey(),
    kind,
    title: '',
    description: '',
    audience: 'STUDENT',
    ...(kind === 'RESOURCE' ? { resource: { url: '' } } : {}),
    instructions: '',
    sections: [],
  };
}

export function draftFromOutline(outline: readonly TemplateSection[]): OutlineDraftNode[] {
  return outline.map((node) => ({
    key: nextKey(),
    kind: node.kind,
    title: node.title,
    description: node.description,
    audience: node.audience,
    ...(node.resource ? { resource: node.resource } : {}),
    instructions: node.homework?.instructions ?? '',
    sections: draftFromOutline(node.sections),
  }));
}

/** The API's outline input: array order is the order (no sortingKey needed). */
export function outlineBody(nodes: readonly OutlineDraftNode[]): unknown[] {
  return nodes.map((node) => ({
    kind: node.kind,
    title: node.title,
    description: node.description,
    audience: node.audience,
    ...(node.kind === 'RESOURCE' ? { resource: node.resource?.url ? node.resource : undefined } : {}),
    ...(node.kind === 'HOMEWORK' ? { homework: { instructions: node.instructions } } : {}),
    ...(node.kind === 'SECTION' ? { sections: outlineBody(node.sections) } : {}),
  }));
}

/** Applies `change` to the list that holds the node at `path` (the top list for a one-step path). */
function withSiblings(
  nodes: readonly OutlineDraftNode[],
  path: OutlinePath,
  change: (siblings: OutlineDraftNode[], index: number) => OutlineDraftNode[],
): OutlineDraftNode[] {
  const [index, ...rest] = path;
  if (index === undefined) return [...nodes];
  if (rest.length === 0) return change([...nodes], index);
  return nodes.map((node, i) =>
    i === index ? { ...node, sections: withSiblings(node.sections, rest, change) } : node,
  );
}

export function updateNode(
  nodes: readonly OutlineDraftNode[],
  path: OutlinePath,
  change: Partial<Omit<OutlineDraftNode, 'key' | 'kind' | 'sections'>>,
): OutlineDraftNode[] {
  return withSiblings(nodes, path, (siblings, index) =>
    siblings.map((node, i) => (i === index ? { ...node, ...change } : node)),
  );
}

export function removeNode(nodes: readonly OutlineDraftNode[], path: OutlinePath): OutlineDraftNode[] {
  return withSiblings(nodes, path, (siblings, index) => siblings.filter((_, i) => i !== index));
}

/** Moves a node up (-1) or down (+1) among its siblings; at either end nothing changes. */
export function moveNode(
  nodes: readonly OutlineDraftNode[],
  path: OutlinePath,
  delta: -1 | 1,
): OutlineDraftNode[] {
  return withSiblings(nodes, path, (siblings, index) => {
    const target = index + delta;
    if (target < 0 || target >= siblings.length) return siblings;
    const next = [...siblings];
    [next[index], next[target]] = [next[target]!, next[index]!];
    return next;
  });
}

/** Appends a node at the top (empty path) or inside the SECTION at `path`. */
export function addNode(
  nodes: readonly OutlineDraftNode[],
  path: OutlinePath,
  node: OutlineDraftNode,
): OutlineDraftNode[] {
  if (path.length === 0) return [...nodes, node];
  return withSiblings(nodes, path, (siblings, index) =>
    siblings.map((parent, i) =>
      i === index && parent.kind === 'SECTION' ? { ...parent, sections: [...parent.sections, node] } : parent,
    ),
  );
}

/**
 * Form errors of a template: course fields by name, outline nodes by their full path
 * (`sections.0.sections.1.title`), so each message shows beside its input.
 */
export function templateErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key =
      issue.path[0] === 'sections' ? issue.path.map(String).join('.') : String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
