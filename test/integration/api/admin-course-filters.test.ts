import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/schemas/paging';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type CourseDoc = { _id: string; title: string };
let admin: Session;

/** Three courses of this file (a unique word in each title keeps them apart from seeded ones). */
const stamp = Date.now().toString(36);
const ids: Record<'physics' | 'chemistry' | 'maths', string> = { physics: '', chemistry: '', maths: '' };

async function listIds(query: Record<string, string>): Promise<string[]> {
  const { status, body } = await local.api.call<Page<CourseDoc>>('courses.adminList', {
    ...admin,
    query: { limit: '100', ...query },
  });
  expect(status).toBe(200);
  return body.docs.map((course) => course._id);
}

/** The ids of this file's courses in a filtered list, in a fixed order. */
async function ours(query: Record<string, string>): Promise<string[]> {
  const listed = await listIds({ searchText: stamp, ...query });
  return Object.values(ids)
    .filter((id) => listed.includes(id))
    .sort();
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  const create = async (body: Record<string, string>) => {
    const created = await local.api.call<CourseDoc>('courses.adminCreate', { ...admin, body });
    expect(created.status).toBe(201);
    return created.body._id;
  };
  ids.physics = await create({
    title: `Physics HL ${stamp}`,
    curriculum: 'IB Diploma',
    subject: 'Physics',
    grade: 'Grade 12',
    status: 'ACTIVE',
  });
  ids.chemistry = await create({
    title: `Chemistry SL ${stamp}`,
    curriculum: 'IB Diploma',
    subject: 'Chemistry',
    grade: 'Grade 11',
    status: 'DRAFT',
  });
  ids.maths = await create({
    title: `Maths AA ${stamp}`,
    curriculum: 'IB Diploma',
    subject: 'Mathematics',
    grade: 'Grade 11',
    status: 'ACTIVE',
  });
  // Leo studies physics; Grace teaches chemistry.
  const enrolled = await local.api.call('courseStudents.create', {
    ...admin,
    body: { course: ids.physics, student: 'demo-student-3' },
  });
  expect(enrolled.status).toBe(201);
  const added = await local.api.call('courseTutors.create', {
    ...admin,
    body: { course: ids.chemistry, tutor: 'demo-tutor-2' },
  });
  expect(added.status).toBe(201);
});

describe('GET /admin/courses filters (spec 001 section 7)', () => {
  it('filters by subject', async () => {
    expect(await ours({ subject: 'Physics' })).toEqual([ids.physics]);
    expect(await ours({ subject: 'Chemistry' })).toEqual([ids.chemistry]);
    expect(await ours({ subject: 'Biology' })).toEqual([]);
  });

  it('filters by grade', async () => {
    expect(await ours({ grade: 'Grade 11' })).toEqual([ids.chemistry, ids.maths].sort());
    expect(await ours({ grade: 'Grade 12' })).toEqual([ids.physics]);
  });

  it('filters by status', async () => {
    expect(await ours({ status: 'DRAFT' })).toEqual([ids.chemistry]);
    expect(await ours({ status: 'ACTIVE' })).toEqual([ids.maths, ids.physics].sort());
  });

  it('filters by student: only the courses the student is in', async () => {
    expect(await ours({ studentId: 'demo-student-3' })).toEqual([ids.physics]);
    const sams = await listIds({ studentId: 'demo-student-1' });
    expect(sams).toContain('course-demo-igcse-maths');
    expect(sams).not.toContain(ids.physics);
  });

  it('filters by tutor', async () => {
    expect(await ours({ tutorId: 'demo-tutor-2' })).toEqual([ids.chemistry]);
    expect(await listIds({ tutorId: 'demo-tutor-1' })).toContain('course-demo-igcse-maths');
  });

  it('combines filters, with totalDocs counting the filtered courses', async () => {
    const { body } = await local.api.call<Page<CourseDoc>>('courses.adminList', {
      ...admin,
      query: { curriculum: 'IB Diploma', grade: 'Grade 11', status: 'DRAFT', searchText: stamp },
    });
    expect(body.docs.map((c) => c._id)).toEqual([ids.chemistry]);
    expect(body.totalDocs).toBe(1);
    expect(await ours({ curriculum: 'IB Diploma', subject: 'Physics', grade: 'Grade 11' })).toEqual([]);
  });

  it('refuses an unknown status with a 400', async () => {
    const { status } = await local.api.call('courses.adminList', { ...admin, query: { status: 'OPEN' } });
    expect(status).toBe(400);
  });
});
