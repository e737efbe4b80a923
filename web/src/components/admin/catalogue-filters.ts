import type { Curriculum } from '../../../../shared/schemas/curriculum';
import type { AdminFilter } from './admin-list-page';

// Numeric parts compare as numbers, so Grade 6 comes before Grade 10.
const sortedUnique = (values: string[]) =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
const choices = (values: string[]) => values.map((value) => ({ value, label: value }));

/**
 * The curriculum, subject and grade filters of the course and course-template lists. Subject and grade offer
 * every curriculum's names (a filter does not depend on another filter's choice).
 */
export function catalogueFilters(curricula: Curriculum[] | undefined): AdminFilter[] {
  const all = curricula ?? [];
  return [
    { key: 'curriculum', label: 'Curriculum', options: choices(all.map((c) => c.name)) },
    {
      key: 'subject',
      label: 'Subject',
      options: choices(sortedUnique(all.flatMap((c) => c.subjects.map((s) => s.name)))),
    },
    { key: 'grade', label: 'Grade', options: choices(sortedUnique(all.flatMap((c) => c.grades))) },
  ];
}
