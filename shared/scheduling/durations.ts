/**
 * Lesson durations (spec 000 section 5, spec 001 section 9): 15 to 180 minutes in 15-minute steps, plus
 * 3 and 5 minutes outside production for staff trying lessons out quickly (never offered to students, who
 * book real lessons whatever the stage); "hours" choices 1 to 24.
 */
export type Stage = 'production' | 'test' | 'local' | 'alpha';
export type LessonBooker = 'staff' | 'student';

export function lessonDurationChoices(stage: Stage, bookedBy: LessonBooker = 'staff'): number[] {
  const standard = Array.from({ length: 12 }, (_, i) => (i + 1) * 15);
  return stage === 'production' || bookedBy === 'student' ? standard : [3, 5, ...standard];
}

export function isAllowedLessonDuration(
  minutes: number,
  stage: Stage,
  bookedBy: LessonBooker = 'staff',
): boolean {
  return lessonDurationChoices(stage, bookedBy).includes(minutes);
}

export const hourChoices: number[] = Array.from({ length: 24 }, (_, i) => i + 1);

/** "1 hr 30 min", "45 min", "2 hr" (durations are shown in hours and minutes). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}
