import type { z } from 'zod';
import type {
  cataloguePathSchema,
  homeCurriculumSchema,
  Subject,
  SubTopicSummary,
  Topic,
} from '../../../../shared/schemas/catalogue';
import { ApiError, apiKey, preloadApi, useApi } from '../../lib/api-client';

export type HomeCurriculum = z.infer<typeof homeCurriculumSchema>;
export type ResolvedCataloguePath = z.infer<typeof cataloguePathSchema>;
export type TopicWithSubTopics = Topic & { subTopics: SubTopicSummary[] };

const homeCurriculaKey = apiKey('curriculums.forHomePage');
const searchOptionsKey = apiKey('curriculums.searchOptions');
// A path that names nothing is the page's own not-found view, not an error to toast.
const cataloguePathKey = (path: string) =>
  apiKey('curriculums.resolvePath', { query: { path }, quietStatuses: [404] });
const topicsKey = (subject: Subject) =>
  apiKey('topics.getTopics', {
    body: { subjectCode: subject.subjectCode, subjectLevel: subject.subjectLevel },
  });

export function useHomeCurricula() {
  return useApi(homeCurriculaKey);
}

/** The home search's options; `wanted` false skips the read until a search starts. */
export function useSearchOptions(wanted = true) {
  return useApi(wanted ? searchOptionsKey : null);
}

/** The catalogue path of a router path: no trailing slash, `/` for the home page. */
export function cataloguePathOf(routerPath: string): string {
  return routerPath.replace(/\/+$/, '') || '/';
}

/** The catalogue records a page path names; `missing` when the path names nothing (a 404). */
export function useCataloguePath(path: string | undefined) {
  const result = useApi(path ? cataloguePathKey(path) : null, {
    shouldRetryOnError: false,
  });
  const missing = result.error instanceof ApiError && result.error.status === 404;
  // Only the fields the pages read: SWR re-renders a component for the fields it touched (spreading the
  // result would touch `isValidating` too, and re-render the page when a revalidation starts and ends).
  return { data: result.data, error: result.error, mutate: result.mutate, missing };
}

export function useSubjects(curriculum: string) {
  return useApi(['subjects.list', { query: { curriculum } }]);
}

export function useTopicsWithSubTopics(subject: Subject | undefined) {
  return useApi(subject ? topicsKey(subject) : null);
}

/** The home page's read (its curricula), requested before it renders. */
export function preloadHomeCatalogue(): void {
  void preloadApi(homeCurriculaKey);
}

/** A curriculum page's reads, requested before it renders. */
export function preloadCurriculumPage(routerPath: string): void {
  void preloadApi(cataloguePathKey(cataloguePathOf(routerPath)));
  void preloadApi(homeCurriculaKey);
}

/**
 * A subject page's reads, requested before it renders: what the path names, then, as soon as that is known,
 * the subject's topics (for the subject and topic pages, which list them) or the sub-topic view's code.
 */
export function preloadSubjectPage(routerPath: string): void {
  void preloadApi(cataloguePathKey(cataloguePathOf(routerPath))).then((resolved) => {
    if (resolved?.subTopic) void import('./sub-topic-view').catch(() => undefined);
    else if (resolved?.subject) void preloadApi(topicsKey(resolved.subject));
  });
}
