import { describe, expect, it } from 'vitest';
import type { SearchOption } from '../../../../shared/schemas/catalogue';
import { matchSearchOptions } from './home-catalogue';

const options: SearchOption[] = [
  { kind: 'topic', label: 'Algebra and graphs', path: '/c/m/a', context: 'Cambridge IGCSE · Mathematics' },
  { kind: 'subject', label: 'Mathematics', path: '/c/m', context: 'Cambridge IGCSE · 0580' },
  { kind: 'curriculum', label: 'Cambridge IGCSE', path: '/c', context: '2 grades' },
  ...Array.from({ length: 12 }, (_, i) => ({
    kind: 'topic' as const,
    label: `Maths topic ${i}`,
    path: `/t${i}`,
    context: 'IB Diploma · Mathematics',
  })),
];

describe('matchSearchOptions', () => {
  it('matches every word in the label or context, curricula and subjects first, at most eight', () => {
    const found = matchSearchOptions(options, 'cambridge math');
    expect(found.map((o) => o.label)).toEqual(['Mathematics', 'Algebra and graphs']);
    expect(matchSearchOptions(options, 'maths').length).toBe(8);
    expect(matchSearchOptions(options, 'CAMBRIDGE')[0]!.kind).toBe('curriculum');
  });
  it('finds sub-topics, and puts options named by the words before those only filed under a match', () => {
    const withSubTopics: SearchOption[] = [
      ...options,
      {
        kind: 'subTopic',
        label: 'Quadratic equations',
        path: '/c/m/a/q',
        context: 'Cambridge IGCSE · Mathematics · Algebra and graphs',
      },
    ];
    expect(matchSearchOptions(withSubTopics, 'quadratic').map((o) => o.path)).toEqual(['/c/m/a/q']);
    expect(matchSearchOptions(withSubTopics, 'algebra').map((o) => o.kind)).toEqual(['topic', 'subTopic']);
    // A sub-topic named by the words comes before a subject that only holds them in its context
    expect(matchSearchOptions(withSubTopics, 'igcse quadratic')[0]!.label).toBe('Quadratic equations');
  });

  it('offers nothing for blank text', () => {
    expect(matchSearchOptions(options, '   ')).toEqual([]);
  });
});
