import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { CatalogueNotFound } from './catalogue-not-found';
import { contentPathOf } from './content-path';
import { CurriculumView } from './curriculum-page';
import { SubjectView } from './subject-page';
import { useCataloguePath } from './use-catalogue';

/**
 * The catch-all content page (spec 000 section 2: "/* catch-all content page", and "an extra content page is
 * also shown when the path has more than one segment").
 *
 * Decision: what this product publishes at a path is its catalogue (curricula, subjects, topics, sub-topics),
 * so the content page is the catalogue's own path resolution (`GET curriculums/resolve-path`, the call the
 * curriculum and subject pages make) at any depth, not a second store of pages. The `/:curriculum` and
 * `/:curriculum/:subject/*` routes already take the well-formed paths of one and more segments; this page
 * gets the addresses they cannot parse (empty segments, as in `//cambridge-igcse//mathematics/`). It resolves
 * the cleaned path: when that names a page whose address differs, the browser is sent there (one address per
 * page, so its canonical link and meta tags are its own); when it is this very address, the page is rendered
 * here; when it names nothing, the not-found page offers the search and the curricula, marked noindex.
 */
export default function ContentPage() {
  const { pathname } = useLocation();
  const path = contentPathOf(pathname);
  const named = path && path !== '/' ? path : undefined;
  const resolved = useCataloguePath(named);
  if (path === '/') return <Navigate to="/" replace />;
  if (!named || resolved.missing) return <CatalogueNotFound />;
  if (!resolved.data) return <FullScreenSpinner belowHeader />;
  if (named !== pathname) return <Navigate to={named} replace />;
  if (resolved.data.subject) return <SubjectView resolved={resolved.data} mutate={resolved.mutate} />;
  return <CurriculumView curriculum={resolved.data.curriculum} />;
}
