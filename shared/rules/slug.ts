/** Spec 001 section 5: lowercase, trim, replace slashes and spaces with hyphens. */
export function slugify(text: string): string {
  return text.toLowerCase().trim().replace(/[/\s]/g, '-');
}

/**
 * A site path as meta tags and redirections store it (the path the address bar shows, e.g.
 * `/learning-portal/cambridge-igcse`): each segment goes through the slug helper, so `Cambridge IGCSE/`
 * and `/cambridge-igcse` are the same path. The helper itself turns slashes into hyphens, so it is
 * applied per segment; empty segments (a doubled or trailing slash) are dropped. Query and fragment are
 * not part of a path. Answers `/` for an empty path.
 */
export function cleanSitePath(text: string): string {
  const path = text.trim().split(/[?#]/)[0] ?? '';
  const segments = path
    .split('/')
    .map((segment) => slugify(segment))
    .filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}
