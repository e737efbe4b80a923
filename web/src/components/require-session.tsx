import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/** Sends a signed-out visitor to the login page, coming back here afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.login}?${new URLSearchParams({ redirect })}`} replace />;
  }
  return <>{children}</>;
}
