/**
 * The admin user directory (spec 002 "GET dropdown": name, userTypes as a comma list): users are kept per
 * type in name order under a lower-case search key, so a picker reads one type's partition in order and
 * matches what was typed anywhere in the name or e-mail.
 */
export const directoryUserTypes = ['student', 'tutor'] as const;
export type DirectoryUserType = (typeof directoryUserTypes)[number];

/** `Tom Turing <tutor1@demo.test>` -> `tom turing tutor1@demo.test`: sorts by name, searchable by any part. */
export function directorySearchKey(user: { firstname: string; lastname: string; email: string }): string {
  return `${user.firstname} ${user.lastname} ${user.email}`.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** What was typed, as the search key compares it (case and extra spaces ignored). */
export function normalizeDirectorySearch(text: string | undefined): string {
  return (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** `tutor,student` -> ['tutor', 'student'] (unknown names are a validation error upstream). */
export function parseUserTypes(list: string): DirectoryUserType[] {
  const names = list
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(names)].filter((name): name is DirectoryUserType =>
    (directoryUserTypes as readonly string[]).includes(name),
  );
}
