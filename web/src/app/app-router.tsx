import { isValidElement, type ReactElement } from 'react';
import { BrowserRouter, matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { LazyPage, type PageLoader, preloadPage } from '../components/lazy-page';
import { preloadRouteData } from './route-data';

/** The SPA's routes and the base path they are served under. */
export interface RouteTable {
  routes: RouteObject[];
  basename: string;
}

export function routeTable(routes: RouteObject[], { basename }: { basename: string }): RouteTable {
  return { routes, basename };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The route table in react-router's declarative mode (`BrowserRouter` + `useRoutes`) rather than a data
 * router (`createBrowserRouter`): the app uses no loaders, actions or fetchers, and the data router's state
 * machine is about 19 KB (gzipped) of JavaScript the first page would wait for. Navigations commit
 * synchronously (no transition), as the data router did with `flushSync`: signing out leaves the page and
 * ends the session in one render, so a signed-in page's guard never sees the session gone.
 */
export function AppRouter({ router }: { router: RouteTable }) {
  return (
    <BrowserRouter basename={router.basename} useTransitions={false}>
      <Routes routes={router.routes} />
    </BrowserRouter>
  );
}

function isLazyPage(element: unknown): element is ReactElement<{ load: PageLoader }> {
  return isValidElement(element) && element.type === LazyPage;
}

/** The path inside the app (as `useLocation` gives it) of a browser path. */
function routerPathOf(pathname: string, basename: string): string {
  const inside = pathname.toLowerCase().startsWith(basename.toLowerCase());
  return inside ? pathname.slice(basename.length) || '/' : pathname;
}

/**
 * Starts loading what the page at a browser path needs before the app first renders: the code of its lazy
 * pages (layouts and page) at once, and, once the API is known, its data.
 */
export function preloadRoute(router: RouteTable, pathname: string) {
  const matches = matchRoutes(router.routes, pathname, router.basename) ?? [];
  const code = Promise.all(
    matches.map(({ route }) =>
      isLazyPage(route.element) ? preloadPage(route.element.props.load) : undefined,
    ),
  );
  return {
    code,
    preloadData: () => preloadRouteData(matches.at(-1)?.route.path, routerPathOf(pathname, router.basename)),
  };
}
