import type { Curriculum } from '../../shared/schemas/curriculum';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

export type CurriculumRecord = Curriculum & { createdAt: string; updatedAt: string };

export const curriculumsRepository = collectionRepository<CurriculumRecord>({
  collection: collections.curriculums,
  label: 'curriculum',
  searchFields: ['name'],
  sortFields: ['name', 'sortingOrder'],
});
