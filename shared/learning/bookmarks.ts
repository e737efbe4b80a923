/**
 * Whether the lesson a bookmark was made in has ended (spec 000 section 3 "isMeetingEnded"): it was
 * cancelled or completed, or its end time has passed.
 */
export function isMeetingEnded(
  lesson: { status: string; end?: string | undefined } | undefined,
  now: Date,
): boolean | undefined {
  if (!lesson) return undefined;
  if (lesson.status === 'CANCELLED' || lesson.status === 'COMPLETED') return true;
  return lesson.end !== undefined && Date.parse(lesson.end) <= now.getTime();
}
