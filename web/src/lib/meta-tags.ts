import { useEffect } from 'react';
import type { MetaTagLookup } from '../../../shared/schemas/meta-tag';
import { BASE_PATH } from '../config/paths';
import { type ApiKey, preloadApi, useApi } from './api-client';

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

export function applyMetaTag(tag: MetaTagLookup | undefined): void {
  document.title = tag?.title || defaults.title;
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = tag?.description || defaults.description;
}

const metaTagKey = (routerPath: string): NonNullable<ApiKey> => [
  'meta-tags.byPath',
  { query: { path: sitePathOf(routerPath) } },
];

/** The first page's meta tag, requested before the app renders (see `useMetaTags`). */
export function preloadMetaTags(routerPath: string): void {
  void preloadApi<MetaTagLookup>(metaTagKey(routerPath));
}

/**
 * Spec 000 section 2: on every navigation the meta-tag data (title, description) of the path is fetched
 * and applied if present; a path without one shows the site's defaults again.
 */
export function useMetaTags(routerPath: string): void {
  const { data } = useApi<MetaTagLookup>(metaTagKey(routerPath), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  useEffect(() => {
    if (data !== undefined) applyMetaTag(data);
  }, [data]);
}
