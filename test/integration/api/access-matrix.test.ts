import { beforeAll, describe, expect, it } from 'vitest';
import { stripeFor } from '../../../functions/payments/stripe-client';
import { ledgerEntryWrite } from '../../../functions/repositories/ledger';
import { insertLessonHistory } from '../../../functions/repositories/lesson-history';
import { notificationId, notificationsRepository } from '../../../functions/repositories/notifications';
import { payments } from '../../../functions/repositories/payments';
import { createUser } from '../../../functions/repositories/users';
import { writeTransaction } from '../../../functions/table/transactions';
import { ConflictError } from '../../../shared/http/errors';
import { fullPermissionSet } from '../../../shared/permissions/catalogue';
import { accessAllows } from '../../../shared/permissions/check';
import { defaultRoles, systemRoleIds } from '../../../shared/permissions/default-roles';
import { type RouteId, routes } from '../../../shared/routes/catalogue';
import { pathParams, type RouteDef } from '../../../shared/routes/define';
import { toLessonHistory } from '../../../shared/rules/lesson-history';
import { apiClient, type CallOptions, demo, northwind } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { objectShape } from '../../support/route-schemas';
import { localStackForFile } from '../../support/stack';

/**
 * The authorisation matrix, generated from the route declarations: for every non-public route, no token is
 * a 401; for every permission route, a signed-in user whose role lacks the permission gets a 403; for every
 * route with a record id, another tenant's record is a 404 (it does not exist from there); for every route a
 * student or a tutor may call that names a record, another user's record is a 404 or a 403.
 */
const local = localStackForFile();

type Session = { token: string; userId: string };
let demoAdmin: Session;
let demoStudent: Session;
let noAccess: Session;
let northwindAdmin: Session;
let northwindStudent: Session;
/** Made by the profile fixture when first asked for. */
let northwindTutor: Session | undefined;
/** A student and a tutor of the demo tenant with the built-in roles, on no course and no user-mapper. */
let strangerStudent: Session;
let strangerTutor: Session;

/**
 * For each route with path parameters: how to make a record in the demo tenant, and which northwind session
 * should then ask for it. A new route with an id needs an entry here (the test below fails without one).
 */
const foreignRecords: Record<
  string,
  () => Promise<{
    params: Record<string, string>;
    as: () => Session;
    body?: unknown;
    /** A body per route when the resource's routes take different ones. */
    bodyFor?: (routeId: string) => unknown;
    /** Path parameters per route when the resource's records differ by route. */
    paramsFor?: (routeId: string) => Record<string, string> | undefined;
    query?: Record<string, string>;
    /** A query per route when the resource's routes take different ones. */
    queryFor?: (routeId: string) => Record<string, string> | undefined;
  }>
> = {
  roles: async () => {
    const { body } = await local.api.call('roles.create', {
      token: demoAdmin.token,
      body: { name: `Demo only ${Math.random()}`, type: 'user', permissions: {} },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin };
  },
  'lesson-feedback': async () => {
    const section = await endedDemoLesson();
    const { body } = await local.api.call('tutorFeedbacks.create', {
      token: demoStudent.token,
      body: { section, rating: 5 },
    });
    return {
      params: { id: body._id as string },
      as: () => northwindAdmin,
      body: { rating: 1 },
      paramsFor: (routeId) => (routeId === 'tutorFeedbacks.rating' ? { tutorId: TOM } : undefined),
    };
  },
  payments: async () => {
    const session = await (await stripeFor('demo')).checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } },
      ],
      success_url: 'http://localhost/',
      metadata: { tenant: 'demo', purpose: 'FLEXIBLE', userId: SAM },
    });
    return {
      params: { id: 'plan-flex-10h' },
      paramsFor: (routeId) =>
        routeId === 'payments.courseSubscriptionSession'
          ? { id: session.id }
          : routeId === 'payments.premiumStatus' || routeId === 'payments.customerPortal'
            ? { id: SAM }
            : undefined,
      as: () => northwindStudent,
    };
  },
  'money-history': async () => {
    const id = `PAYMENT:matrix-${Math.random().toString(36).slice(2)}`;
    const createdAt = new Date().toISOString();
    await payments.put('demo', {
      _id: id,
      userId: SAM,
      kind: 'PAYMENT',
      paymentType: 'FLEXIBLE',
      amount: { minor: 100, currency: 'USD' },
      description: 'Matrix payment',
      stripe: { eventId: 'evt_matrix', objectId: 'cs_matrix' },
      createdAt,
    });
    await writeTransaction(
      ledgerEntryWrite('demo', {
        _id: id,
        account: { kind: 'MONEY', userId: SAM },
        kind: 'PAYMENT',
        amount: { minor: 100, currency: 'USD' },
        cause: 'cs_matrix',
        description: 'Matrix payment',
        createdAt,
      }),
      () => new ConflictError('The matrix entry is already there'),
    );
    return {
      params: { id },
      paramsFor: (routeId) =>
        routeId.startsWith('transactionLogs.') ? { id: `MONEY#${SAM}@${id}` } : undefined,
      as: () => northwindAdmin,
      bodyFor: () => ({ note: 'Taken over' }),
      query: { noteId: 'matrix-note' },
    };
  },
  'tutor-roles': async () => {
    const { body } = await local.api.call('tutor-roles.create', {
      token: demoAdmin.token,
      body: { name: `Demo only ${Math.random()}`, permissions: {} },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin };
  },
  // A demo tutor listed in the directory, asked for (and hidden) from northwind.
  tutors: async () => ({ params: { id: TOM }, as: () => northwindAdmin, body: { hidden: true } }),
  'flexible-plans': async () => ({
    ...(await demoRecord('flexible-plans.create', {
      name: 'Matrix plan',
      duration: 60,
      durationUnit: 'MINUTES',
      price: { amount: 10, currency: 'USD' },
    })),
    paramsFor: (routeId) => (routeId === 'flexible-plans.forUser' ? { userId: SAM } : undefined),
  }),
  'subscription-plans': () =>
    demoRecord('subscription-plans.create', {
      name: 'Matrix plan',
      duration: 1,
      durationUnit: 'MONTHS',
      price: { amount: 10, currency: 'USD' },
    }),
  groups: () => demoRecord('groups.create', { name: `Matrix group ${Math.random()}` }),
  'course-pricing-templates': () =>
    demoRecord('course-pricing-templates.create', {
      name: 'Matrix template',
      classType: 'Group',
      duration: 1,
      durationUnit: 'MONTHS',
      price: { amount: 10, currency: 'USD' },
    }),
  'course-permission-templates': () =>
    demoRecord('course-permission-templates.create', {
      name: 'Matrix template',
      permissions: ['courseChat'],
    }),
  'one-to-one-tutor-rate-student-types': () =>
    demoRecord('one-to-one-tutor-rate-student-types.create', { name: 'Matrix type' }),
  'group-tutor-rate-course-types': () =>
    demoRecord('group-tutor-rate-course-types.create', { name: 'Matrix type' }),
  'student-flexible-rate-versions': () =>
    demoRecord('student-flexible-rate-versions.create', {
      name: 'Matrix version',
      effectiveFrom: '2026-01-01T00:00:00.000Z',
    }),
  'student-subscription-rate-versions': () =>
    demoRecord('student-subscription-rate-versions.create', {
      name: 'Matrix version',
      effectiveFrom: '2026-01-01T00:00:00.000Z',
    }),
  'student-flexible-rates': async () => ({
    ...(await demoRecord('student-flexible-rates.create', {
      versionId: 'rate-version-2026',
      packageId: 'plan-flex-10h',
      price: { amount: 45, currency: 'USD' },
    })),
    paramsFor: (routeId) => (routeId === 'student-flexible-rates.forUser' ? { userId: SAM } : undefined),
    body: { grade: 'Taken over' },
  }),
  'student-subscription-rates': async () => {
    const version = await demoRecord('student-subscription-rate-versions.create', {
      name: 'Matrix version',
      effectiveFrom: '2026-01-01T00:00:00.000Z',
    });
    return {
      ...(await demoRecord('student-subscription-rates.create', {
        versionId: version.params.id,
        packageId: 'plan-sub-monthly',
        price: { amount: 45, currency: 'USD' },
      })),
      paramsFor: (routeId) =>
        routeId === 'student-subscription-rates.forUser' ? { userId: SAM } : undefined,
      body: { grade: 'Taken over' },
    };
  },
  'one-to-one-tutor-rates': async () => ({
    ...(await demoRecord('one-to-one-tutor-rates.create', {
      rate: { amount: 30, currency: 'USD' },
      effectiveFrom: '2026-01-01T00:00:00.000Z',
    })),
    // The per-tutor calls name a demo tutor and a demo student, asked for from northwind.
    paramsFor: (routeId): Record<string, string> | undefined =>
      routeId === 'one-to-one-tutor-rates.forStudent'
        ? { studentId: SAM }
        : routeId.endsWith('.forUser') || routeId.endsWith('Own') || routeId.endsWith('.ownOf')
          ? { userId: TOM }
          : undefined,
    queryFor: (routeId) => (routeId === 'one-to-one-tutor-rates.forStudent' ? { tutorId: TOM } : undefined),
    bodyFor: (routeId) => (routeId.endsWith('.setOwn') ? { rates: [] } : { grade: 'Taken over' }),
  }),
  'group-tutor-rates': async () => ({
    ...(await demoRecord('group-tutor-rates.create', {
      rate: { amount: 30, currency: 'USD' },
      effectiveFrom: '2026-01-01T00:00:00.000Z',
    })),
    paramsFor: (routeId) =>
      routeId.endsWith('.forUser') || routeId.endsWith('Own') || routeId.endsWith('.ownOf')
        ? { userId: TOM }
        : undefined,
    bodyFor: (routeId) => (routeId.endsWith('.setOwn') ? { rates: [] } : { grade: 'Taken over' }),
  }),
  'course-templates': async () => {
    const { body } = await local.api.call('course-templates.create', {
      token: demoAdmin.token,
      body: { title: 'Matrix template', curriculum: 'Cambridge IGCSE', subject: 'Physics', grade: 'Grade 9' },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin, body: { title: 'Taken over' } };
  },
  'fcm-tokens': async () => {
    const { body } = await local.api.call('fcmTokens.create', {
      token: demoStudent.token,
      body: { token: `demo-device-token-${Math.random()}` },
    });
    return { params: { id: body._id as string }, as: () => northwindStudent };
  },
  notifications: async () => ({
    params: { id: await samNotification() },
    as: () => northwindStudent,
  }),
  'user-availability': async () => ({
    params: { userId: 'demo-tutor-1' },
    query: { date: '2030-01-02' },
    queryFor: (routeId) =>
      routeId === 'availability.freeDays' ? { from: '2030-01-01', to: '2030-01-31' } : undefined,
    as: () => northwindAdmin,
    body: {
      timezone: 'UTC',
      status: 'available',
      weeklyHours: [],
      exceptions: [],
      windows: [],
      subjects: [],
    },
  }),
  courses: async () => ({
    params: { id: 'course-demo-igcse-maths', tutorId: 'demo-tutor-1', userId: 'demo-student-1' },
    // Real demo memberships, asked for from northwind.
    paramsFor: (routeId) =>
      routeId.startsWith('courseTutors.') && routeId !== 'courseTutors.ofTutor'
        ? { id: 'course-demo-igcse-maths.tutor.demo-tutor-1' }
        : routeId.startsWith('courseStudents.') && routeId !== 'courseStudents.ofUser'
          ? { id: 'course-demo-igcse-maths.student.demo-student-1' }
          : undefined,
    as: () => northwindAdmin,
    bodyFor: (routeId) =>
      routeId.startsWith('courseTutors')
        ? { action: 'DISABLE' }
        : routeId.startsWith('courseStudents')
          ? { status: 'UNENROLLED' }
          : { title: 'Taken over' },
  }),
  meetings: async () => {
    const lesson = await demoLesson();
    return {
      params: { id: lesson, waitingId: lesson },
      as: () => northwindAdmin,
      bodyFor: (routeId) =>
        routeId === 'meetings.start' || routeId === 'meetings.notifyWaiting'
          ? { waitingId: lesson }
          : routeId.endsWith('Update')
            ? { title: 'Taken over' }
            : routeId.endsWith('Cancel')
              ? { reason: 'Sickness' }
              : { reason: 'Sickness', start: new Date(Date.now() + 400 * 86_400_000).toISOString() },
    };
  },
  'meeting-requests': async () => {
    const lesson = await demoLesson();
    const { body } = await local.api.call<{ request: { _id: string } }>('meetings.teamsAdminCancel', {
      token: demoAdmin.token,
      params: { id: lesson },
      body: { reason: 'Sickness' },
    });
    return {
      params: { id: body.request._id, requestId: body.request._id },
      as: () => northwindAdmin,
      body: { action: 'REJECT' },
    };
  },
  schedule: async () => {
    const { body } = await local.api.call<{ url: string }>('schedule.feedUrl', { token: demoStudent.token });
    return {
      params: {
        userId: 'demo-student-1',
        sectionId: 'lesson-demo-1',
        // A demo feed token asked for in the northwind calendar.
        tenant: 'northwind',
        token: body.url.split('/').at(-1)!,
      },
      query: {
        startDate: new Date().toISOString(),
        endDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
      as: () => northwindAdmin,
    };
  },
  sections: async () => {
    const make = async (route: string, body: Record<string, unknown>) =>
      (
        await local.api.call<{ _id: string }>(route, {
          token: demoAdmin.token,
          body: { course: 'course-demo-igcse-maths', title: 'Matrix', ...body },
        })
      ).body._id;
    const section = await make('sections.adminCreate', { kind: 'SECTION' });
    const resource = await make('resources.adminCreate', { resource: { url: 'https://example.com/x' } });
    const homework = await make('homeworks.create', {});
    return {
      params: { id: section },
      paramsFor: (routeId) =>
        routeId.startsWith('resources.')
          ? { id: resource }
          : routeId.startsWith('homeworks.')
            ? { id: homework }
            : undefined,
      as: () => northwindAdmin,
      body: { title: 'Taken over' },
    };
  },
  homework: async () => {
    const { body: homework } = await local.api.call<{ _id: string }>('homeworks.create', {
      token: demoAdmin.token,
      body: { course: 'course-demo-igcse-maths', title: 'Matrix homework' },
    });
    const { body: submission } = await local.api.call<{ _id: string }>('homework.submit', {
      token: demoStudent.token,
      body: { section: homework._id, text: 'Answer' },
    });
    return { params: { id: submission._id }, as: () => northwindAdmin, body: { feedback: 'Taken over' } };
  },
  topics: async () => {
    const subject = await local.api.call('curriculums.subjectMap', { body: { subjectCode: '0580' } });
    const { body } = await local.api.call('topics.adminCreate', {
      token: demoAdmin.token,
      body: { subjectId: subject.body._id as string, name: `Demo only ${Math.random()}` },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin, body: { name: 'Taken over' } };
  },
  'sub-topics': async () => {
    const subject = await local.api.call('curriculums.subjectMap', { body: { subjectCode: '0580' } });
    const topic = await local.api.call('topics.adminCreate', {
      token: demoAdmin.token,
      body: { subjectId: subject.body._id as string, name: `Demo only ${Math.random()}` },
    });
    const { body } = await local.api.call('subTopics.adminCreate', {
      token: demoAdmin.token,
      body: { topicId: topic.body._id as string, name: 'Demo only sub-topic' },
    });
    const video = { title: 'Taken over', url: 'https://video.example.org/x' };
    const bodies: Record<string, unknown> = {
      'subTopics.addResources': {
        resources: [{ title: 'Taken over', url: 'https://files.example.org/x.pdf' }],
      },
      'subTopics.removeResources': { resourceIds: ['x'] },
      'subTopics.addVideoLink': video,
      'subTopics.editVideoLink': { itemId: 'x', title: 'Taken over' },
      'subTopics.sortVideoLinks': { videoLinkIds: ['x'] },
      'subTopics.addContent': { title: 'Taken over', body: 'x' },
      'subTopics.editContent': { itemId: 'x', title: 'Taken over' },
      'subTopics.addFAQ': { question: 'Taken over?', answer: 'Yes' },
      'subTopics.editFAQ': { itemId: 'x', answer: 'Yes' },
      'subTopics.addReview': { name: 'Taken over', rating: 1, comment: 'x' },
      'subTopics.editReview': { itemId: 'x', rating: 1 },
    };
    return {
      params: { id: body._id as string },
      as: () => northwindAdmin,
      bodyFor: (routeId) =>
        bodies[routeId] ?? (routeId.includes('remove') ? { itemId: 'x' } : { name: 'Taken over' }),
    };
  },
  'lesson-history': async () => {
    // A demo row written as the lesson-history job writes it (its id is its lesson's id).
    const id = `matrix-lesson-${Math.random().toString(16).slice(2)}`;
    const start = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const end = new Date(Date.now() - 3_600_000).toISOString();
    const lesson = {
      _id: id,
      title: 'Matrix lesson',
      start,
      end,
      type: 'LESSON',
      course: 'course-demo-igcse-maths',
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
    };
    await insertLessonHistory('demo', toLessonHistory(lesson, undefined, [], end));
    return {
      params: { id },
      as: () => northwindAdmin,
      bodyFor: () => ({ note: 'Taken over' }),
      queryFor: (routeId) => (routeId === 'lessonHistory.deleteNote' ? { noteId: 'matrix-note' } : undefined),
    };
  },
  trials: async () => {
    const query = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const slots = await local.api.call<{ docs: Array<{ start: string; end: string; tutorId: string }> }>(
      'trials.slots',
      { query: { ...query, date } },
    );
    const slot = slots.body.docs[Math.floor(Math.random() * slots.body.docs.length)]!;
    const { body } = await local.api.call<{ trial: { _id: string } }>('trials.signUp', {
      body: {
        firstname: 'Matrix',
        lastname: 'Visitor',
        email: `matrix-${Math.random()}@example.com`,
        password: 'Matrix-visitor-1',
        ...query,
        startDate: slot.start,
        endDate: slot.end,
        tutorId: slot.tutorId,
      },
    });
    return {
      params: { id: body.trial._id },
      paramsFor: (routeId) =>
        routeId === 'trials.removeRecording' ? { id: body.trial._id, recordingId: 'matrix' } : undefined,
      as: () => northwindAdmin,
      bodyFor: () => ({ status: 'CANCELED' }),
    };
  },
  'meta-tags': async () => {
    const { body } = await local.api.call('meta-tags.create', {
      token: demoAdmin.token,
      body: { path: `/learning-portal/matrix-${Math.random().toString(36).slice(2)}`, title: 'Demo only' },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin, body: { title: 'Taken over' } };
  },
  redirections: async () => {
    const { body } = await local.api.call('redirections.create', {
      token: demoAdmin.token,
      body: { from: `/matrix-${Math.random().toString(36).slice(2)}`, to: '/learning-portal/' },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin, body: { to: '/taken-over' } };
  },
  // Learning data: a demo student's records, asked for by northwind's admin (who views every user there).
  progress: async () => ({
    params: { id: 'demo-student-1', curriculumId: 'Cambridge IGCSE' },
    query: { userId: 'demo-student-1' },
    as: () => northwindAdmin,
  }),
  sessions: async () => {
    const subject = await local.api.call('curriculums.subjectMap', { body: { subjectCode: '0580' } });
    const topics = await local.api.call<{ docs: Array<{ subTopics: Array<{ _id: string }> }> }>(
      'topics.getTopics',
      { body: { subjectCode: subject.body.subjectCode as string } },
    );
    const { body } = await local.api.call('sessions.create', {
      token: demoStudent.token,
      body: { subTopicId: topics.body.docs[0]!.subTopics[0]!._id },
    });
    return {
      params: { id: body._id as string },
      as: () => northwindStudent,
      body: { pageNo: 1, question: 'Mine?' },
    };
  },
  onboarding: async () => {
    await local.api.call('onboarding.save', {
      token: demoStudent.token,
      body: { curriculum: 'Cambridge IGCSE', grade: 'Grade 10', subjects: ['0580'] },
    });
    return { params: { id: 'demo-student-1' }, as: () => northwindAdmin };
  },
  tags: async () => {
    const { body } = await local.api.call('tags.create', {
      token: demoAdmin.token,
      body: { name: `Matrix ${Math.random().toString(36).slice(2)}` },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin };
  },
  usage: async () => ({
    params: { id: 'demo-student-1' },
    as: () => northwindAdmin,
    body: { lpAccess: true },
  }),
  // A demo user, asked for by northwind's admin (who edits every user there) through every admin user route.
  'admin-users': async () => ({
    params: { id: TOM, userId: TOM, entryId: 'matrix-entry' },
    query: { noteId: 'matrix-note' },
    as: () => northwindAdmin,
    bodyFor: (routeId) => {
      const kind = routeId.split('.')[1] ?? '';
      if (kind in profileEntryBodies) return profileEntryBodies[kind];
      if (routeId === 'adminUsers.subjects.add') return matrixSubject;
      if (routeId === 'adminUsers.createNote') return { note: 'Taken over' };
      if (routeId === 'adminUsers.linkAccounts') return { childIds: [] };
      if (routeId === 'adminUsers.setRateStudentType') return { studentType: '' };
      if (routeId === 'adminUsers.bankDetails.update') {
        return {
          accountHolderName: 'X',
          bankName: 'Y',
          accountNumber: '12345678',
          routingCode: 'DBSSSGSG',
          country: 'SG',
        };
      }
      return { firstname: 'Taken over' };
    },
  }),
  // Tom's own profile entries, asked for by a northwind tutor (whose profile has every kind, none of his).
  profile: async () => {
    northwindTutor ??= await (async () => {
      const { hashPassword } = await import('../../../functions/lib/passwords');
      await createUser('northwind', {
        firstname: 'Northwind',
        lastname: 'Tutor',
        email: 'matrix-tutor@northwind.test',
        type: 'tutor',
        roleId: systemRoleIds.Tutor,
        passwordHash: await hashPassword('Matrix-tutor-1'),
      });
      return local.api.signIn('matrix-tutor@northwind.test', 'Matrix-tutor-1', 'northwind');
    })();
    const asked = northwindTutor;
    const tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
    const { body } = await local.api.call<{ languages: Array<{ _id: string }> }>('profile.languages.create', {
      token: tom.token,
      body: profileEntryBodies.languages,
    });
    return {
      params: { entryId: body.languages[0]?._id ?? 'none' },
      as: () => asked,
      bodyFor: (routeId) => profileEntryBodies[routeId.split('.')[1] ?? ''],
    };
  },
  // One of Sam's invoices, asked for by northwind's admin through the back-office's and the family's routes.
  invoices: async () => {
    const { status, body } = await local.api.call('invoices.create', {
      token: demoAdmin.token,
      body: { userId: SAM, lineItems: [{ description: 'Matrix lessons', quantity: 1, unitAmount: 10 }] },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    const id = String(body._id);
    return {
      params: { id },
      as: () => northwindAdmin,
      query: { noteId: 'matrix-note' },
      bodyFor: (routeId) =>
        routeId === 'invoices.createNote'
          ? { note: 'Taken over' }
          : routeId === 'invoices.checkoutSession'
            ? { id }
            : { memo: 'Taken over' },
    };
  },
  // A penalty of Tom's, asked for (appealed, answered) from northwind.
  'penalty-waivers': async () => {
    const waiver = await demoPenaltyWaiver();
    return {
      params: { id: waiver, penaltyWaiverId: waiver },
      as: () => northwindAdmin,
      bodyFor: (routeId) =>
        routeId === 'penaltyWaivers.appeal'
          ? { appealTutorNote: 'Taken over' }
          : routeId === 'penaltyWaivers.appealRespond'
            ? { appealStatus: 'ACCEPTED' }
            : { tutorPaymentStatus: 'PAID', penaltyWaiverIds: [waiver] },
    };
  },
  'report-issues': async () => {
    const { body } = await local.api.call('reportIssues.create', {
      token: demoStudent.token,
      body: { subject: 'Matrix', description: 'Demo only' },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin, body: { status: 'RESOLVED' } };
  },
};

/** A penalty of Tom's entered by the demo admin. */
async function demoPenaltyWaiver(): Promise<string> {
  const { status, body } = await local.api.call<{ _id: string }>('penaltyWaivers.create', {
    token: demoAdmin.token,
    body: {
      requestKey: `matrix${Math.random().toString(36).slice(2, 14)}`,
      type: 'DEDUCTION',
      amount: { amount: 5, currency: 'USD' },
      reason: 'Matrix penalty',
      tutorId: TOM,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body._id;
}

/** A valid body for each kind of profile entry (so a 404 is about the record, not the body). */
const profileEntryBodies: Record<string, unknown> = {
  experiences: { title: 'Taken over', organisation: 'Matrix', startMonth: '2020-01' },
  qualifications: { title: 'Taken over', institution: 'Matrix' },
  achievements: { title: 'Taken over' },
  languages: { language: 'Matrix', proficiency: 'Native' },
};
const matrixSubject = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };

/** A lesson in the demo tenant, at a random far-future time so fixtures never clash. */
/**
 * A demo lesson of Tom's with Sam that ended long ago: a random quarter hour of the two years before last,
 * away from the seeded lessons, tried again in the rare case two asks pick the same one.
 */
async function endedDemoLesson(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const quartersAgo = 2 * 35_040 + Math.floor(Math.random() * 70_080);
    try {
      const lesson = await placeDemoLesson({
        start: -quartersAgo * 15,
        minutes: 15,
        tutorId: TOM,
        studentIds: [SAM],
      });
      return lesson._id;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

/** A lesson 100 to 300 days ahead at a random quarter hour, tried again in the rare case the time is taken. */
async function demoLesson(kind: 'TEAMS' | 'ZOOM' = 'TEAMS'): Promise<string> {
  const quarter = 15 * 60_000;
  const create = kind === 'TEAMS' ? 'meetings.teamsAdminCreate' : 'meetings.zoomAdminCreate';
  for (let attempt = 0; ; attempt++) {
    const start = Math.ceil((Date.now() + (100 + Math.random() * 200) * 86_400_000) / quarter) * quarter;
    const { status, body } = await local.api.call<{ _id: string }>(create, {
      token: demoAdmin.token,
      body: {
        course: 'course-demo-igcse-maths',
        title: 'Matrix lesson',
        start: new Date(start).toISOString(),
        duration: 15,
      },
    });
    if (status === 201 || attempt >= 4) return body._id;
  }
}

const nonPublic = routes.filter((r) => r.access.kind !== 'public');
// A parameter that names the tenant itself (a provider's webhook) names no record of one: such a route is
// held to its own tenant by its signature instead (test/integration/api/stripe-webhooks.test.ts).
const withIds = routes.filter((r) => pathParams(r.path).some((name) => name !== r.tenantParam));

function sampleParams(route: RouteDef): Record<string, string> {
  return Object.fromEntries(pathParams(route.path).map((name) => [name, 'matrix-id']));
}

beforeAll(async () => {
  demoAdmin = await local.api.signIn(demo.admin.email, demo.admin.password);
  demoStudent = await local.api.signIn(demo.student.email, demo.student.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
  northwindStudent = await local.api.signIn(northwind.student.email, northwind.student.password, 'northwind');
  const { body: role } = await local.api.call('roles.create', {
    token: demoAdmin.token,
    body: { name: 'No access', type: 'user', permissions: {} },
  });
  const { hashPassword } = await import('../../../functions/lib/passwords');
  await createUser('demo', {
    firstname: 'No',
    lastname: 'Access',
    email: 'no-access@demo.test',
    type: 'student',
    roleId: role._id as string,
    passwordHash: await hashPassword('No-access-123'),
  });
  noAccess = await local.api.signIn('no-access@demo.test', 'No-access-123');
  for (const [type, roleId] of [
    ['student', systemRoleIds.Student],
    ['tutor', systemRoleIds.Tutor],
  ] as const) {
    await createUser('demo', {
      firstname: 'Stranger',
      lastname: type,
      email: `stranger-${type}@demo.test`,
      type,
      roleId,
      passwordHash: await hashPassword('Stranger-123'),
    });
  }
  strangerStudent = await local.api.signIn('stranger-student@demo.test', 'Stranger-123');
  strangerTutor = await local.api.signIn('stranger-tutor@demo.test', 'Stranger-123');
});

describe('no token is a 401', () => {
  it.each(nonPublic.map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const { status, body } = await local.api.call(route.id, { params: sampleParams(route), body: {} });
    expect(status).toBe(401);
    expect(body.message).toBe('Please sign in to continue');
  });
});

describe('a user without the access is a 403', () => {
  const guarded = routes.filter((r) => r.access.kind === 'permission');
  it.each(guarded.map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const { status, body } = await local.api.call(route.id, {
      token: noAccess.token,
      params: sampleParams(route),
      body: {},
    });
    expect(status).toBe(403);
    expect(body.message).toBe('You do not have permission to do this');
  });
});

describe("another tenant's record is a 404", () => {
  it('every route with a record id has a fixture', () => {
    const missing = [...new Set(withIds.map((r) => r.resource))].filter(
      (resource) => !foreignRecords[resource],
    );
    expect(missing).toEqual([]);
  });

  it.each(withIds.map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const fixture = await foreignRecords[route.resource]!();
    const session = fixture.as();
    const northwindApi = apiClient(local.stack.apiUrl, { tenant: 'northwind' });
    const { status } = await northwindApi.call(route.id, {
      token: session.token,
      params: { ...fixture.params, ...fixture.paramsFor?.(route.id) },
      query: fixture.queryFor?.(route.id) ?? fixture.query,
      body:
        route.method === 'PUT'
          ? (fixture.bodyFor?.(route.id) ?? fixture.body ?? { name: 'Taken over' })
          : // A POST with a record id gets the body its fixture gives it (a valid one: the 404 is the answer).
            route.method === 'POST'
            ? fixture.bodyFor?.(route.id)
            : undefined,
    });
    expect(status).toBe(404);
    // And the record is still there, unchanged, in its own tenant.
    if (route.resource === 'roles') {
      const own = await local.api.call('roles.get', { token: demoAdmin.token, params: fixture.params });
      expect(own.status).toBe(200);
      expect(own.body.name).not.toBe('Taken over');
    }
  });

  it('a token is only good in the tenant that issued it', async () => {
    const { status } = await local.api.call('roles.list', { token: demoAdmin.token, tenant: 'northwind' });
    expect(status).toBe(401);
  });
});

/*
 * Another user's record. Sam (demo-student-1) and Tom (demo-tutor-1) teach and learn in IGCSE Mathematics;
 * a stranger student and a stranger tutor ask for their records through every route their roles may call
 * that names a record (a path parameter, or a query or body field naming an id): never the record.
 */
/** A record of the demo tenant made by its admin through a create route, for northwind's admin to ask for. */
async function demoRecord(routeId: RouteId, body: Record<string, unknown>) {
  const { status, body: created } = await local.api.call(routeId, { token: demoAdmin.token, body });
  expect(status, JSON.stringify(created)).toBe(201);
  return { params: { id: String(created._id) }, as: () => northwindAdmin };
}

/** A notification of Sam's, written as the notifications consumer writes one. */
async function samNotification(): Promise<string> {
  const at = new Date().toISOString();
  const _id = notificationId(at, `matrix-${Math.random()}`, SAM);
  await notificationsRepository.insert('demo', {
    _id,
    userId: SAM,
    kind: 'LESSON_REMINDER',
    title: 'Matrix',
    body: 'Matrix',
    link: null,
    sectionId: null,
    createdAt: at,
    readAt: null,
    mailPending: false,
  });
  return _id;
}

const SAM = 'demo-student-1';
const TOM = 'demo-tutor-1';
const MATHS = 'course-demo-igcse-maths';
const SEEDED_LESSON = 'lesson-demo-1';

/** How a stranger asks for someone else's record through a route, and what must not come back. */
interface ForeignAsk extends Pick<CallOptions, 'params' | 'query' | 'body'> {
  /** Text of the record (its id, or its owner's where the answer names the owner) the answer must not hold. */
  secret: string;
  /** The id filters the caller's own records: the right answer is a 200 with none of the other user's. */
  filtersOwn?: boolean;
}

/** Sam's and Tom's records, made once for the asks below. */
interface OthersRecords {
  fcmToken: string;
  trial: string;
  trialStudent: string;
  teamsLesson: string;
  zoomLesson: string;
  request: string;
  section: string;
  homework: string;
  submission: string;
  historyRow: string;
  session: string;
  bookmark: string;
  subTopic: string;
  endedLesson: string;
  tutorFeedback: string;
  studentFeedback: string;
  /** An invoice of Sam's. */
  invoice: string;
  penaltyWaiver: string;
  /** Tom's profile entries by kind (a subject's id is the subject's), made through his own profile. */
  profileEntries: Record<string, string>;
  /** A Checkout Session made for Sam. */
  checkoutSession: string;
  /** One of Sam's notifications. */
  notification: string;
}

const later = () => new Date(Date.now() + 400 * 86_400_000).toISOString();

/** Each route's ask, by id. A new route a student or a tutor may call with a record id needs one here. */
const othersRecords: Record<string, (r: OthersRecords) => ForeignAsk[]> = {
  'fcmTokens.delete': (r) => [{ params: { id: r.fcmToken }, secret: r.fcmToken }],
  'notifications.markRead': (r) => [{ params: { id: r.notification }, secret: r.notification }],
  'users.switchAccount': () => [{ body: { userId: SAM }, secret: SAM }],
  'availability.get': () => [{ params: { userId: TOM }, secret: TOM }],
  'availability.update': () => [
    {
      params: { userId: TOM },
      body: {
        timezone: 'UTC',
        status: 'available',
        weeklyHours: [],
        exceptions: [],
        windows: [],
        subjects: [],
      },
      secret: TOM,
    },
  ],
  'tutorFeedbacks.create': (r) => [{ body: { section: r.endedLesson, rating: 5 }, secret: r.endedLesson }],
  'tutorFeedbacks.list': (r) => [
    { query: { section: r.endedLesson }, secret: r.tutorFeedback, filtersOwn: true },
    { query: { studentId: SAM }, secret: r.tutorFeedback, filtersOwn: true },
  ],
  'tutorFeedbacks.update': (r) => [
    { params: { id: r.tutorFeedback }, body: { rating: 1 }, secret: r.tutorFeedback },
  ],
  'studentFeedbacks.create': (r) => [
    { body: { section: r.endedLesson, studentId: SAM, rating: 1 }, secret: r.endedLesson },
  ],
  'studentFeedbacks.list': (r) => [
    { query: { section: r.endedLesson }, secret: r.studentFeedback, filtersOwn: true },
    { query: { tutorId: TOM }, secret: r.studentFeedback, filtersOwn: true },
  ],
  'studentFeedbacks.update': (r) => [
    { params: { id: r.studentFeedback }, body: { rating: 1 }, secret: r.studentFeedback },
  ],
  'courses.get': () => [{ params: { id: MATHS }, secret: MATHS }],
  'courses.update': () => [{ params: { id: MATHS }, body: { title: 'Taken over' }, secret: MATHS }],
  'courseTutors.ofTutor': () => [{ params: { tutorId: TOM }, secret: MATHS }],
  'trials.list': (r) => [{ query: { studentId: r.trialStudent }, secret: r.trial, filtersOwn: true }],
  'trials.recordings': (r) => [{ params: { id: r.trial }, secret: r.trial }],
  'trials.addRecording': (r) => [
    {
      body: { trialId: r.trial, url: 'https://drive.example.com/x', title: 'Mine', recordedAt: later() },
      secret: r.trial,
    },
  ],
  'trials.removeRecording': (r) => [{ params: { id: r.trial, recordingId: 'matrix' }, secret: r.trial }],
  'meetings.teamsCreate': () => [
    { body: { course: MATHS, title: 'Mine', start: later(), duration: 60 }, secret: MATHS },
  ],
  'meetings.zoomCreate': () => [
    { body: { course: MATHS, title: 'Mine', start: later(), duration: 60 }, secret: MATHS },
  ],
  'meetings.teamsCancel': (r) => [
    { params: { id: r.teamsLesson }, body: { reason: 'Sickness' }, secret: r.teamsLesson },
  ],
  'meetings.teamsReschedule': (r) => [
    { params: { id: r.teamsLesson }, body: { reason: 'Sickness', start: later() }, secret: r.teamsLesson },
  ],
  'meetings.zoomCancel': (r) => [
    { params: { id: r.zoomLesson }, body: { reason: 'Sickness' }, secret: r.zoomLesson },
  ],
  'meetings.zoomReschedule': (r) => [
    { params: { id: r.zoomLesson }, body: { reason: 'Sickness', start: later() }, secret: r.zoomLesson },
  ],
  'meetings.courseMeetingBook': () => [
    { body: { course: MATHS, start: later(), duration: 60, kind: 'TEAMS' }, secret: MATHS },
  ],
  'meetings.notifyJoined': (r) => [{ body: { sectionId: r.teamsLesson }, secret: r.teamsLesson }],
  'meetings.meetingData': (r) => [{ params: { waitingId: r.teamsLesson }, secret: r.teamsLesson }],
  'meetings.notifyWaiting': (r) => [{ body: { waitingId: r.teamsLesson }, secret: r.teamsLesson }],
  'meetings.start': (r) => [{ body: { waitingId: r.teamsLesson }, secret: r.teamsLesson }],
  'meetingRequests.adminList': (r) => [{ query: { studentId: SAM }, secret: r.request }],
  'meetingRequests.adminGet': (r) => [{ params: { id: r.request }, secret: r.request }],
  'meetingRequests.updateTutorPaymentStatus': (r) => [
    { body: { tutorPaymentStatus: 'PAID', meetingRequestIds: [r.request] }, secret: r.request },
  ],
  'meetingRequests.list': (r) => [{ query: { studentId: SAM }, secret: r.request, filtersOwn: true }],
  'meetingRequests.get': (r) => [{ params: { id: r.request }, secret: r.request }],
  'schedule.list': () => [
    {
      params: { userId: SAM },
      query: {
        startDate: new Date().toISOString(),
        endDate: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      },
      secret: SEEDED_LESSON,
    },
  ],
  'schedule.get': () => [{ params: { sectionId: SEEDED_LESSON }, secret: SEEDED_LESSON }],
  // Payments: a payer is the caller or a child of the caller's family (functions/payments/checkout.ts).
  'payments.createSession': () => [
    { body: { planId: 'plan-flex-10h', planType: 'FLEXIBLE', userId: SAM }, secret: SAM },
  ],
  'payments.productPrice': () => [{ params: { id: 'plan-flex-10h' }, query: { userId: SAM }, secret: SAM }],
  'payments.premiumStatus': () => [{ params: { id: SAM }, secret: SAM }],
  'payments.premiumCreateSession': () => [{ body: { userId: SAM }, secret: SAM }],
  'payments.customerPortal': () => [{ params: { id: SAM }, secret: SAM }],
  'payments.subscribeCourse': () => [{ body: { courseId: MATHS, userId: SAM }, secret: SAM }],
  'payments.courseSubscriptionSession': (r) => [{ params: { id: r.checkoutSession }, secret: SAM }],
  'payments.flexibleSession': () => [{ body: { planId: 'plan-flex-10h', userId: SAM }, secret: SAM }],
  'payments.subscriptionSession': () => [{ body: { planId: 'plan-sub-monthly', userId: SAM }, secret: SAM }],
  'payments.customerPortalData': () => [{ query: { userId: SAM }, secret: SAM }],
  'payments.topUpCourse': () => [{ body: { courseId: MATHS, credits: 1, userId: SAM }, secret: SAM }],
  'payments.plans': () => [{ query: { userId: SAM }, secret: SAM }],
  // A user's own money lists and credits: of a child of the caller's family, else no such user.
  'paymentHistory.list': () => [{ query: { userId: SAM }, secret: SAM }],
  'transactionLogs.list': () => [{ query: { userId: SAM }, secret: SAM }],
  'courseCredits.list': () => [{ query: { userId: SAM }, secret: SAM }],
  // A parent's home: only the parent of a user-mapper reaches its children (a stranger is no parent: 403).
  'family.overview': () => [{ query: { childId: SAM }, secret: SEEDED_LESSON }],
  'sections.get': (r) => [{ params: { id: r.section }, secret: r.section }],
  'sections.create': () => [{ body: { course: MATHS, kind: 'SECTION', title: 'Mine' }, secret: MATHS }],
  'sections.update': (r) => [{ params: { id: r.section }, body: { title: 'Taken over' }, secret: r.section }],
  'resources.create': () => [
    { body: { course: MATHS, title: 'Mine', resource: { url: 'https://example.com/x' } }, secret: MATHS },
  ],
  'homeworks.create': () => [{ body: { course: MATHS, title: 'Mine' }, secret: MATHS }],
  'homeworks.update': (r) => [
    { params: { id: r.homework }, body: { title: 'Taken over' }, secret: r.homework },
  ],
  'homework.list': (r) => [{ query: { section: r.homework }, secret: r.submission }],
  'homework.submit': (r) => [{ body: { section: r.homework, text: 'Mine' }, secret: r.homework }],
  'homework.update': (r) => [
    { params: { id: r.submission }, body: { text: 'Taken over' }, secret: r.submission },
  ],
  'homework.delete': (r) => [{ params: { id: r.submission }, secret: r.submission }],
  'homework.adminList': (r) => [{ query: { section: r.homework }, secret: r.submission }],
  'homework.adminUpdate': (r) => [
    { params: { id: r.submission }, body: { feedback: 'Taken over' }, secret: r.submission },
  ],
  'homework.adminDelete': (r) => [{ params: { id: r.submission }, secret: r.submission }],
  'lessonHistory.list': (r) => [{ query: { studentId: SAM }, secret: r.historyRow, filtersOwn: true }],
  'lessonHistory.get': (r) => [{ params: { id: r.historyRow }, secret: r.historyRow }],
  'lessonHistory.export': (r) => [
    { query: { studentId: SAM }, secret: r.historyRow.slice(0, 8), filtersOwn: true },
    { query: { tutorId: TOM }, secret: r.historyRow.slice(0, 8), filtersOwn: true },
  ],
  'lessonHistory.payTotals': (r) => [
    {
      query: {
        tutorId: TOM,
        startDate: new Date(Date.now() - 300 * 86_400_000).toISOString(),
        endDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
      secret: r.historyRow,
    },
  ],
  'lessonHistory.raiseConcern': (r) => [
    { body: { lessonHistoryId: r.historyRow, concern: 'Not mine' }, secret: r.historyRow },
  ],
  'one-to-one-tutor-rates.forStudent': () => [{ params: { studentId: SAM }, secret: SAM }],
  'lessonHistory.updateTutorPaymentStatus': (r) => [
    { body: { lesssonHistoryIds: [r.historyRow], tutorPaymentStatus: 'PAID' }, secret: r.historyRow },
  ],
  'penaltyWaivers.list': (r) => [
    { query: { tutorId: TOM }, secret: r.penaltyWaiver, filtersOwn: true },
    { query: { studentId: SAM }, secret: r.penaltyWaiver, filtersOwn: true },
  ],
  'penaltyWaivers.get': (r) => [{ params: { id: r.penaltyWaiver }, secret: r.penaltyWaiver }],
  'penaltyWaivers.appeal': (r) => [
    {
      params: { penaltyWaiverId: r.penaltyWaiver },
      body: { appealTutorNote: 'Mine now' },
      secret: r.penaltyWaiver,
    },
  ],
  'progress.get': () => [{ params: { id: SAM }, secret: SAM }],
  'progress.subject': () => [
    { body: { userId: SAM, subjectCode: '0580', subjectLevel: 'IGCSE' }, secret: SAM },
  ],
  'progress.byCurriculum': () => [
    { params: { curriculumId: 'Cambridge IGCSE' }, query: { userId: SAM }, secret: SAM },
  ],
  'sessions.get': (r) => [{ params: { id: r.session }, secret: r.session }],
  'sessions.addQuestion': (r) => [
    { params: { id: r.session }, body: { pageNo: 1, question: 'Mine?' }, secret: r.session },
  ],
  'sessions.list': (r) => [{ body: { studentId: SAM }, secret: r.session }],
  'bookmarks.create': (r) => [{ body: { studentId: SAM, subTopicId: r.subTopic, pageNo: 1 }, secret: SAM }],
  'bookmarks.list': (r) => [
    { query: { studentId: SAM }, secret: r.bookmark },
    { query: { tutorId: TOM }, secret: r.bookmark },
  ],
  'onboarding.get': () => [{ params: { id: SAM }, secret: SAM }],
  'usage.get': () => [{ params: { id: SAM }, secret: SAM }],
  // One's own profile's entries: another's entry id is not in the caller's profile (404), or the part is
  // not the caller's to write (403).
  ...Object.fromEntries(
    ['experiences', 'qualifications', 'achievements', 'languages'].flatMap((kind) => [
      [
        `profile.${kind}.update`,
        (r: OthersRecords) => [
          {
            params: { entryId: r.profileEntries[kind] ?? '' },
            body: profileEntryBodies[kind],
            secret: r.profileEntries[kind] ?? '',
          },
        ],
      ],
      [
        `profile.${kind}.delete`,
        (r: OthersRecords) => [
          { params: { entryId: r.profileEntries[kind] ?? '' }, secret: r.profileEntries[kind] ?? '' },
        ],
      ],
    ]),
  ),
  'profile.subjects.remove': (r) => [
    { params: { entryId: r.profileEntries.subjects ?? '' }, secret: r.profileEntries.subjects ?? '' },
  ],
  'usage.userDetails': () => [{ body: { userId: SAM }, secret: SAM }],
  // A family's invoices: another account's are not there (404), whether listed, read or paid.
  'invoices.mine': (r) => [{ query: { userId: SAM }, secret: r.invoice }],
  'invoices.mineGet': (r) => [{ params: { id: r.invoice }, secret: r.invoice }],
  'invoices.checkoutSession': (r) => [
    { params: { id: r.invoice }, body: { id: r.invoice }, secret: r.invoice },
  ],
};

/** Routes that name a record which is nobody's own, each with why. */
const notOthersRecords: Record<string, string> = {
  'availability.slots':
    "a tutor's free slots are what students book from (trials.slots offers them to anyone); the sectionId only sets the length",
  'availability.freeDays':
    'which days a tutor has free times is what the booking calendar shows from availability.slots (trials.freeDays offers it to anyone)',
  'trials.book': 'tutorId chooses among the tutors a trial may be booked with',
  'progress.record': "subTopicId names the public catalogue; the progress recorded is the caller's own",
  'sessions.create': "subTopicId names the public catalogue; the session made is the caller's own",
  'tutorFeedbacks.rating':
    "a tutor's rating is what everyone choosing a tutor sees (the directory): a mean and a count, no one's words",
};

const strangers = [
  { name: 'a student', role: defaultRoles.Student, session: () => strangerStudent },
  { name: 'a tutor', role: defaultRoles.Tutor, session: () => strangerTutor },
];
/** A path parameter, or a query or body field that names a record by id. */
const recordField = /^(id|course|section|student)$|Ids?$/;
const namesRecord = (route: RouteDef) =>
  pathParams(route.path).length > 0 ||
  [...Object.keys(objectShape(route.query)), ...Object.keys(objectShape(route.body))].some((field) =>
    recordField.test(field),
  );
const callableBy = (route: RouteDef, role: (typeof strangers)[number]['role']) =>
  route.access.kind !== 'public' && accessAllows(route.access, role, fullPermissionSet());
const othersReach = routes.filter(
  (route) => namesRecord(route) && strangers.some((stranger) => callableBy(route, stranger.role)),
);

describe("another user's record is a 404 or a 403, never the record", () => {
  let records: OthersRecords;

  beforeAll(async () => {
    const sam = demoStudent;
    const tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
    const made = async (routeId: string, token: string, body: unknown) => {
      const { status, body: answer } = await local.api.call<{ _id: string }>(routeId, { token, body });
      expect(status, `${routeId}: ${JSON.stringify(answer)}`).toBeLessThan(300);
      return answer._id;
    };
    const fcmToken = await made('fcmTokens.create', sam.token, { token: `sam-device-${Math.random()}` });
    const trial = await foreignRecords.trials!();
    const { body: trialRead } = await local.api.call<{ trial: { studentId: string } }>('trials.recordings', {
      token: demoAdmin.token,
      params: trial.params,
    });
    const teamsLesson = await demoLesson('TEAMS');
    const zoomLesson = await demoLesson('ZOOM');
    const request = (await foreignRecords['meeting-requests']!()).params.id!;
    const section = await made('sections.adminCreate', demoAdmin.token, {
      course: MATHS,
      kind: 'SECTION',
      title: 'Sam and Tom only',
    });
    const homework = await made('homeworks.create', tom.token, { course: MATHS, title: 'Sam and Tom only' });
    const submission = await made('homework.submit', sam.token, { section: homework, text: 'My answer' });
    const historyRow = (await foreignRecords['lesson-history']!()).params.id!;
    const session = (await foreignRecords.sessions!()).params.id!;
    const subject = await local.api.call<{ subjectCode: string }>('curriculums.subjectMap', {
      body: { subjectCode: '0580' },
    });
    const topics = await local.api.call<{ docs: Array<{ subTopics: Array<{ _id: string }> }> }>(
      'topics.getTopics',
      { body: { subjectCode: subject.body.subjectCode } },
    );
    const subTopic = topics.body.docs[0]!.subTopics[0]!._id;
    const bookmark = await made('bookmarks.create', tom.token, {
      studentId: SAM,
      subTopicId: subTopic,
      pageNo: 1,
    });
    const endedLesson = await endedDemoLesson();
    const tutorFeedback = await made('tutorFeedbacks.create', sam.token, { section: endedLesson, rating: 5 });
    const studentFeedback = await made('studentFeedbacks.create', tom.token, {
      section: endedLesson,
      studentId: SAM,
      rating: 5,
    });
    const invoice = (await foreignRecords.invoices!()).params.id!;
    const profileEntries: Record<string, string> = {};
    for (const kind of ['experiences', 'qualifications', 'achievements', 'languages'] as const) {
      const { status, body } = await local.api.call<Record<string, Array<{ _id: string }>>>(
        `profile.${kind}.create`,
        { token: tom.token, body: profileEntryBodies[kind] },
      );
      expect(status, JSON.stringify(body)).toBe(200);
      profileEntries[kind] = body[kind]?.at(-1)?._id ?? '';
    }
    const chemistry = { curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 11' };
    const taught = await local.api.call<{ subjects: Array<{ _id: string; subject: string; grade: string }> }>(
      'profile.subjects.add',
      { token: tom.token, body: chemistry },
    );
    expect(taught.status, JSON.stringify(taught.body)).toBe(200);
    profileEntries.subjects =
      taught.body.subjects.find((s) => s.subject === chemistry.subject && s.grade === chemistry.grade)?._id ??
      '';
    const payments = await foreignRecords.payments!();
    const checkoutSession = payments.paramsFor?.('payments.courseSubscriptionSession')?.id ?? '';
    const penaltyWaiver = await demoPenaltyWaiver();
    records = {
      notification: await samNotification(),
      checkoutSession,
      penaltyWaiver,
      profileEntries,
      endedLesson,
      tutorFeedback,
      studentFeedback,
      invoice,
      fcmToken,
      trial: trial.params.id!,
      trialStudent: trialRead.trial.studentId,
      teamsLesson,
      zoomLesson,
      request,
      section,
      homework,
      submission,
      historyRow,
      session,
      bookmark,
      subTopic,
    };
  });

  it('every route a student or a tutor may call with a record id has an ask, or a reason it needs none', () => {
    const missing = othersReach
      .map((route) => route.id)
      .filter((id) => !othersRecords[id] && !notOthersRecords[id]);
    expect(missing).toEqual([]);
    const stale = [...Object.keys(othersRecords), ...Object.keys(notOthersRecords)].filter(
      (id) => !othersReach.some((route) => route.id === id),
    );
    expect(stale).toEqual([]);
  });

  const cases = othersReach.flatMap((route) =>
    strangers
      .filter((stranger) => callableBy(route, stranger.role))
      .map((stranger) => [route.id, stranger.name, route, stranger] as const),
  );
  it.each(cases.filter(([id]) => othersRecords[id]))('%s as %s', async (id, _, route, stranger) => {
    for (const ask of othersRecords[id]!(records)) {
      const { status, body } = await local.api.call(route.id, {
        token: stranger.session().token,
        params: ask.params,
        query: ask.query,
        body: ask.body,
      });
      const answer = JSON.stringify(body ?? null);
      expect(answer.includes(ask.secret), `${id} answered ${answer}`).toBe(false);
      if (ask.filtersOwn) expect(status, answer).toBe(200);
      else expect([403, 404], answer).toContain(status);
    }
  });
});
