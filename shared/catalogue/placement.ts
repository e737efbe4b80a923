import { uniqueSlug } from './paths';

/**
 * Moving a sub-topic to another topic (PUT /admin/sub-topics/{id} with a topicId).
 *
 * Decisions:
 * - Only to another topic of the same subject: the sub-topic's subject and curriculum, and so the progress
 *   students recorded on it (kept per subject and sub-topic), stay valid. Moving across subjects is a new
 *   sub-topic in that subject.
 * - It keeps its slug unless a sub-topic of the target topic already has it; then it takes the first free
 *   "-2", "-3"... (its address changes with the topic's slug anyway).
 * - It goes where `sortingOrder` says, else after the target topic's last sub-topic.
 */
export type MovePlacement =
  | { ok: true; topicId: string; slug: string; sortingOrder: number }
  | { ok: false; status: 400; message: string };

export function movePlacement(
  subTopic: { subjectId: string; slug: string },
  target: { _id: string; subjectId: string },
  targetSubTopics: ReadonlyArray<{ slug: string; sortingOrder: number }>,
  sortingOrder?: number,
): MovePlacement {
  if (target.subjectId !== subTopic.subjectId) {
    return { ok: false, status: 400, message: 'A sub-topic can only move to another topic of its subject' };
  }
  return {
    ok: true,
    topicId: target._id,
    slug: uniqueSlug(
      subTopic.slug,
      targetSubTopics.map((s) => s.slug),
    ),
    sortingOrder: sortingOrder ?? Math.max(0, ...targetSubTopics.map((s) => s.sortingOrder + 1)),
  };
}
