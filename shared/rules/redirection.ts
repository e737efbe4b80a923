import { cleanSitePath } from './slug';

/** Browsers give up after about 20 hops; a chain this long is a mistake long before that. */
export const MAX_REDIRECT_CHAIN = 10;

/**
 * The site path a redirection target leads to when it stays on the tenant's own site: a path (`/x`), or an
 * absolute URL whose host is the tenant's domain. Undefined for another site (no loop can go through it).
 */
export function sameSitePath(to: string, domain: string): string | undefined {
  if (to.startsWith('/')) return cleanSitePath(to);
  try {
    const url = new URL(/^https?:\/\//i.test(to) ? to : `https://${to}`);
    return url.hostname.toLowerCase() === domain.toLowerCase() ? cleanSitePath(url.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a redirection `from -> to` may not be saved, or undefined when it may: it points to itself, it
 * closes a loop through the redirections already saved (a -> b while b -> a), or it makes a chain longer
 * than MAX_REDIRECT_CHAIN. `next(path)` answers the target of the saved redirection from `path` (the one
 * being saved excluded), so this walks the chain one look-up per hop.
 */
export async function redirectionProblem(
  from: string,
  to: string,
  domain: string,
  next: (path: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  const chain = [from];
  let current = sameSitePath(to, domain);
  while (current !== undefined) {
    if (current === from) {
      return chain.length === 1
        ? 'A redirection cannot point to its own path'
        : `This redirection would make a loop: ${[...chain, from].join(' → ')}`;
    }
    chain.push(current);
    if (chain.length > MAX_REDIRECT_CHAIN) {
      return `This redirection would make a chain of more than ${MAX_REDIRECT_CHAIN} redirects: ${chain.slice(0, 4).join(' → ')} → …`;
    }
    const target = await next(current);
    current = target === undefined ? undefined : sameSitePath(target, domain);
  }
  return undefined;
}
