import { describe, expect, it } from 'vitest';
import type { SubTopic } from '../schemas/catalogue';
import { applyContentAction } from './content';

type Content = Pick<SubTopic, 'resources' | 'videoLinks' | 'contents' | 'faqs' | 'reviews'>;
const empty: Content = { resources: [], videoLinks: [], contents: [], faqs: [], reviews: [] };
const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};

describe('applyContentAction', () => {
  it('adds, edits, sorts and removes video links, numbering their order', () => {
    const newId = ids();
    let content: Content = { ...empty };
    for (const title of ['One', 'Two']) {
      const change = applyContentAction(
        content,
        'addVideoLink',
        { title, url: 'https://video.example/x' },
        newId,
      );
      expect(change.ok).toBe(true);
      if (change.ok) content = { ...content, ...change.content };
    }
    expect(content.videoLinks.map((v) => [v._id, v.sortingOrder])).toEqual([
      ['id1', 0],
      ['id2', 1],
    ]);
    const edited = applyContentAction(content, 'editVideoLink', { itemId: 'id2', title: 'Second' }, newId);
    expect(edited.ok && edited.content.videoLinks?.[1]).toMatchObject({
      title: 'Second',
      url: 'https://video.example/x',
    });
    const sorted = applyContentAction(content, 'sortVideoLinks', { videoLinkIds: ['id2', 'id1'] }, newId);
    expect(sorted.ok && sorted.content.videoLinks?.map((v) => [v._id, v.sortingOrder])).toEqual([
      ['id2', 0],
      ['id1', 1],
    ]);
    const removed = applyContentAction(content, 'removeVideoLink', { itemId: 'id1' }, newId);
    expect(removed.ok && removed.content.videoLinks?.map((v) => v._id)).toEqual(['id2']);
  });

  it('answers 404 for an item that is not there and 400 for a bad order', () => {
    expect(applyContentAction(empty, 'removeFAQ', { itemId: 'nope' }, ids())).toEqual({
      ok: false,
      status: 404,
      message: 'FAQ not found',
    });
    expect(applyContentAction(empty, 'editReview', { itemId: 'nope', rating: 3 }, ids())).toMatchObject({
      status: 404,
    });
    expect(applyContentAction(empty, 'removeResources', { resourceIds: ['x'] }, ids())).toMatchObject({
      status: 404,
    });
    expect(applyContentAction(empty, 'sortVideoLinks', { videoLinkIds: ['x'] }, ids())).toMatchObject({
      status: 400,
    });
  });

  it('adds resources in bulk and removes several at once', () => {
    const added = applyContentAction(
      empty,
      'addResources',
      {
        resources: [
          { title: 'Notes', url: 'https://files.example/notes.pdf', kind: 'NOTES' },
          { title: 'Paper', url: 'https://files.example/paper.pdf', kind: 'PAST_PAPER' },
        ],
      },
      ids(),
    );
    expect(added.ok && added.content.resources?.map((r) => r._id)).toEqual(['id1', 'id2']);
    const content = { ...empty, resources: added.ok ? added.content.resources! : [] };
    const removed = applyContentAction(content, 'removeResources', { resourceIds: ['id1', 'id2'] }, ids());
    expect(removed.ok && removed.content.resources).toEqual([]);
  });

  it('keeps every other kind of content apart: only the changed list comes back', () => {
    const change = applyContentAction(empty, 'addFAQ', { question: 'Why?', answer: 'Because.' }, ids());
    expect(change.ok && Object.keys(change.content)).toEqual(['faqs']);
  });

  it('refuses more than 200 items of a kind', () => {
    const many: Content = {
      ...empty,
      reviews: Array.from({ length: 200 }, (_, i) => ({
        _id: `r${i}`,
        name: 'A',
        rating: 5,
        comment: 'Good',
      })),
    };
    expect(
      applyContentAction(many, 'addReview', { name: 'B', rating: 4, comment: 'Fine' }, ids()),
    ).toMatchObject({
      status: 400,
      message: 'A sub-topic holds at most 200 reviews',
    });
  });
});
