import { describe, expect, it } from 'vitest';
import { movePlacement } from './placement';

describe('moving a sub-topic to another topic', () => {
  const subTopic = { subjectId: 'maths', slug: 'linear-equations' };
  const target = { _id: 'topic-2', subjectId: 'maths' };

  it('keeps its slug and goes last, or where sortingOrder says', () => {
    const siblings = [
      { slug: 'graphs', sortingOrder: 0 },
      { slug: 'gradients', sortingOrder: 4 },
    ];
    expect(movePlacement(subTopic, target, siblings)).toEqual({
      ok: true,
      topicId: 'topic-2',
      slug: 'linear-equations',
      sortingOrder: 5,
    });
    expect(movePlacement(subTopic, target, siblings, 1)).toMatchObject({ sortingOrder: 1 });
    expect(movePlacement(subTopic, target, [])).toMatchObject({ sortingOrder: 0 });
  });

  it('takes the next free slug when the target topic has its slug already', () => {
    const siblings = [
      { slug: 'linear-equations', sortingOrder: 0 },
      { slug: 'linear-equations-2', sortingOrder: 1 },
    ];
    expect(movePlacement(subTopic, target, siblings)).toMatchObject({ slug: 'linear-equations-3' });
  });

  it('refuses a topic of another subject', () => {
    expect(movePlacement(subTopic, { _id: 'p1', subjectId: 'physics' }, [])).toEqual({
      ok: false,
      status: 400,
      message: 'A sub-topic can only move to another topic of its subject',
    });
  });
});
