import type { onboardingGoals } from '../../../../shared/schemas/learning-data';

/** The onboarding form's steps and what each needs before "Next" (the server checks it all again). */
export const onboardingSteps = ['Curriculum', 'Grade', 'Subjects', 'Goals'] as const;

export interface OnboardingAnswers {
  curriculum: string;
  grade: string;
  subjects: string[];
  goals: Array<(typeof onboardingGoals)[number]>;
  examDate: string;
  notes: string;
}

export const emptyAnswers: OnboardingAnswers = {
  curriculum: '',
  grade: '',
  subjects: [],
  goals: [],
  examDate: '',
  notes: '',
};

/** Why the learner cannot go on from `step` yet, or undefined. */
export function stepProblem(step: number, answers: OnboardingAnswers): string | undefined {
  if (step >= 0 && !answers.curriculum) return 'Choose your curriculum';
  if (step >= 1 && !answers.grade) return 'Choose your grade';
  if (step >= 2 && answers.subjects.length === 0) return 'Choose at least one subject';
  return undefined;
}
