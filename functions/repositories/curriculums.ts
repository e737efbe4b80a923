import * as z from 'zod';
import { type Curriculum, curriculumSchema } from '../../shared/schemas/curriculum';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

export type CurriculumRecord = Curriculum & { createdAt: string; updatedAt: string };

/** A curriculum as stored: the record and its times of writing. */
export const curriculumRecordSchema = curriculumSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const curriculumsRepository = collectionRepository<CurriculumRecord>({
  collection: collections.curriculums,
  schema: curriculumRecordSchema,
  label: 'curriculum',
  searchFields: ['name'],
  sortFields: ['name', 'sortingOrder'],
});
