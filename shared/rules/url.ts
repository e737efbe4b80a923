/**
 * Spec 000 section 5: optional http/https, a host name or IPv4 address, optional port, path, query and
 * fragment.
 *
 * Each host label is `[a-z\d]` optionally followed by `[a-z\d-]*[a-z\d]`: the client's original pattern
 * nested two quantifiers there (`([a-z\d-]*[a-z\d])*`), which backtracks exponentially on a long label
 * that does not match (30 letters and a `!` took seconds). IPv4 octets are 0-255.
 */
const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const URL_PATTERN = new RegExp(
  '^(https?:\\/\\/)?' +
    '(([a-z\\d]([a-z\\d-]*[a-z\\d])?\\.)+[a-z]{2,}|' + // host name
    `((${OCTET}\\.){3}${OCTET}))` + // or IPv4
    '(:\\d{1,5})?' + // port
    '(\\/[-a-z\\d%_.~+@:]*)*' + // path
    '(\\?[;&a-z\\d%_.~+=@:/-]*)?' + // query
    '(#[-a-z\\d_@:/?=&.~+%]*)?$', // fragment
  'i',
);

export function isValidUrl(text: string): boolean {
  return URL_PATTERN.test(text.trim());
}

/** A URL the check accepts, with `https://` added when it has no scheme (so a browser treats it as absolute). */
export function absoluteUrl(text: string): string {
  const trimmed = text.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
