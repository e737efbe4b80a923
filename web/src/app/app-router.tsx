import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';

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
