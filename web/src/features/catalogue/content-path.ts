/**
 * The catalogue path a catch-all address names: repeated slashes collapsed, no trailing slash, each part
 * decoded (`//cambridge-igcse//mathematics/` names `/cambridge-igcse/mathematics`). `undefined` when a part
 * cannot be decoded.
 */
export function contentPathOf(routerPath: string): string | undefined {
  try {
    const parts = routerPath
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
    return `/${parts.join('/')}`;
  } catch {
    return undefined;
  }
}
