/** Spec 001 section 5: lowercase, trim, replace slashes and spaces with hyphens. */
export function slugify(text: string): string {
  return text.toLowerCase().trim().replace(/[/\s]/g, '-');
}
