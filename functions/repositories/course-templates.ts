import * as z from 'zod';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import {
  type CourseTemplate,
  countOutline,
  courseTemplateSchema,
  type TemplateSection,
  templateSectionSchema,
} from '../../shared/schemas/course-template';
import { collectionRepository } from '../crud/repository';
import { newId } from '../lib/ids';
import { collections, keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { type TransactItem, writeTransaction } from '../table/transactions';

/** The template record as listed: its fields and how many sections its outline holds, never the outline. */
export type CourseTemplateRecord = Omit<CourseTemplate, 'sections'>;

const label = 'course template';

/** A template as stored: by shape (see courseRecordSchema), without its outline (an item of its own). */
const templateRecordSchema = courseTemplateSchema.omit({ sections: true }).extend({
  title: z.string(),
  description: z.string(),
  curriculum: z.string(),
  subject: z.string(),
  grade: z.string(),
  lessonDuration: z.number(),
});

const base = collectionRepository<CourseTemplateRecord>({
  collection: collections.courseTemplates,
  schema: templateRecordSchema,
  label,
  searchFields: ['title'],
  sortFields: ['title', 'curriculum', 'subject', 'grade', 'sectionCount', 'createdAt', 'updatedAt'],
});

/**
 * The outline lives in its own item beside the record, so a list (which may read the whole collection to
 * search or filter) never reads outlines, and a plain read is one small GetItem. Outlines written before
 * they named their template have no `templateId`: they are only ever read by that id, through the key.
 */
const outlines = defineEntity({
  name: 'courseTemplateOutline',
  schema: z.object({ templateId: z.string().optional(), outline: z.array(templateSectionSchema) }),
  keyAttributes: ['templateId'],
  key: (tenant, { templateId }) => {
    if (templateId === undefined) throw new Error('An outline is keyed by its template id');
    return keys.courseTemplateOutline(tenant, templateId);
  },
});

function outlinePut(tenant: string, templateId: string, outline: TemplateSection[]): TransactItem {
  return outlines.putWrite(tenant, { templateId, outline });
}

async function getOutline(tenant: string, templateId: string): Promise<TemplateSection[]> {
  return (await outlines.get(tenant, { templateId }))?.outline ?? [];
}

type Fields = Omit<CourseTemplateRecord, '_id' | 'sectionCount' | 'createdAt' | 'updatedAt'>;

/** The record, its outline and the collection counter in one transaction. */
async function createWithOutline(
  tenant: string,
  fields: Fields,
  outline: TemplateSection[],
  id: string = newId(),
): Promise<CourseTemplateRecord> {
  const now = new Date().toISOString();
  const record: CourseTemplateRecord = {
    ...fields,
    _id: id,
    sectionCount: countOutline(outline),
    createdAt: now,
    updatedAt: now,
  };
  await writeTransaction(
    [...base.insertItems(tenant, record), outlinePut(tenant, id, outline)],
    () => new ConflictError(`This ${label} already exists`),
  );
  return record;
}

/**
 * Changes the fields and, when given, replaces the outline: both in one transaction, conditional on the
 * version read (a second admin saving at the same time gets a 409, not a silent overwrite).
 */
async function updateWithOutline(
  tenant: string,
  id: string,
  changes: Partial<Fields>,
  outline?: TemplateSection[],
): Promise<CourseTemplateRecord> {
  if (!outline) return base.update(tenant, id, changes);
  const current = await base.get(tenant, id);
  if (!current) throw new NotFoundError('Course template not found');
  const next: CourseTemplateRecord = {
    ...current,
    ...changes,
    _id: id,
    sectionCount: countOutline(outline),
    updatedAt: new Date().toISOString(),
  };
  await writeTransaction(
    [...base.replaceItems(tenant, current, next), outlinePut(tenant, id, outline)],
    () => new ConflictError(`This ${label} was changed by someone else. Reload and try again.`),
  );
  return next;
}

/**
 * The record goes first (with its counter); the outline after it. Should the second write fail, what is
 * left is an outline no record points at, never a template that lost its outline.
 */
async function remove(tenant: string, id: string): Promise<void> {
  await base.remove(tenant, id);
  await outlines.remove(tenant, { templateId: id });
}

/** The generic collection (list, get, count...) plus the outline-aware writes; `remove` takes the outline too. */
export const courseTemplatesRepository = {
  ...base,
  getOutline,
  createWithOutline,
  updateWithOutline,
  remove,
};
