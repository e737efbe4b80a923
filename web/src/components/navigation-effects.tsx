import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { canonicalUrl, setCanonicalLink } from '../lib/canonical-url';
import { useMetaTags, useSiteName } from '../lib/meta-tags';
import { useRememberBrand, useTenantBrand } from '../lib/use-tenant';

/**
 * On every navigation: scroll to the top, set the canonical link and apply the path's meta tag (spec 000
 * section 2). Every page's title ends with the tenant's name, and every page shows the tenant's colours.
 */
export function NavigationEffects() {
  const { pathname } = useLocation();
  const { brand } = useTenantBrand();
  useSiteName(brand?.name);
  useRememberBrand();
  useEffect(() => {
    window.scrollTo(0, 0);
    setCanonicalLink(canonicalUrl(window.location.origin, pathname));
  }, [pathname]);
  useMetaTags(pathname);
  return null;
}
