import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import {
  type CourseTemplate,
  countOutline,
  type TemplateSection,
} from '../../shared/schemas/course-template';
import { collectionRepository } from '../crud/repository';
import { db, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { collections, keys } from '../table/access-patterns';
import { type TransactItem, writeTransaction } from '../table/transactions';

/** The template record as listed: its fields and how many sections its outline holds, never the outline. */
export type CourseTemplateRecord = Omit<CourseTemplate, 'sections'>;

const label = 'course template';

const base = collectionRepository<CourseTemplateRecord>({
  collection: collections.courseTemplates,
  label,
  searchFields: ['title'],
  sortFields: ['title', 'curriculum', 'subject', 'grade', 'sectionCount', 'createdAt', 'updatedAt'],
});

/**
 * The outline lives in its own item beside the record, so a list (which may read the whole collection to
 * search or filter) never reads outlines, and a plain read is one small GetItem.
 */
function outlinePut(tenant: string, templateId: string, outline: TemplateSection[]): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.courseTemplateOutline(tenant, templateId), entity: 'courseTemplateOutline', outline },
    },
  };
}

async function getOutline(tenant: string, templateId: string): Promise<TemplateSection[]> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.courseTemplateOutline(tenant, templateId) }),
  );
  return (Item?.outline as TemplateSection[] | undefined) ?? [];
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
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.courseTemplateOutline(tenant, id) }));
}

/** The generic collection (list, get, count...) plus the outline-aware writes; `remove` takes the outline too. */
export const courseTemplatesRepository = {
  ...base,
  getOutline,
  createWithOutline,
  updateWithOutline,
  remove,
};
