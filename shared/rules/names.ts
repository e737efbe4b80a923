/**
 * Names an admin gives to things of a tenant (roles; tutor roles, groups and plans as they come) are unique
 * ignoring case and spacing: "Receptionist", "receptionist" and " RECEPTIONIST " are one name. This is the
 * key the database holds unique (a claim item written with the record, functions/crud/unique-key-collection).
 */
export function caseInsensitiveNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
