import { projectToSchema } from '../../functions/lib/project-response';
import { routeById } from '../../shared/routes/catalogue';

const BATCHES = 15;
const CALLS_PER_BATCH = 2_000;

/** A course as a page of courses reads it: every declared field, and what the stored record carries beside. */
function storedCourse(i: number) {
  return {
    _id: `course-${i}`,
    title: `Algebra ${i}`,
    description: 'Equations, inequalities and graphs, from the first steps to exam questions.',
    curriculum: 'IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 9',
    status: 'ACTIVE',
    type: 'One-to-One',
    paymentType: 'ONETIME',
    lessonDuration: 60,
    isTrial: false,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-02T09:00:00.000Z',
    tenant: 'demo',
    entity: 'course',
    tutorIds: ['tutor-1', 'tutor-2'],
    studentCount: 12,
  };
}

/** The signed-in user as GET /user/authUser answers a parent with two children. */
function parentAuthUser() {
  const person = (id: string) => ({
    _id: id,
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: `${id}@demo.test`,
  });
  return {
    ...person('parent-1'),
    type: 'parent',
    role: {
      _id: 'role-parent',
      name: 'Student',
      type: 'user',
      isGuest: false,
      permissions: { schedule: ['view'], learning: ['view', 'edit'], courses: ['view'] },
    },
    timezone: 'Asia/Singapore',
    userMapper: { _id: 'mapper-1', users: [person('parent-1'), person('child-1'), person('child-2')] },
    isTrialApplied: false,
    isQuiztopiyaPendingTrial: false,
    assessmentEngineDate: null,
    quiztopiyaTrialExpiration: null,
    isContinueSubmissionWithTimerEnabled: false,
    createdAt: '2026-11-01T09:00:00.000Z',
  };
}

/** Kept, so that no answer computed here can be optimised away. */
const kept: unknown[] = [];

function perCallMicroseconds(run: () => unknown): number[] {
  for (let i = 0; i < CALLS_PER_BATCH; i++) kept[i] = run();
  const batches: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const started = performance.now();
    for (let i = 0; i < CALLS_PER_BATCH; i++) kept[i] = run();
    batches.push(((performance.now() - started) * 1000) / CALLS_PER_BATCH);
  }
  return batches;
}

/**
 * Run by projection.ts as a bundle built with the Lambdas' esbuild settings, in a process of its own: the
 * warm cost, per response, of cutting an answer down to its route's response schema, beside the
 * JSON.stringify of the same answer. Prints the figures as JSON.
 */
const cases = [
  { name: 'GET /user/authUser', routeId: 'users.authUser', body: parentAuthUser() },
  {
    name: 'GET /admin/courses, page of 20',
    routeId: 'courses.adminList',
    body: {
      limit: 20,
      offset: 0,
      totalDocs: 57,
      docs: Array.from({ length: 20 }, (_, i) => storedCourse(i)),
    },
  },
];
const results = cases.map(({ name, routeId, body }) => {
  const schema = routeById(routeId).response;
  if (!schema) throw new Error(`${routeId} declares no response`);
  return {
    name,
    projection: perCallMicroseconds(() => projectToSchema(schema, body)),
    stringify: perCallMicroseconds(() => JSON.stringify(body)),
  };
});
process.stdout.write(JSON.stringify(results));
