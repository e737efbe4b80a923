import { describe, expect, it } from 'vitest';
import { emptyAnswers, stepProblem } from './steps';

describe('onboarding steps', () => {
  it('asks for the curriculum, then the grade, then a subject; goals are optional', () => {
    expect(stepProblem(0, emptyAnswers)).toBe('Choose your curriculum');
    const withCurriculum = { ...emptyAnswers, curriculum: 'IB Diploma' };
    expect(stepProblem(0, withCurriculum)).toBeUndefined();
    expect(stepProblem(1, withCurriculum)).toBe('Choose your grade');
    const withGrade = { ...withCurriculum, grade: 'Grade 11' };
    expect(stepProblem(2, withGrade)).toBe('Choose at least one subject');
    expect(stepProblem(3, { ...withGrade, subjects: ['MATH-AA'] })).toBeUndefined();
  });
});
