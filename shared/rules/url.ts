/**
 * Spec 000 section 5: optional http/https, a host name or IPv4 address, optional port, path, query and
 * fragment.
 */
const URL_PATTERN = new RegExp(
  '^(https?:\\/\\/)?' +
    '((([a-z\\d]([a-z\\d-]*[a-z\\d])*)\\.)+[a-z]{2,}|' + // host name
    '((\\d{1,3}\\.){3}\\d{1,3}))' + // or IPv4
    '(:\\d{1,5})?' + // port
    '(\\/[-a-z\\d%_.~+@:]*)*' + // path
    '(\\?[;&a-z\\d%_.~+=@:/-]*)?' + // query
    '(#[-a-z\\d_@:/?=&.~+%]*)?$', // fragment
  'i',
);

export function isValidUrl(text: string): boolean {
  return URL_PATTERN.test(text.trim());
}
