/** The characters spec 000 section 5 strips from file names, plus anything outside printable ASCII. */
const STRIPPED = /[/\\?%*:|"<>]|[^\x20-\x7e]/g;

/** A file name without the stripped characters (and trimmed); empty when nothing is left. */
export function stripFileName(name: string): string {
  return name.replace(STRIPPED, '').trim();
}

/**
 * Spec 000 section 5: uploaded file names lose / \ ? % * : | " < > and non-ASCII characters, and get a
 * timestamp before the extension (so two uploads of "notes.pdf" never collide).
 */
export function cleanFileName(name: string, now: number = Date.now()): string {
  const cleaned = stripFileName(name);
  const dot = cleaned.lastIndexOf('.');
  const base = (dot >= 0 ? cleaned.slice(0, dot) : cleaned).trim();
  const extension = dot >= 0 ? cleaned.slice(dot) : '';
  return `${base || 'file'}-${now}${extension}`;
}
