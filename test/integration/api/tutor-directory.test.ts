import { beforeAll, describe, expect, it } from 'vitest';
import { putAvailability } from '../../../functions/repositories/availability';
import { tutorRatingWrites } from '../../../functions/repositories/lesson-feedback';
import { addProfileEntry } from '../../../functions/repositories/profiles';
import { countListedTutors } from '../../../functions/repositories/tutor-directory';
import {
  createUser,
  getUser,
  setUserType,
  updateDirectoryFields,
} from '../../../functions/repositories/users';
import { writeTransaction } from '../../../functions/table/transactions';
import { ConflictError } from '../../../shared/http/errors';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/**
 * The public tutor directory (spec 002 "Courses and tutors": tutors by id and the list) and the admin's
 * tutor sorting (specs 000/001 tutorSorting): filters, paging and exact totals, the admin's order, hidden
 * tutors, no private field in a public answer, tenants apart.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let student: Session;

const COUNTRY = 'NZ';
const run = Math.random().toString(36).slice(2, 8);
const ids = { zed: `dir-zed-${run}`, amy: `dir-amy-${run}`, bob: `dir-bob-${run}`, cat: `dir-cat-${run}` };

async function newTutor(id: string, firstname: string, lastname: string, subjects: Json[]) {
  await createUser('demo', {
    _id: id,
    firstname,
    lastname,
    email: `${id}@demo.test`,
    type: 'tutor',
    roleId: systemRoleIds.Tutor,
    passwordHash: 'x',
    country: COUNTRY,
  });
  await putAvailability('demo', id, {
    timezone: 'Pacific/Auckland',
    status: 'available',
    weeklyHours: [
      { weekday: 1, from: '09:00', to: '12:00' },
      { weekday: 3, from: '13:00', to: '17:30' },
    ],
    exceptions: [],
    windows: [],
    subjects: subjects.map((s) => ({ curriculum: s[0], subject: s[1], grade: s[2] })),
  });
}

const list = (query: Json, tenant?: string) =>
  local.api.call<Json>('tutors.list', { query: { country: COUNTRY, limit: 50, ...query }, tenant });
const refused = () => new ConflictError('Not counted');
const names = (body: Json) => body.docs.map((t: Json) => t._id);

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  student = await local.api.signIn(demo.student.email, demo.student.password);
  await newTutor(ids.zed, 'Zed', 'Adams', [
    ['Cambridge IGCSE', 'Mathematics', 'Grade 10'],
    ['IB Diploma', 'Physics', 'Grade 11'],
  ]);
  await newTutor(ids.amy, 'Amy', 'Brown', [['Cambridge IGCSE', 'Mathematics', 'Grade 9']]);
  await newTutor(ids.bob, 'Bob', 'Clark', [['Cambridge IGCSE', 'Physics', 'Grade 10']]);
  await newTutor(ids.cat, 'Cat', 'Dunn', []);
  await writeTransaction(tutorRatingWrites('demo', ids.amy, { ratingDelta: 9, countDelta: 1 }), refused);
  await writeTransaction(tutorRatingWrites('demo', ids.amy, { ratingDelta: -5, countDelta: 1 }), refused);
});

describe('the tutor directory (GET /tutors, GET /tutors/{id})', () => {
  it('lists a country’s tutors to a visitor, by name, with subjects, availability and rating, nothing private', async () => {
    const page = await list({});
    expect(page.status).toBe(200);
    expect(page.body.totalDocs).toBe(4);
    expect(names(page.body)).toEqual([ids.amy, ids.bob, ids.cat, ids.zed]);
    const amy = page.body.docs[0];
    expect(amy).toEqual({
      _id: ids.amy,
      firstname: 'Amy',
      lastname: 'Brown',
      country: COUNTRY,
      subjects: [{ curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 9' }],
      availability: { timezone: 'Pacific/Auckland', weekdays: [1, 3], weeklyHours: 7.5, unavailable: false },
      rating: { average: 2, count: 2 },
      headline: null,
      strengths: [],
      languages: [],
    });
    const text = JSON.stringify(page.body);
    expect(text).not.toContain('@');
    expect(text).not.toMatch(/email|phone|passwordHash|roleId/);
    const one = await local.api.call<Json>('tutors.get', { params: { id: ids.zed } });
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toMatch(/@|email|phone|passwordHash/);
  });

  it('filters by curriculum, subject and grade (all three, or any of them), with exact totals and pages', async () => {
    const full = await list({ curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' });
    expect(names(full.body)).toEqual([ids.zed]);
    expect(full.body.totalDocs).toBe(1);
    const subject = await list({ subject: 'Physics' });
    expect(names(subject.body)).toEqual([ids.bob, ids.zed]);
    const curriculum = await list({ curriculum: 'cambridge igcse' });
    expect(curriculum.body.totalDocs).toBe(3);
    const first = await list({ curriculum: 'Cambridge IGCSE', limit: 2, offset: 0 });
    const second = await list({ curriculum: 'Cambridge IGCSE', limit: 2, offset: 2 });
    expect(first.body.totalDocs).toBe(3);
    expect([...names(first.body), ...names(second.body)]).toEqual([ids.amy, ids.bob, ids.zed]);
    // The card shows what the tutor teaches in the chosen curriculum and grade.
    const grade = await list({ curriculum: 'Cambridge IGCSE', grade: 'Grade 10' });
    const zed = grade.body.docs.find((t: Json) => t._id === ids.zed);
    expect(zed.subjects).toEqual([
      { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' },
    ]);
    const none = await list({ curriculum: 'No such curriculum' });
    expect(none.body).toMatchObject({ totalDocs: 0, docs: [] });
  });

  it('narrows a tutor’s subjects by curriculum and grade, and finds no tutor under another country', async () => {
    const narrowed = await local.api.call<Json>('tutors.get', {
      params: { id: ids.zed },
      query: { country: COUNTRY, curriculum: 'IB Diploma', grade: 'Grade 11' },
    });
    expect(narrowed.body.subjects).toEqual([
      { curriculum: 'IB Diploma', subject: 'Physics', grade: 'Grade 11' },
    ]);
    const elsewhere = await local.api.call('tutors.get', {
      params: { id: ids.zed },
      query: { country: 'GB' },
    });
    expect(elsewhere.status).toBe(404);
    const studentAsTutor = await local.api.call('tutors.get', { params: { id: 'demo-student-1' } });
    expect(studentAsTutor.status).toBe(404);
  });

  it('refuses a list without a country, or with one not on the list', async () => {
    expect((await local.api.call('tutors.list', { query: {} })).status).toBe(400);
    expect((await local.api.call('tutors.list', { query: { country: 'XX' } })).status).toBe(400);
  });

  it('keeps each tenant’s directory to itself', async () => {
    const northwind = await list({}, 'northwind');
    expect(northwind.body.totalDocs).toBe(0);
    const foreign = await local.api.call('tutors.get', { params: { id: ids.zed }, tenant: 'northwind' });
    expect(foreign.status).toBe(404);
  });
});

describe('tutor sorting (GET and PUT /admin/tutor-sorting)', () => {
  it('orders the directory: the sorted tutors first, in that order, then the rest by name', async () => {
    const saved = await local.api.call<Json>('tutorSorting.update', {
      ...admin,
      body: { tutorIds: [ids.zed, 'demo-tutor-1', ids.bob] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Tutor sorting updated successfully!');
    expect(names((await list({})).body)).toEqual([ids.zed, ids.bob, ids.amy, ids.cat]);
    expect(names((await list({ subject: 'Physics' })).body)).toEqual([ids.zed, ids.bob]);
    const paged = await list({ limit: 1, offset: 1 });
    expect(names(paged.body)).toEqual([ids.bob]);
    const screen = await local.api.call<Json>('tutorSorting.get', admin);
    expect(screen.body.tutorIds).toEqual([ids.zed, 'demo-tutor-1', ids.bob]);
    expect(screen.body.tutors.slice(0, 3).map((t: Json) => t._id)).toEqual([
      ids.zed,
      'demo-tutor-1',
      ids.bob,
    ]);
    expect(JSON.stringify(screen.body)).not.toContain('@');
  });

  it('keeps the last whole save of concurrent saves, never a mix', async () => {
    const orders = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? [ids.amy, ids.bob, ids.cat, ids.zed] : [ids.zed, ids.cat, ids.bob, ids.amy],
    );
    const results = await Promise.all(
      orders.map((tutorIds) => local.api.call('tutorSorting.update', { ...admin, body: { tutorIds } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const screen = await local.api.call<Json>('tutorSorting.get', admin);
    expect(orders.map((o) => JSON.stringify(o))).toContain(JSON.stringify(screen.body.tutorIds));
  });

  it('refuses a tutor named twice, and callers without the setting', async () => {
    const twice = await local.api.call('tutorSorting.update', {
      ...admin,
      body: { tutorIds: [ids.amy, ids.amy] },
    });
    expect(twice.status).toBe(400);
    const denied = await local.api.call('tutorSorting.update', { ...student, body: { tutorIds: [] } });
    expect(denied.status).toBe(403);
  });
});

describe('hidden tutors and moves (tutorsHide; the user writes keep the directory right)', () => {
  it('takes a hidden tutor out of the list, its total and its page, and lists them again when shown', async () => {
    const hide = await local.api.call<Json>('tutors.setHidden', {
      ...admin,
      params: { id: ids.cat },
      body: { hidden: true },
    });
    expect(hide.body).toEqual({ _id: ids.cat, hidden: true });
    const page = await list({});
    expect(page.body.totalDocs).toBe(3);
    expect(names(page.body)).not.toContain(ids.cat);
    expect((await local.api.call('tutors.get', { params: { id: ids.cat } })).status).toBe(404);
    const screen = await local.api.call<Json>('tutorSorting.get', admin);
    expect(screen.body.tutors.find((t: Json) => t._id === ids.cat).hidden).toBe(true);
    // Hiding twice moves nothing.
    await local.api.call('tutors.setHidden', { ...admin, params: { id: ids.cat }, body: { hidden: true } });
    expect(await countListedTutors('demo', COUNTRY)).toBe(3);
    await local.api.call('tutors.setHidden', { ...admin, params: { id: ids.cat }, body: { hidden: false } });
    expect((await list({})).body.totalDocs).toBe(4);
    const notATutor = await local.api.call('tutors.setHidden', {
      ...admin,
      params: { id: 'demo-student-1' },
      body: { hidden: true },
    });
    expect(notATutor.status).toBe(404);
  });

  it('moves a tutor with their country and out with their type, counts following', async () => {
    const amy = await getUser('demo', ids.amy);
    await updateDirectoryFields('demo', amy!, { country: 'AU' });
    expect(names((await list({})).body)).not.toContain(ids.amy);
    expect(await countListedTutors('demo', COUNTRY)).toBe(3);
    expect(names((await list({ country: 'AU' })).body)).toContain(ids.amy);
    await setUserType('demo', ids.amy, 'student');
    expect(names((await list({ country: 'AU' })).body)).not.toContain(ids.amy);
    const au = await list({ country: 'AU' });
    expect(au.body.totalDocs).toBe(au.body.docs.length);
  });
});

describe("the people helper's writes keep the directory right, and the profile shows in it", () => {
  it('lists a tutor given a country by the admin, with headline, strengths and languages; the page adds the rest', async () => {
    const id = `dir-ida-${run}`;
    await createUser('demo', {
      _id: id,
      firstname: 'Ida',
      lastname: 'Irwin',
      email: `${id}@demo.test`,
      type: 'tutor',
      roleId: systemRoleIds.Tutor,
      passwordHash: 'x',
    });
    expect((await list({ country: 'IE' })).body.totalDocs).toBe(0);
    const updated = await local.api.call('adminUsers.update', {
      ...admin,
      params: { id },
      body: {
        country: 'IE',
        phone: '+353 1 555 0100',
        tutorDetails: {
          tutorTypes: ['Full-time Tutor'],
          strengths: ['Patient'],
          levels: [],
          headline: 'Maths made calm',
          bio: 'Ten years of IGCSE.',
        },
      },
    });
    expect(updated.status).toBe(200);
    const now = new Date().toISOString();
    const entry = { userId: id, createdAt: now, updatedAt: now };
    await addProfileEntry('demo', {
      ...entry,
      _id: 'l1',
      kind: 'languages',
      language: 'Irish',
      proficiency: 'Native',
    });
    await addProfileEntry('demo', {
      ...entry,
      _id: 'q1',
      kind: 'qualifications',
      title: 'BSc Mathematics',
      institution: 'Trinity College Dublin',
      year: 2010,
    });
    const page = await list({ country: 'IE' });
    expect(page.body.totalDocs).toBe(1);
    expect(page.body.docs[0]).toMatchObject({
      _id: id,
      headline: 'Maths made calm',
      strengths: ['Patient'],
      languages: [{ language: 'Irish', proficiency: 'Native' }],
    });
    expect(page.body.docs[0].qualifications).toBeUndefined();
    const profile = await local.api.call<Json>('tutors.get', { params: { id } });
    expect(profile.body).toMatchObject({
      bio: 'Ten years of IGCSE.',
      qualifications: [{ title: 'BSc Mathematics', institution: 'Trinity College Dublin', year: 2010 }],
      experiences: [],
    });
    const text = JSON.stringify([page.body, profile.body]);
    expect(text).not.toMatch(/@|353|phone|email|tutorTypes|Full-time/);

    // A new name moves the entry; a country taken away takes the tutor out.
    await local.api.call('adminUsers.update', { ...admin, params: { id }, body: { firstname: 'Ada' } });
    expect((await list({ country: 'IE' })).body.docs[0].firstname).toBe('Ada');
    expect(await countListedTutors('demo', 'IE')).toBe(1);
  });
});
