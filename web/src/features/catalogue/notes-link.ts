import { paths, withQuery } from '../../config/paths';

/** The longest resource key GET /resources/browse takes (its query schema's bound). */
const MAX_RESOURCE_KEY = 200;

/**
 * The resource key a notes link carries (`/verifyNotesLink?resourceKey=…`), or undefined when the link has
 * none or one that cannot be a key (blank or too long): such a link is invalid without asking the server.
 */
export function notesLinkResourceKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get('resourceKey')?.trim();
  return key && key.length <= MAX_RESOURCE_KEY ? key : undefined;
}

/** The router path of a catalogue resource's notes link (the shared address adds the base path). */
export function notesLinkPath(resourceKey: string): string {
  return withQuery(paths.verifyNotesLink, { resourceKey });
}

/** Where a verified notes link leads: the public sub-topic page that holds the resource. */
export function notesLinkTarget(found: { path: string }): string {
  return found.path.startsWith('/') ? found.path : `/${found.path}`;
}
