import type { PartialPage } from '../../../../shared/schemas/paging';

/**
 * The line under an admin list: "1–10 of 240". When the server looked at only its newest records (a search
 * or a filter no index serves: `partial`), the total says what it counts ("1–10 of 37 matches among the
 * newest 2000 records") rather than passing for the whole list's. An empty list says so once, in the table
 * ("No tags found"), not again down here, unless the answer was partial.
 */
export function totalLine(
  total: number,
  offset: number,
  pageSize: number,
  partial: PartialPage | undefined,
): string {
  const among = partial ? ` among the newest ${partial.scanned} records` : '';
  if (total === 0) return partial ? `No matches${among}` : '';
  const range = `${offset + 1}–${Math.min(offset + pageSize, total)} of ${total}`;
  return partial ? `${range} matches${among}` : range;
}
