import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { canonicalUrl, setCanonicalLink } from '../lib/canonical-url';

/** On every navigation: scroll to the top and set the canonical link (spec 000 section 2). */
export function NavigationEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    setCanonicalLink(canonicalUrl(window.location.origin, pathname));
  }, [pathname]);
  return null;
}
