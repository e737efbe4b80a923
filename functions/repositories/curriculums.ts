import * as z from 'zod';
import { type Curriculum, curriculumSchema } from '../../shared/schemas/curriculum';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

export type CurriculumRecord = Curriculum & { createdAt: string; updatedAt: string };

export const curriculumsRepository = collectionRepository<CurriculumRecord>({
  collection: collections.curriculums,
  schema: curriculumSchema.extend({ createdAt: z.string(), updatedAt: z.string() }),
  label: 'curriculum',
  searchFields: ['name'],
  sortFields: ['name', 'sortingOrder'],
});
