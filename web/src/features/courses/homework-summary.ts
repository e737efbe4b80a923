/**
 * What tutor homework mode shows beside a homework: how many students handed it in and how many wait for
 * a review. `docs` is the first page of submissions (at most 100): past it, the to-review count is a floor.
 */
export function submissionSummary(page: { totalDocs: number; docs: ReadonlyArray<{ status: string }> }): {
  label: string;
  toReview: number;
} {
  const { totalDocs, docs } = page;
  if (totalDocs === 0) return { label: 'No submissions yet', toReview: 0 };
  const toReview = docs.filter((doc) => doc.status === 'SUBMITTED').length;
  const handedIn = `${totalDocs} submission${totalDocs === 1 ? '' : 's'}`;
  if (toReview === 0) return { label: `${handedIn} · all reviewed`, toReview };
  const partial = totalDocs > docs.length ? '+' : '';
  return { label: `${handedIn} · ${toReview}${partial} to review`, toReview };
}
