/** The lower-secondary curricula the platform recognises (spec 000, shared constants). */
export const LOWER_SECONDARY_CURRICULA = ['Cambridge Lower Secondary', 'Edexcel Lower Secondary'] as const;

/**
 * Whether a curriculum is lower secondary (the years before IGCSE and IB): its cards say so, so a parent
 * sees at a glance which curricula fit a younger learner. Names are compared ignoring case and spacing,
 * as admins type them.
 */
export function isLowerSecondaryCurriculum(name: string): boolean {
  const normal = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return LOWER_SECONDARY_CURRICULA.some((known) => known.toLowerCase() === normal);
}
