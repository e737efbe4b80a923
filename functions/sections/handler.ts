import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import type { CourseTutorFeature } from '../../shared/permissions/check';
import { sectionRoutes } from '../../shared/routes/sections';
import type { SectionInput, SectionUpdate } from '../../shared/schemas/section';
import type { Tenant } from '../../shared/schemas/tenant';
import { courseRole, requireCourseEditor } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import { type Caller, respond } from '../lib/request';
import { requireSection } from '../repositories/sections';
import { createSection, deleteSection, sectionTree, updateSection } from './service';

/** What the section, resource and homework routes' operations read of their requests. */
interface ById {
  tenant: Tenant;
  caller: Caller;
  params: { id: string };
}
type CreateRequest = Omit<ById, 'params'> & {
  body: Omit<SectionInput, 'kind'> & Partial<Pick<SectionInput, 'kind'>>;
};

/**
 * Creation with the kind fixed by the route (resources, homework) or taken from the body (sections). A
 * course tutor's creation needs `tutorFeatures` in their tutor role on the course; none for the back-office.
 */
const create =
  (kind: SectionInput['kind'] | undefined, tutorFeatures?: CourseTutorFeature[]) =>
  async ({ tenant, caller, body }: CreateRequest) => {
    const sectionKind = kind ?? body.kind;
    if (!sectionKind) throw new BadRequestError('kind: Choose the kind of section');
    const input = { ...body, kind: sectionKind };
    if (tutorFeatures) await requireCourseEditor(tenant.key, caller, input.course, tutorFeatures);
    return respond(201, await createSection(tenant.key, input));
  };

/** An update of a section of the given kind (a resource route cannot rename a lesson). */
const update =
  (kind: SectionInput['kind'] | undefined, tutorFeatures?: CourseTutorFeature[]) =>
  async ({ tenant, caller, params, body }: ById & { body: SectionUpdate }) => {
    const section = await requireSection(tenant.key, params.id);
    if (kind && section.kind !== kind) throw new NotFoundError('Section not found');
    if (tutorFeatures) await requireCourseEditor(tenant.key, caller, section.course, tutorFeatures);
    return updateSection(tenant.key, section._id, body);
  };

const remove =
  (kind: SectionInput['kind'] | undefined) =>
  async ({ tenant, params }: ById) => {
    const section = await requireSection(tenant.key, params.id);
    if (kind && section.kind !== kind) throw new NotFoundError('Section not found');
    await deleteSection(tenant.key, section._id);
    return { _id: section._id };
  };

export const handler = resourceHandler('sections', sectionRoutes, {
  'sections.adminList': async ({ tenant, query }) => ({
    docs: await sectionTree(tenant.key, query.course, 'all'),
  }),
  'sections.adminCreate': create(undefined),
  'sections.adminGet': async ({ tenant, params }) => requireSection(tenant.key, params.id),
  'sections.adminUpdate': update(undefined),
  'sections.adminDelete': remove(undefined),
  'sections.get': async ({ tenant, caller, params }) => {
    const section = await requireSection(tenant.key, params.id);
    const role = await courseRole(tenant.key, caller, section.course).catch(() => undefined);
    if (!role || (role === 'student' && section.audience !== 'STUDENT'))
      throw new NotFoundError('Section not found');
    return section;
  },
  'sections.create': create(undefined, ['sectionCreate']),
  'sections.update': update(undefined, ['sectionEdit']),
  'resources.adminCreate': create('RESOURCE'),
  'resources.adminUpdate': update('RESOURCE'),
  'resources.adminDelete': remove('RESOURCE'),
  'resources.create': create('RESOURCE', ['resourceCreate']),
  // Homework is a section of the course: set and changed as sections are.
  'homeworks.create': create('HOMEWORK', ['sectionCreate']),
  'homeworks.update': update('HOMEWORK', ['sectionEdit']),
});
