import { describe, expect, it } from 'vitest';
import type { SubjectProgressDoc } from '../../../../shared/schemas/learning-data';
import { defaultCurriculum, defaultLearner, focusSubject, ringSubjects } from './selection';

const subject = (subjectId: string, subjectCode: string, lastActivityAt: string | null) =>
  ({ subjectId, subjectCode, lastActivityAt }) as SubjectProgressDoc;

describe('dashboard selection', () => {
  it('a parent opens on their first child; a child or a user without a mapper on themselves', () => {
    const family = [{ _id: 'parent' }, { _id: 'kid1' }, { _id: 'kid2' }];
    expect(defaultLearner('parent', family)).toBe('kid1');
    expect(defaultLearner('kid2', family)).toBe('kid2');
    expect(defaultLearner('solo', undefined)).toBe('solo');
    expect(defaultLearner('solo', [{ _id: 'solo' }])).toBe('solo');
  });

  it('a parent opens on the child asked for when that child is theirs, else on their first child', () => {
    const family = [{ _id: 'parent' }, { _id: 'kid1' }, { _id: 'kid2' }];
    expect(defaultLearner('parent', family, 'kid2')).toBe('kid2');
    expect(defaultLearner('parent', family, 'stranger')).toBe('kid1');
    expect(defaultLearner('parent', family, null)).toBe('kid1');
    expect(defaultLearner('solo', undefined, 'kid1')).toBe('solo');
  });

  it('keeps the stored curriculum while it exists, then onboarding, then the first', () => {
    const names = ['Cambridge IGCSE', 'IB Diploma'];
    expect(defaultCurriculum(names, 'IB Diploma', 'Cambridge IGCSE')).toBe('IB Diploma');
    expect(defaultCurriculum(names, 'Gone', 'IB Diploma')).toBe('IB Diploma');
    expect(defaultCurriculum(names, null, undefined)).toBe('Cambridge IGCSE');
    expect(defaultCurriculum([], null, undefined)).toBeUndefined();
  });

  it('focuses the chosen subject, else the most recently studied', () => {
    const subjects = [
      subject('a', 'A1', null),
      subject('b', 'B1', '2026-01-01'),
      subject('c', 'C1', '2026-02-01'),
    ];
    expect(focusSubject(subjects, 'a')?.subjectId).toBe('a');
    expect(focusSubject(subjects, undefined)?.subjectId).toBe('c');
    expect(focusSubject([subject('a', 'A1', null)], 'zz')?.subjectId).toBe('a');
    expect(focusSubject([], undefined)).toBeUndefined();
  });

  it('rings the subjects started or chosen at onboarding, else all', () => {
    const subjects = [subject('a', 'A1', null), subject('b', 'B1', '2026-01-01'), subject('c', 'C1', null)];
    expect(ringSubjects(subjects, ['C1']).map((s) => s.subjectId)).toEqual(['b', 'c']);
    expect(ringSubjects([subject('a', 'A1', null)]).map((s) => s.subjectId)).toEqual(['a']);
  });
});
