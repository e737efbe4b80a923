import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { canonicalUrl, setCanonicalLink } from '../lib/canonical-url';
import { useMetaTags } from '../lib/meta-tags';

/**
 * On every navigation: scroll to the top, set the canonical link and apply the path's meta tag (spec 000
 * section 2).
 */
export function NavigationEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    setCanonicalLink(canonicalUrl(window.location.origin, pathname));
  }, [pathname]);
  useMetaTags(pathname);
  return null;
}
