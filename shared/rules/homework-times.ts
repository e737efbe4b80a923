/**
 * A homework submission's two times, each what it says: when the student handed in the work they stand
 * by (`submittedAt`: the first hand-in, then each change of the answer before the review) and when the tutor
 * reviewed it (`reviewedAt`: set when it is marked reviewed, kept through later edits of the feedback by
 * the time of that last save, cleared if it goes back to waiting). `updatedAt` is neither: any save moves it.
 */
export interface HandInTimes {
  submittedAt: string;
  reviewedAt: string | null;
}

type Status = 'SUBMITTED' | 'REVIEWED';

/** A submission as stored: records handed in before the two times were kept have neither. */
export interface StoredHandIn {
  status: Status;
  createdAt: string;
  updatedAt: string;
  submittedAt?: string | undefined;
  reviewedAt?: string | null | undefined;
}

/**
 * The times of a stored submission. One stored before they were kept was handed in when it was created, and
 * a reviewed one was last saved by its review (a student cannot change reviewed work).
 */
export function handInTimes(stored: StoredHandIn): HandInTimes {
  return {
    submittedAt: stored.submittedAt ?? stored.createdAt,
    reviewedAt:
      stored.reviewedAt !== undefined
        ? stored.reviewedAt
        : stored.status === 'REVIEWED'
          ? stored.updatedAt
          : null,
  };
}

/** What a change touches: the student's answer, or the tutor's review. */
export interface SubmissionChange {
  text?: string | undefined;
  attachments?: unknown[] | undefined;
  feedback?: string | null | undefined;
  grade?: string | null | undefined;
  status?: Status | undefined;
}

/**
 * The times after a change saved at `now`: a new answer is a new hand-in; a review saved on reviewed work
 * (marking it reviewed, or changing the feedback or grade of reviewed work) is the review's time; a
 * submission put back to waiting has no review time. Anything else keeps both.
 */
export function timesAfterChange(stored: StoredHandIn, change: SubmissionChange, now: string): HandInTimes {
  const current = handInTimes(stored);
  const answered = change.text !== undefined || change.attachments !== undefined;
  const reviewing =
    change.feedback !== undefined || change.grade !== undefined || change.status !== undefined;
  const status = change.status ?? stored.status;
  return {
    submittedAt: answered ? now : current.submittedAt,
    reviewedAt: status !== 'REVIEWED' ? null : reviewing ? now : current.reviewedAt,
  };
}
