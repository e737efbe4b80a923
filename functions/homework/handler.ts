import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { homeworkSubmissionRoutes } from '../../shared/routes/sections';
import type { HomeworkSubmission } from '../../shared/schemas/section';
import { courseRole } from '../access/records';
import { requireBackOffice } from '../lib/access';
import { type OperationOf, resourceHandler } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import { respond } from '../lib/request';
import {
  homeworkSubmissionsRepository,
  sectionSubmissions,
  submissionId,
} from '../repositories/homework-submissions';
import { requireSection } from '../repositories/sections';

type ListQuery = { section: string; student?: string; limit: number; offset: number };
type SubmissionChanges = Partial<
  Pick<HomeworkSubmission, 'text' | 'attachments' | 'feedback' | 'grade' | 'status'>
>;

async function requireHomework(tenant: string, sectionId: string) {
  const section = await requireSection(tenant, sectionId);
  if (section.kind !== 'HOMEWORK') throw new NotFoundError('Homework not found');
  return section;
}

function page(docs: HomeworkSubmission[], query: ListQuery) {
  return {
    limit: query.limit,
    offset: query.offset,
    totalDocs: docs.length,
    docs: docs.slice(query.offset, query.offset + query.limit),
  };
}

/**
 * Who may change a submission: its student edits the work while it is not reviewed; the course's tutors
 * (and admins) review it with feedback, a grade and the REVIEWED status.
 */
async function applyChanges(
  tenant: string,
  caller: Caller | 'admin',
  id: string,
  changes: SubmissionChanges,
) {
  const submission = await homeworkSubmissionsRepository.get(tenant, id);
  if (!submission) throw new NotFoundError('Submission not found');
  if (caller !== 'admin') {
    const role = await courseRole(tenant, caller, submission.course).catch(() => undefined);
    const isOwner = submission.student._id === caller.user._id;
    if (!role || (role === 'student' && !isOwner)) throw new NotFoundError('Submission not found');
    const reviewing =
      changes.feedback !== undefined || changes.grade !== undefined || changes.status !== undefined;
    const editing = changes.text !== undefined || changes.attachments !== undefined;
    if (role === 'student' && reviewing) throw new ForbiddenError('Only the tutor reviews homework');
    if (role === 'student' && submission.status === 'REVIEWED' && editing) {
      throw new ConflictError('This homework has been reviewed and can no longer be changed');
    }
    if (role !== 'student' && editing)
      throw new BadRequestError("A tutor reviews the work; the student's answer stays theirs");
  }
  return homeworkSubmissionsRepository.update(tenant, id, changes);
}

async function removeSubmission(tenant: string, caller: Caller | 'admin', id: string) {
  const submission = await homeworkSubmissionsRepository.get(tenant, id);
  if (!submission) throw new NotFoundError('Submission not found');
  if (caller !== 'admin') {
    if (submission.student._id !== caller.user._id) throw new NotFoundError('Submission not found');
    if (submission.status === 'REVIEWED')
      throw new ConflictError('A reviewed submission cannot be withdrawn');
  }
  await homeworkSubmissionsRepository.remove(tenant, id);
  return { _id: id };
}

/**
 * The admin calls see and change every student's work. Student and tutor roles hold homework view, edit
 * (and tutors delete) for their own courses' homework, so the permission alone is not enough here: the
 * caller's role must be a back-office one.
 */
const adminCalls = 'Only the back-office can use the admin homework calls';

const adminList: OperationOf<'homework.adminList'> = async ({ tenant, caller, query }) => {
  requireBackOffice(caller, adminCalls);
  await requireHomework(tenant.key, query.section);
  return page(await sectionSubmissions(tenant.key, query.section, query.student), query);
};

export const handler = resourceHandler('homework', homeworkSubmissionRoutes, {
  'homework.list': async ({ tenant, caller, query }) => {
    const section = await requireHomework(tenant.key, query.section);
    const role = await courseRole(tenant.key, caller, section.course);
    // A student sees only their own submission.
    const student = role === 'student' ? caller.user._id : query.student;
    return page(await sectionSubmissions(tenant.key, section._id, student), query);
  },
  'homework.submit': async ({ tenant, caller, body }) => {
    const section = await requireHomework(tenant.key, body.section);
    const role = await courseRole(tenant.key, caller, section.course);
    if (role !== 'student') throw new ForbiddenError('Homework is handed in by the course’s students');
    if (!body.text && body.attachments.length === 0)
      throw new BadRequestError('Write an answer or attach a file');
    const now = new Date().toISOString();
    const submission: HomeworkSubmission = {
      _id: submissionId(section._id, caller.user._id),
      section: section._id,
      course: section.course,
      student: { _id: caller.user._id, firstname: caller.user.firstname, lastname: caller.user.lastname },
      text: body.text,
      attachments: body.attachments,
      status: 'SUBMITTED',
      feedback: null,
      grade: null,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await homeworkSubmissionsRepository.ensure(tenant.key, submission))) {
      throw new ConflictError('You have already handed in this homework. Edit your submission instead.');
    }
    return respond(201, submission);
  },
  'homework.update': async ({ tenant, caller, params, body }) =>
    applyChanges(tenant.key, caller, params.id, body),
  'homework.delete': async ({ tenant, caller, params }) => removeSubmission(tenant.key, caller, params.id),
  'homework.adminList': adminList,
  'homework.adminUpdate': async ({ tenant, caller, params, body }) => {
    requireBackOffice(caller, adminCalls);
    return applyChanges(tenant.key, 'admin', params.id, body);
  },
  'homework.adminDelete': async ({ tenant, caller, params }) => {
    requireBackOffice(caller, adminCalls);
    return removeSubmission(tenant.key, 'admin', params.id);
  },
});
