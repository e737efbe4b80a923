import type { z } from 'zod';
import type {
  cataloguePathSchema,
  homeCurriculumSchema,
  SearchOption,
  Subject,
  SubTopicSummary,
  Topic,
} from '../../../../shared/schemas/catalogue';
import { ApiError, useApi } from '../../lib/api-client';

export type HomeCurriculum = z.infer<typeof homeCurriculumSchema>;
export type ResolvedCataloguePath = z.infer<typeof cataloguePathSchema>;
export type TopicWithSubTopics = Topic & { subTopics: SubTopicSummary[] };

export function useHomeCurricula() {
  return useApi<{ docs: HomeCurriculum[] }>(['curriculums.forHomePage']);
}

export function useSearchOptions() {
  return useApi<{ docs: SearchOption[] }>(['curriculums.searchOptions']);
}

/** The catalogue records a page path names; `missing` when the path names nothing (a 404). */
export function useCataloguePath(path: string) {
  const result = useApi<ResolvedCataloguePath>(['curriculums.resolvePath', { query: { path } }], {
    shouldRetryOnError: false,
  });
  const missing = result.error instanceof ApiError && result.error.status === 404;
  return { ...result, missing };
}

export function useSubjects(curriculum: string) {
  return useApi<{ docs: Subject[] }>(['subjects.list', { query: { curriculum } }]);
}

export function useTopicsWithSubTopics(subject: Subject | undefined) {
  return useApi<{ docs: TopicWithSubTopics[] }>(
    subject
      ? [
          'topics.getTopics',
          { body: { subjectCode: subject.subjectCode, subjectLevel: subject.subjectLevel } },
        ]
      : null,
  );
}
