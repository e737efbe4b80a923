import { NotFound } from '../../components/not-found';

/** The catch-all content page: paths no other page claims (catalogue pages have their own routes). */
export default function ContentPage() {
  return <NotFound />;
}
