import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { canonicalUrl, setCanonicalLink } from '../lib/canonical-url';
import { useMetaTags, useSiteName } from '../lib/meta-tags';
import { useTenant } from '../lib/use-tenant';

/**
 * On every navigation: scroll to the top, set the canonical link and apply the path's meta tag (spec 000
 * section 2). Every page's title ends with the tenant's name.
 */
export function NavigationEffects() {
  const { pathname } = useLocation();
  const { data: tenant } = useTenant();
  useSiteName(tenant?.name);
  useEffect(() => {
    window.scrollTo(0, 0);
    setCanonicalLink(canonicalUrl(window.location.origin, pathname));
  }, [pathname]);
  useMetaTags(pathname);
  return null;
}
