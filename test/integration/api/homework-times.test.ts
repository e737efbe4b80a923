import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let tutor: Session;
let sam: Session;
const COURSE = 'course-demo-igcse-maths';

beforeAll(async () => {
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
});

/** Resolves once the clock has moved on, so two saves never share a millisecond. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a homework submission keeps its hand-in time and its review time apart', () => {
  it('answers submittedAt and reviewedAt; the review keeps submittedAt, a changed answer moves it', async () => {
    // Prepare
    const homework = await local.api.call<Json>('homeworks.create', {
      ...tutor,
      body: { course: COURSE, title: 'Times check', homework: { instructions: 'Q1', dueAt: null } },
    });
    const section = homework.body._id as string;

    // Act: hand in, change the answer, then the tutor reviews
    const submitted = await local.api.call<Json>('homework.submit', {
      ...sam,
      body: { section, text: 'v1' },
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.submittedAt).toBe(submitted.body.createdAt);
    expect(submitted.body.reviewedAt).toBeNull();
    await tick();
    const changed = await local.api.call<Json>('homework.update', {
      ...sam,
      params: { id: submitted.body._id },
      body: { text: 'v2' },
    });
    const handedIn = changed.body.submittedAt as string;
    expect(Date.parse(handedIn)).toBeGreaterThan(Date.parse(submitted.body.submittedAt));
    await tick();
    const draftNote = await local.api.call<Json>('homework.update', {
      ...tutor,
      params: { id: submitted.body._id },
      body: { feedback: 'Looking at it' },
    });
    expect(draftNote.body).toMatchObject({ submittedAt: handedIn, reviewedAt: null });
    await tick();
    const reviewed = await local.api.call<Json>('homework.update', {
      ...tutor,
      params: { id: submitted.body._id },
      body: { feedback: 'Well done', grade: 'A', status: 'REVIEWED' },
    });

    // Assess: the answer and every later read keep the hand-in time; the review time is its own
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.submittedAt).toBe(handedIn);
    expect(Date.parse(reviewed.body.reviewedAt)).toBeGreaterThan(Date.parse(handedIn));
    expect(Date.parse(reviewed.body.reviewedAt)).toBeLessThanOrEqual(Date.parse(reviewed.body.updatedAt));
    for (const who of [tutor, sam]) {
      const list = await local.api.call<Json>('homework.list', { ...who, query: { section } });
      expect(list.body.docs).toEqual([
        expect.objectContaining({ submittedAt: handedIn, reviewedAt: reviewed.body.reviewedAt }),
      ]);
    }
  });
});
