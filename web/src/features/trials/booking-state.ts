import { isBookableDate } from '../../lib/zoned-dates';

/** What the Book your FREE Class dialog holds (spec 000 section 2 and section 5). */
export interface TrialBookingState {
  curriculum: string;
  subject: string;
  grade: string;
  date: string;
  /** The chosen slot's start (ISO). */
  slot: string;
}

export const emptyBooking: TrialBookingState = { curriculum: '', subject: '', grade: '', date: '', slot: '' };

/**
 * Spec 000 section 5: changing curriculum clears subject and grade (and the slot, which was found for
 * them); changing subject clears grade; changing grade or date clears the slot.
 */
export function changeBooking(
  state: TrialBookingState,
  field: keyof TrialBookingState,
  value: string,
): TrialBookingState {
  switch (field) {
    case 'curriculum':
      return { ...state, curriculum: value, subject: '', grade: '', slot: '' };
    case 'subject':
      return { ...state, subject: value, grade: '', slot: '' };
    case 'grade':
      return { ...state, grade: value, slot: '' };
    case 'date':
      return { ...state, date: value, slot: '' };
    case 'slot':
      return { ...state, slot: value };
  }
}

/** Slots are fetched once curriculum, subject and grade are set (and a day is chosen). */
export function readyForSlots(state: TrialBookingState): boolean {
  return Boolean(state.curriculum && state.subject && state.grade && state.date);
}

/** Book Trial stays disabled until all five are chosen. */
export function canBook(state: TrialBookingState): boolean {
  return readyForSlots(state) && Boolean(state.slot);
}

/**
 * The hint in place of the slot list while slots cannot be asked for yet (spec 000 section 2 names the
 * first; the date ones are ours): undefined once curriculum, subject, grade and a bookable date are set.
 */
export function slotsHint(state: TrialBookingState, zone: string): string | undefined {
  if (!state.curriculum || !state.subject || !state.grade) return 'Select curriculum, subject and grade';
  if (!state.date) return 'Select a date';
  if (!isBookableDate(state.date, zone)) return 'Select a date from today on';
  return undefined;
}
