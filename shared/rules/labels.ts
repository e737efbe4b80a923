/** Spec 000 section 5: lists of labels show at most two, then "... and N more". */
export function summarizeLabels(labels: string[], shown = 2): string {
  if (labels.length <= shown) return labels.join(', ');
  return `${labels.slice(0, shown).join(', ')} ... and ${labels.length - shown} more`;
}
