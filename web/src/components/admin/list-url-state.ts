/**
 * An admin list's state (page, search text, sorting, each filter's value) in the page address, so a filtered
 * view survives a reload, Back and Forward walk through it, and a link to it can be shared. Pure: the list
 * page reads it with `readListState` on every render and writes it with `patchListState`.
 *
 * The address holds only what differs from the list's defaults: `?page=2&q=maths&sort=-updatedAt&status=OPEN`.
 * A filter whose default is a value and that is set to "All" is kept as an empty value (`status=`). Anything
 * in the address that the list cannot use (a page that is not a positive whole number, a column that cannot
 * be sorted, a value not among a filter's choices, a malformed date) reads as the default: an edited or old
 * link opens the list, never an error. Other parameters (a page's own, e.g. `tab`) are left as they are.
 */

/** What the address can say about a filter: the parts of a list filter that decide its valid values. */
export interface ListFilterSpec {
  key: string;
  kind?: 'select' | 'date';
  /** The choices of a select; while they are still loading (empty), any value is kept. */
  options?: ReadonlyArray<{ value: string }>;
  /** `null` for a select without an "All" choice: it always has a value. */
  allLabel?: string | null;
  initial?: string;
  /** A control of its own (e.g. a people picker): any value is kept. */
  render?: unknown;
}

export interface ListSpec {
  /** Prepended to every parameter, for a page with more than one list (e.g. a course's tabs). */
  prefix?: string | undefined;
  filters: readonly ListFilterSpec[];
  /** The columns the list can be sorted by. */
  sortKeys: readonly string[];
}

export type SortValue = 'asc' | 'desc';

export interface ListState {
  /** 1 for the first page. */
  page: number;
  searchText: string;
  sort: { key: string; value: SortValue } | undefined;
  /** Each filter's value by its key; '' means "all". */
  filters: Record<string, string>;
}

/** Past this, a page number in the address is taken as a mistake. */
export const MAX_PAGE = 100_000;
/** The longest search text or filter value the address may carry. */
const MAX_VALUE = 200;

const names = (spec: ListSpec) => {
  const prefix = spec.prefix ?? '';
  return {
    page: `${prefix}page`,
    search: `${prefix}q`,
    sort: `${prefix}sort`,
    filter: (key: string) => `${prefix}${key}`,
  };
};

const defaultOf = (filter: ListFilterSpec) => filter.initial ?? '';

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a filter can hold `value` ('' is "all"). */
function acceptsValue(filter: ListFilterSpec, value: string): boolean {
  if (value === '') return filter.kind === 'date' || filter.render !== undefined || filter.allLabel !== null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (value.length > MAX_VALUE || /[\u0000-\u001f]/.test(value)) return false;
  if (filter.kind === 'date') return isCalendarDate(value);
  if (filter.render !== undefined || !filter.options?.length) return true;
  return filter.options.some((option) => option.value === value);
}

function readPage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

function readSort(raw: string | null, sortKeys: readonly string[]): ListState['sort'] {
  if (!raw) return undefined;
  const value: SortValue = raw.startsWith('-') ? 'desc' : 'asc';
  const key = value === 'desc' ? raw.slice(1) : raw;
  return sortKeys.includes(key) ? { key, value } : undefined;
}

/** The list's state as the address gives it, every unusable part read as its default. */
export function readListState(params: URLSearchParams, spec: ListSpec): ListState {
  const name = names(spec);
  const search = params.get(name.search) ?? '';
  const filters: Record<string, string> = {};
  for (const filter of spec.filters) {
    const raw = params.get(name.filter(filter.key));
    filters[filter.key] = raw !== null && acceptsValue(filter, raw) ? raw : defaultOf(filter);
  }
  return {
    page: readPage(params.get(name.page)),
    searchText: search.length <= MAX_VALUE ? search.trim() : '',
    sort: readSort(params.get(name.sort), spec.sortKeys),
    filters,
  };
}

/** The address's parameters with the list's state written in (defaults left out), the others untouched. */
export function writeListState(params: URLSearchParams, state: ListState, spec: ListSpec): URLSearchParams {
  const name = names(spec);
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | undefined) => {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  };
  put(name.page, state.page > 1 ? String(state.page) : undefined);
  put(name.search, state.searchText || undefined);
  put(name.sort, state.sort && `${state.sort.value === 'desc' ? '-' : ''}${state.sort.key}`);
  for (const filter of spec.filters) {
    const value = state.filters[filter.key] ?? defaultOf(filter);
    put(name.filter(filter.key), value === defaultOf(filter) ? undefined : value);
  }
  return next;
}

/** The address after a change to the list: the current state read, `change` applied, written back. */
export function patchListState(
  params: URLSearchParams,
  change: Partial<ListState>,
  spec: ListSpec,
): URLSearchParams {
  const current = readListState(params, spec);
  const filters = change.filters ? { ...current.filters, ...change.filters } : current.filters;
  return writeListState(params, { ...current, ...change, filters }, spec);
}
