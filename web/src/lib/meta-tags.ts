import { useEffect } from 'react';
import type { MetaTagLookup } from '../../../shared/schemas/meta-tag';
import { BASE_PATH } from '../config/paths';
import { apiKey, preloadApi, useApi } from './api-client';

/** The page's own title and description (index.html), shown where no meta tag is set. */
const defaults =
  typeof document === 'undefined'
    ? { title: '', description: '' }
    : {
        title: document.title,
        description: document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '',
      };

/** The site path a router path is served at, as meta tags store it (no trailing slash). */
export function sitePathOf(routerPath: string): string {
  return `${BASE_PATH}${routerPath}`.replace(/\/+$/, '') || '/';
}

/** What the page's head shows besides the path's meta tag: the page's own name and summary, and the site's. */
export interface PageMeta {
  title?: string;
  description?: string;
}

const head: { metaTag?: MetaTagLookup; page?: PageMeta; siteName?: string } = {};

/**
 * The title of a page without a meta tag: its own name then the tenant's ("Mathematics | Demo Academy"),
 * either alone when the other is missing, the site's default without both.
 */
export function documentTitle(
  page: PageMeta | undefined,
  siteName: string | undefined,
  fallback: string,
): string {
  return [page?.title, siteName].filter(Boolean).join(' | ') || fallback;
}

/** An admin's meta tag for the path wins; the page's own title and summary fill in where it has none. */
function applyHead(): void {
  document.title = head.metaTag?.title || documentTitle(head.page, head.siteName, defaults.title);
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = head.metaTag?.description || head.page?.description || defaults.description;
}

/** Names the current page in the browser tab (and, with a description, for search engines) while it shows. */
export function usePageMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    head.page = { title, description };
    applyHead();
    return () => {
      head.page = undefined;
      applyHead();
    };
  }, [title, description]);
}

/** The tenant's name, which ends every page's title. */
export function useSiteName(name: string | undefined): void {
  useEffect(() => {
    head.siteName = name;
    applyHead();
  }, [name]);
}

const metaTagKey = (routerPath: string) =>
  apiKey('meta-tags.byPath', { query: { path: sitePathOf(routerPath) } });

/** The first page's meta tag, requested before the app renders (see `useMetaTags`). */
export function preloadMetaTags(routerPath: string): void {
  void preloadApi(metaTagKey(routerPath));
}

/**
 * Spec 000 section 2: on every navigation the meta-tag data (title, description) of the path is fetched
 * and applied if present; a path without one shows the site's defaults again.
 */
export function useMetaTags(routerPath: string): void {
  const { data } = useApi(metaTagKey(routerPath), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  // While the new path's tag loads, the previous path's tag no longer applies.
  useEffect(() => {
    head.metaTag = data ?? undefined;
    applyHead();
  }, [data]);
}
