/**
 * The keys the admin Users list is ordered and searched by (spec 002 "Admin users: GET list"): each is a
 * normalised form of a user's field, so an index ordered by it sorts as a reader expects (case and accents
 * ignored) and a search is a prefix of it. Pure: the repository stores these keys and the service turns
 * what was typed into the same form.
 */

/** Lower case, accents and other marks removed, runs of spaces as one: `  Zoë  O'Neil ` -> `zoe o'neil`. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The name order: first name, then last name (as the Users table shows them). */
export function nameSortKey(user: { firstname: string; lastname: string }): string {
  return foldText(`${user.firstname} ${user.lastname}`);
}

export function emailSortKey(user: { email: string }): string {
  return foldText(user.email);
}

/** A phone number's digits only: `+65 9123-4567` and `6591234567` are one number to search. */
export function phoneKey(phone: string | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/**
 * The keys a name search matches the start of: "first last" and "last first", so typing the start of the
 * first name, of the last name, or of either followed by the other finds the user. One key when both read
 * the same (a single-word name).
 */
export function nameSearchKeys(user: { firstname: string; lastname: string }): string[] {
  const first = foldText(`${user.firstname} ${user.lastname}`);
  const last = foldText(`${user.lastname} ${user.firstname}`);
  return [...new Set([first, last])].filter((key) => key !== '');
}

export const userSearchOptions = ['name', 'email', 'phone'] as const;
export type UserSearchOption = (typeof userSearchOptions)[number];

/** The keys of a user that a search by `option` matches the start of (none: the user cannot match). */
export function searchKeysOf(
  option: UserSearchOption,
  user: { firstname: string; lastname: string; email: string; phone?: string | undefined },
): string[] {
  if (option === 'name') return nameSearchKeys(user);
  if (option === 'email') return [emailSortKey(user)].filter(Boolean);
  const phone = phoneKey(user.phone);
  return phone ? [phone] : [];
}

/**
 * What was typed, in the form of the keys a search by `option` compares it with: empty when nothing is
 * left to search for (no search), undefined when the text can match nothing (letters in a phone search).
 */
export function searchPrefix(option: UserSearchOption, text: string | undefined): string | undefined {
  const typed = (text ?? '').trim();
  if (!typed) return '';
  if (option !== 'phone') return foldText(typed);
  const digits = phoneKey(typed);
  return /^[\d\s()+.-]+$/.test(typed) && digits ? digits : undefined;
}

/** A student's level as the dropdown filters by it (the catalogue's names, case and spaces ignored). */
export function levelKey(level: string | undefined): string {
  return foldText(level ?? '');
}
