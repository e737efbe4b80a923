import { BadRequestError, ConflictError } from '../../shared/http/errors';
import { checkResourceLink } from '../../shared/rules/resource-link';
import {
  buildSectionTree,
  isLessonKind,
  isWithinSection,
  type SectionInput,
  type SectionUpdate,
} from '../../shared/schemas/section';
import { config } from '../lib/config';
import { newId } from '../lib/ids';
import { type LessonRecord, lessonDeleteWrites } from '../repositories/lessons';
import {
  courseSections,
  deleteSectionItem,
  insertSection,
  requireSection,
  type SectionRecord,
  saveSection,
} from '../repositories/sections';
import { writeTransaction } from '../table/transactions';

export async function sectionTree(tenant: string, courseId: string, audience: 'all' | 'STUDENT') {
  const sections = await courseSections(tenant, courseId);
  return buildSectionTree(sections.filter((s) => audience === 'all' || s.audience === 'STUDENT'));
}

/**
 * Where this deployment serves uploaded files, as functions/lib/file-storage.ts builds their URLs: the
 * local blob store's base, or S3's public base. In the cloud only the uploads function is given
 * UPLOADS_PUBLIC_URL (infra/cloud/uploads.ts grantUploads sets it to `${WEB_ORIGIN}/uploads`), so the
 * sections function falls back to that same address.
 */
function fileBaseUrls(): string[] {
  const settings = config();
  const adapterBase =
    settings.FILE_STORAGE_ADAPTER === 's3' ? settings.UPLOADS_PUBLIC_URL : settings.BLOB_BASE_URL;
  return [adapterBase ?? settings.UPLOADS_PUBLIC_URL ?? `${settings.WEB_ORIGIN.replace(/\/$/, '')}/uploads`];
}

type Resource = NonNullable<SectionInput['resource']>;

/**
 * A resource's link checked on the server (spec 001 section 5 URL rule, or this tenant's own upload) and
 * its file name cleaned: see shared/rules/resource-link.ts. A 400 names the field.
 */
function checkedResource(tenant: string, resource: Resource): Resource {
  const checked = checkResourceLink(resource, { tenant, fileBaseUrls: fileBaseUrls() });
  if (!checked.ok) {
    throw new BadRequestError(`resource.url: ${checked.message}`, {
      errors: [{ field: 'resource.url', message: checked.message }],
    });
  }
  const { fileName: _sent, ...rest } = resource;
  return { ...rest, url: checked.url, ...(checked.fileName ? { fileName: checked.fileName } : {}) };
}

/** Children go after their last sibling unless a sortingKey is given; the parent must be a SECTION of the course. */
export async function createSection(tenant: string, input: SectionInput): Promise<SectionRecord> {
  const siblings = (await courseSections(tenant, input.course)).filter((s) => s.parent === input.parent);
  if (input.parent) {
    const parent = await requireSection(tenant, input.parent);
    if (parent.course !== input.course || parent.kind !== 'SECTION') {
      throw new BadRequestError('A section can only be placed inside a SECTION of the same course');
    }
  }
  if (input.kind === 'RESOURCE' && !input.resource)
    throw new BadRequestError('resource: A file or link is required');
  const now = new Date().toISOString();
  const section: SectionRecord = {
    ...input,
    ...(input.resource ? { resource: checkedResource(tenant, input.resource) } : {}),
    _id: newId(),
    sortingKey: input.sortingKey ?? Math.max(0, ...siblings.map((s) => s.sortingKey)) + 1,
    ...(input.kind === 'HOMEWORK' ? { homework: input.homework ?? { instructions: '', dueAt: null } } : {}),
    createdAt: now,
    updatedAt: now,
  };
  await insertSection(tenant, section);
  return section;
}

export async function updateSection(
  tenant: string,
  sectionId: string,
  changes: SectionUpdate,
): Promise<SectionRecord> {
  const section = await requireSection(tenant, sectionId);
  if (isLessonKind(section.kind) && (changes.status !== undefined || changes.parent !== undefined)) {
    // A lesson's status and time move through cancel and reschedule, which keep calendars in step.
    if (changes.status !== undefined)
      throw new BadRequestError('Cancel or reschedule a lesson with its own calls');
  }
  if (changes.parent) {
    const parent = await requireSection(tenant, changes.parent);
    if (parent.course !== section.course || parent.kind !== 'SECTION') {
      throw new BadRequestError('A section can only be placed inside a SECTION of the same course');
    }
    if (isWithinSection(await courseSections(tenant, section.course), parent._id, section._id)) {
      // Inside itself or its own descendant the section would form a loop, out of the course's tree.
      throw new BadRequestError('A section cannot be moved into itself or into one of its own sections');
    }
  }
  const resource =
    changes.resource && !sameResource(changes.resource, section.resource)
      ? checkedResource(tenant, changes.resource)
      : changes.resource;
  const next = {
    ...section,
    ...changes,
    ...(resource ? { resource } : {}),
    updatedAt: new Date().toISOString(),
  } as SectionRecord;
  await saveSection(tenant, next, section.updatedAt);
  return next;
}

/**
 * A save that sends the stored resource back unchanged (a client sending the whole record) is not checked
 * again: a link stored before the server checked links must not block a change of title.
 */
function sameResource(sent: Resource, stored: SectionRecord['resource']): boolean {
  return (
    !!stored &&
    sent.url === stored.url &&
    sent.fileName === stored.fileName &&
    sent.contentType === stored.contentType &&
    sent.size === stored.size
  );
}

/**
 * Deletes a section with everything under it. Upcoming lessons inside are refused (cancel them first, so
 * their people are told and their time is freed); past and cancelled lessons go with their time claims.
 */
export async function deleteSection(tenant: string, sectionId: string): Promise<void> {
  const section = await requireSection(tenant, sectionId);
  const all = await courseSections(tenant, section.course);
  const subtree: SectionRecord[] = [];
  const collect = (node: SectionRecord) => {
    subtree.push(node);
    for (const child of all.filter((s) => s.parent === node._id)) collect(child);
  };
  collect(section);
  const now = Date.now();
  const upcoming = subtree.filter(
    (s) => isLessonKind(s.kind) && s.status === 'ACTIVE' && s.end && Date.parse(s.end) > now,
  );
  if (upcoming.length > 0) {
    throw new ConflictError(
      `This section holds ${upcoming.length} upcoming lesson${upcoming.length === 1 ? '' : 's'}. Cancel them first.`,
    );
  }
  for (const node of subtree.reverse()) {
    if (isLessonKind(node.kind) && node.start && node.tutorId) {
      await writeTransaction(
        lessonDeleteWrites(tenant, node as LessonRecord),
        () => new ConflictError('A lesson changed meanwhile. Please try again.'),
      );
    } else {
      await deleteSectionItem(tenant, node._id);
    }
  }
}
