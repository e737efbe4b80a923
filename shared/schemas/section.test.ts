import { describe, expect, it } from 'vitest';
import { RESOURCE_LINK_MESSAGE } from '../rules/resource-link';
import { homeworkSubmissionInputSchema, isWithinSection, resourceSchema } from './section';

// unit
//  ├─ chapter
//  │   └─ topic
//  └─ notes
// other
const sections = [
  { _id: 'unit', parent: null },
  { _id: 'chapter', parent: 'unit' },
  { _id: 'topic', parent: 'chapter' },
  { _id: 'notes', parent: 'unit' },
  { _id: 'other', parent: null },
];

describe('isWithinSection', () => {
  it('finds the section itself and every descendant, at any depth', () => {
    expect(isWithinSection(sections, 'unit', 'unit')).toBe(true);
    expect(isWithinSection(sections, 'chapter', 'unit')).toBe(true);
    expect(isWithinSection(sections, 'topic', 'unit')).toBe(true);
    expect(isWithinSection(sections, 'notes', 'unit')).toBe(true);
  });

  it('does not find ancestors, siblings or other trees', () => {
    expect(isWithinSection(sections, 'unit', 'chapter')).toBe(false);
    expect(isWithinSection(sections, 'notes', 'chapter')).toBe(false);
    expect(isWithinSection(sections, 'other', 'unit')).toBe(false);
    expect(isWithinSection(sections, 'unknown', 'unit')).toBe(false);
  });

  it('ends on a loop already in the data', () => {
    const looped = [
      { _id: 'a', parent: 'b' },
      { _id: 'b', parent: 'a' },
    ];
    expect(isWithinSection(looped, 'a', 'c')).toBe(false);
    expect(isWithinSection(looped, 'a', 'b')).toBe(true);
  });
});

describe('resource links in the schemas', () => {
  it('refuses script and data links wherever a file reference is stored, naming the field', () => {
    const resource = resourceSchema.safeParse({ url: 'javascript:alert(1)' });
    expect(resource.success).toBe(false);
    expect(resource.error?.issues).toEqual([
      expect.objectContaining({ path: ['url'], message: RESOURCE_LINK_MESSAGE }),
    ]);
    const submission = homeworkSubmissionInputSchema.safeParse({
      section: 's1',
      attachments: [{ url: 'https://example.com/a.pdf' }, { url: 'data:text/html,<b>x</b>' }],
    });
    expect(submission.error?.issues.map((issue) => issue.path)).toEqual([['attachments', 1, 'url']]);
  });

  it('takes links and uploads, trimmed, and says a missing one is required', () => {
    expect(resourceSchema.parse({ url: ' https://example.com/a.pdf ' }).url).toBe(
      'https://example.com/a.pdf',
    );
    expect(resourceSchema.parse({ url: 'demo/resource/u1/a-1.pdf' }).url).toBe('demo/resource/u1/a-1.pdf');
    expect(resourceSchema.safeParse({ url: ' ' }).error?.issues.map((issue) => issue.message)).toEqual([
      'A file or link is required',
    ]);
  });
});
