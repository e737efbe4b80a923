import { BASE_PATH } from '../config/paths';

/**
 * Spec 000 section 2: on every navigation the canonical link is the page's address without a trailing
 * slash (query and fragment left out: they do not change what the page is).
 */
export function canonicalUrl(origin: string, routerPath: string): string {
  return `${origin}${`${BASE_PATH}${routerPath}`.replace(/\/+$/, '')}`;
}

export function setCanonicalLink(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}
