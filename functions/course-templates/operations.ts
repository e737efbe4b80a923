import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import type { Course } from '../../shared/schemas/course';
import {
  type CourseTemplate,
  type CourseTemplateFields,
  type CourseTemplateInput,
  courseTemplateInputSchema,
  normalizeOutline,
  outlineFromCourse,
  sectionsFromOutline,
} from '../../shared/schemas/course-template';
import { buildSectionTree } from '../../shared/schemas/section';
import { callerHolds } from '../lib/access';
import { tableName } from '../lib/db';
import { newId } from '../lib/ids';
import type { Caller } from '../lib/request';
import { type CourseTemplateRecord, courseTemplatesRepository } from '../repositories/course-templates';
import { coursesRepository } from '../repositories/courses';
import { courseSections, sectionItem } from '../repositories/sections';
import { writeTransaction } from '../table/transactions';

/** The validated bodies (the route schemas in shared/routes/course-templates.ts). */
type CreateBody = Partial<CourseTemplateInput> & { courseId?: string };
type UpdateBody = Partial<CourseTemplateInput>;
type CourseOverrides = Partial<CourseTemplateFields>;

async function requireTemplate(tenant: string, id: string): Promise<CourseTemplateRecord> {
  const template = await courseTemplatesRepository.get(tenant, id);
  if (!template) throw new NotFoundError('Course template not found');
  return template;
}

/** The same 400 the request pipeline gives, for input assembled here (a course's fields and outline). */
function parseTemplateInput(value: unknown): CourseTemplateInput {
  const result = courseTemplateInputSchema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || undefined,
    message: issue.message,
  }));
  const message = errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
  throw new BadRequestError(message, { errors });
}

export async function readTemplate(
  tenant: string,
  id: string,
  withSections: boolean,
): Promise<CourseTemplate> {
  const [template, outline] = await Promise.all([
    requireTemplate(tenant, id),
    withSections ? courseTemplatesRepository.getOutline(tenant, id) : Promise.resolve(undefined),
  ]);
  return outline ? { ...template, sections: outline } : template;
}

/**
 * A new template, or (with `courseId`) the course saved as one: its fields and its non-lesson section tree,
 * with whatever the body sends taking precedence. The result is checked like any other template, so a
 * course too large for a template is a 400 that says why.
 */
export async function createTemplate(tenant: string, body: CreateBody): Promise<CourseTemplateRecord> {
  const { courseId, ...given } = body;
  let input: CourseTemplateInput;
  if (courseId) {
    const course = await coursesRepository.get(tenant, courseId);
    if (!course) throw new NotFoundError('Course not found');
    const tree = buildSectionTree(await courseSections(tenant, courseId));
    input = parseTemplateInput({
      title: course.title,
      description: course.description,
      curriculum: course.curriculum,
      subject: course.subject,
      grade: course.grade,
      type: course.type,
      paymentType: course.paymentType,
      lessonDuration: course.lessonDuration,
      sections: outlineFromCourse(tree),
      ...given,
    });
  } else {
    input = parseTemplateInput(given);
  }
  const { sections, ...fields } = input;
  return courseTemplatesRepository.createWithOutline(
    tenant,
    { ...fields, ...(courseId ? { courseId } : {}) },
    normalizeOutline(sections),
  );
}

/** Partial update; `sections`, when sent, replaces the whole outline. */
export async function updateTemplate(
  tenant: string,
  id: string,
  body: UpdateBody,
): Promise<CourseTemplateRecord> {
  const { sections, ...changes } = body;
  return courseTemplatesRepository.updateWithOutline(
    tenant,
    id,
    changes,
    sections ? normalizeOutline(sections) : undefined,
  );
}

/**
 * A DRAFT course with the template's fields (any of them overridden by the body) and the outline copied as
 * real sections, all written in one transaction: the course never exists half-built.
 */
export async function createCourseFromTemplate(
  tenant: string,
  caller: Caller,
  templateId: string,
  overrides: CourseOverrides,
): Promise<Course> {
  // The route needs adminCourses.create; copying a template also means being allowed to read it.
  if (!callerHolds(caller, ['courseTemplates'], ['view'])) throw new ForbiddenError();
  const [template, outline] = await Promise.all([
    requireTemplate(tenant, templateId),
    courseTemplatesRepository.getOutline(tenant, templateId),
  ]);
  const now = new Date().toISOString();
  const course: Course = {
    title: template.title,
    description: template.description,
    curriculum: template.curriculum,
    subject: template.subject,
    grade: template.grade,
    type: template.type,
    paymentType: template.paymentType,
    lessonDuration: template.lessonDuration,
    ...overrides,
    status: 'DRAFT',
    isTrial: false,
    _id: newId(),
    createdAt: now,
    updatedAt: now,
  };
  const sections = sectionsFromOutline(outline, course._id, () => newId(), now);
  // The sections first, then the course with its counters and list entries: together they can pass the
  // 100 writes of one transaction (an outline holds up to 98 sections). Until the course is written its
  // sections are reached by nothing; should its write fail, they stay unreachable, never a course that
  // lacks part of its outline.
  if (sections.length > 0) {
    await writeTransaction(
      sections.map((section) => ({
        Put: {
          TableName: tableName(),
          Item: sectionItem(tenant, section),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
      () => new ConflictError('This course already exists'),
    );
  }
  await writeTransaction(
    coursesRepository.insertItems(tenant, course),
    () => new ConflictError('This course already exists'),
  );
  return course;
}
