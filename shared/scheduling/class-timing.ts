/**
 * The class timing chip (spec 001 sections 4 and 9): before the start a lesson has not started; someone
 * who joined within a minute of the start (or earlier) is On Time; a minute or more after the start is
 * "N Min Late"; a lesson that ended without them joining is Missed.
 */
export type ClassTiming =
  | { label: 'Class Not Started'; color: 'blue' }
  | { label: 'Missed'; color: 'red' }
  | { label: 'On Time'; color: 'green' }
  | { label: string; color: 'amber'; minutesLate: number };

const MINUTE_MS = 60_000;

export function classTiming(input: {
  start: Date;
  end: Date;
  joinedAt?: Date | null;
  now: Date;
}): ClassTiming {
  const { start, end, joinedAt, now } = input;
  if (joinedAt) {
    const lateMs = joinedAt.getTime() - start.getTime();
    if (lateMs < MINUTE_MS) return { label: 'On Time', color: 'green' };
    const minutesLate = Math.floor(lateMs / MINUTE_MS);
    return { label: `${minutesLate} Min Late`, color: 'amber', minutesLate };
  }
  if (now.getTime() < start.getTime()) return { label: 'Class Not Started', color: 'blue' };
  if (now.getTime() >= end.getTime()) return { label: 'Missed', color: 'red' };
  // Under way and not joined yet: it is not missed until the lesson ends.
  return { label: 'Class Not Started', color: 'blue' };
}

/**
 * The join the chip judges for a viewer of a lesson: its tutor sees their own first join; a student of the
 * lesson their own (`ownJoinTime`, which reads for one student carry: in a group lesson a classmate's join
 * is not theirs); anyone else (an admin, a parent on the course page) the earliest student's. Lesson reads
 * carry `tutorJoinTime` and `studentJoinTime` (null or absent: nobody of that side joined).
 */
export function viewerJoinTime(
  lesson: {
    tutorId?: string | undefined;
    tutorJoinTime?: string | null;
    studentJoinTime?: string | null;
    ownJoinTime?: string | null;
  },
  viewerId: string | undefined,
): Date | null {
  const at =
    viewerId && lesson.tutorId === viewerId
      ? lesson.tutorJoinTime
      : lesson.ownJoinTime !== undefined
        ? lesson.ownJoinTime
        : lesson.studentJoinTime;
  return at ? new Date(at) : null;
}
