import { MISSING_VALUE } from '../config/app-constants';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Spec 000 section 9: dates display as YYYY MMM DD (viewer's zone); a missing value shows a dash. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return MISSING_VALUE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING_VALUE;
  return `${date.getFullYear()} ${months[date.getMonth()]} ${String(date.getDate()).padStart(2, '0')}`;
}
