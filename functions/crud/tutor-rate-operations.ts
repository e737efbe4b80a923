import type { z } from 'zod';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { type MoneyDoc, moneyDoc } from '../../shared/money/schemas';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { inForceAt } from '../../shared/rules/rate-versions';
import {
  chooseTutorRate,
  rateFits,
  type TutorRateTerms,
  tutorRateTermsProblem,
} from '../../shared/rules/tutor-rates';
import type {
  GroupTutorRate,
  GroupTutorRateBody,
  OneToOneTutorRate,
  OneToOneTutorRateBody,
  ownGroupRatesBodySchema,
  ownOneToOneRatesBodySchema,
  StoredGroupTutorRate,
  StoredOneToOneTutorRate,
} from '../../shared/schemas/rates';
import type { Tenant } from '../../shared/schemas/tenant';
import { teaches } from '../access/records';
import { newId } from '../lib/ids';
import type { Caller } from '../lib/request';
import {
  asTermsGroup,
  asTermsOneToOne,
  getOwnRates,
  groupTutorRatesOfTutorCountries,
  groupTutorRatesRepository,
  type OwnRate,
  type OwnRatesClass,
  oneToOneTutorRatesOfTutorCountries,
  oneToOneTutorRatesRepository,
  ownTerms,
  saveOwnRates,
} from '../repositories/tutor-rates';
import { getUser, type UserRecord } from '../repositories/users';
import { accepted } from './money-view';
import { viewedCrudOperations } from './operations';

/** A rate's period must end after it starts, as created and as any update would leave it. */
function checkedTerms<Terms extends { effectiveFrom: string; effectiveTo?: string | null | undefined }>(
  terms: Terms,
): Terms {
  const problem = tutorRateTermsProblem(terms);
  if (problem) throw new BadRequestError(problem);
  return terms;
}

/** A user who can be paid a tutor rate: an existing tutor of the tenant (a 404 otherwise). */
async function tutorOf(tenant: string, userId: string): Promise<UserRecord> {
  const user = await getUser(tenant, userId);
  if (!user || user.deletedAt || user.type !== 'tutor') throw new NotFoundError('Tutor not found');
  return user;
}

/** General rates in force now whose tutor country covers the tutor's (what `user/{userId}` answers). */
function generalRatesFor<R extends TutorRateTerms>(rates: readonly R[], tutor: UserRecord): R[] {
  return rates.filter(
    (rate) =>
      inForceAt(rate, new Date().toISOString()) &&
      rateFits(
        { ...anyLesson, tutorCountry: rate.tutorCountry },
        { ...anyLesson, tutorCountry: tutor.country ?? '' },
      ),
  );
}

/** A lesson that names only what the caller gives; the rest is matched by "any" rates only. */
const anyLesson = { tutorCountry: '', studentCountry: '', kind: '', curriculum: '', grade: '' };

const oneToOneDoc = (rate: StoredOneToOneTutorRate): OneToOneTutorRate => ({
  ...rate,
  rate: moneyDoc(rate.rate),
});
const groupDoc = (rate: StoredGroupTutorRate): GroupTutorRate => ({ ...rate, rate: moneyDoc(rate.rate) });

const ownOneToOneDoc = ({ kind, ...rate }: OwnRate) => ({
  ...rate,
  studentType: kind,
  rate: moneyDoc(rate.rate),
});
const ownGroupDoc = ({ kind, ...rate }: OwnRate) => ({
  ...rate,
  courseType: kind,
  rate: moneyDoc(rate.rate),
});

const oneToOneView = {
  present: oneToOneDoc,
  accept: ({ rate, ...rest }: OneToOneTutorRateBody, tenant: Tenant) =>
    checkedTerms({ ...rest, rate: accepted(rate, tenant), effectiveTo: rest.effectiveTo ?? null }),
  acceptChanges: ({ rate, ...rest }: Partial<OneToOneTutorRateBody>, tenant: Tenant) => ({
    ...rest,
    ...(rate && { rate: accepted(rate, tenant) }),
  }),
};
const groupView = {
  present: groupDoc,
  accept: ({ rate, ...rest }: GroupTutorRateBody, tenant: Tenant) =>
    checkedTerms({ ...rest, rate: accepted(rate, tenant), effectiveTo: rest.effectiveTo ?? null }),
  acceptChanges: ({ rate, ...rest }: Partial<GroupTutorRateBody>, tenant: Tenant) => ({
    ...rest,
    ...(rate && { rate: accepted(rate, tenant) }),
  }),
};

const crudOfOneToOne = viewedCrudOperations(
  {
    resource: 'one-to-one-tutor-rates',
    label: 'one-to-one tutor rate',
    repository: oneToOneTutorRatesRepository,
    filterFields: ['tutorCountry', 'studentCountry', 'studentType'],
    refuseUpdate: (_tenant, rate, changes) => tutorRateTermsProblem({ ...rate, ...changes }),
    forUser: async (tenant, userId) => {
      const tutor = await tutorOf(tenant.key, userId);
      const rates = await oneToOneTutorRatesOfTutorCountries(tenant.key, [tutor.country ?? '']);
      return generalRatesFor(rates.map(asTermsOneToOne), tutor);
    },
  },
  oneToOneView,
);

const crudOfGroup = viewedCrudOperations(
  {
    resource: 'group-tutor-rates',
    label: 'group tutor rate',
    repository: groupTutorRatesRepository,
    filterFields: ['tutorCountry', 'studentCountry', 'studentType', 'courseType'],
    refuseUpdate: (_tenant, rate, changes) => tutorRateTermsProblem({ ...rate, ...changes }),
    forUser: async (tenant, userId) => {
      const tutor = await tutorOf(tenant.key, userId);
      const rates = await groupTutorRatesOfTutorCountries(tenant.key, [tutor.country ?? '']);
      return generalRatesFor(rates.map(asTermsGroup), tutor);
    },
  },
  groupView,
);

// ---- a tutor's own rates ------------------------------------------------------------------------------

type OwnBody<Kind extends 'studentType' | 'courseType'> = Kind extends 'studentType'
  ? z.output<typeof ownOneToOneRatesBodySchema>
  : z.output<typeof ownGroupRatesBodySchema>;

/** The own rates as stored from a body: each checked, in a currency the tenant takes, with a new id. */
function ownRatesFrom(
  rates: Array<{
    studentCountry: string;
    curriculum: string;
    grade: string;
    rate: MoneyDoc;
    effectiveFrom: string;
    effectiveTo?: string | null | undefined;
    kind: string;
  }>,
  tenant: Tenant,
  now: string,
): OwnRate[] {
  return rates.map((rate) =>
    checkedTerms({
      ...rate,
      _id: newId(),
      createdAt: now,
      rate: accepted(rate.rate, tenant),
      effectiveTo: rate.effectiveTo ?? null,
    }),
  );
}

async function setOwnRates(
  tenant: Tenant,
  userId: string,
  classType: OwnRatesClass,
  rates: Parameters<typeof ownRatesFrom>[0],
): Promise<{ rates: OwnRate[]; updatedAt: string }> {
  await tutorOf(tenant.key, userId);
  const now = new Date().toISOString();
  const stored = ownRatesFrom(rates, tenant, now);
  const current = await getOwnRates(tenant.key, userId, classType);
  await saveOwnRates(
    tenant.key,
    { userId, classType, rates: stored, updatedAt: now },
    current?.updatedAt ?? null,
  );
  return { rates: stored, updatedAt: now };
}

async function readOwnRates(tenant: string, userId: string, classType: OwnRatesClass) {
  await tutorOf(tenant, userId);
  const current = await getOwnRates(tenant, userId, classType);
  return { rates: current?.rates ?? [], updatedAt: current?.updatedAt ?? null };
}

/** The caller's rates in force now: their own, and the general ones for their country. */
async function myRates<R extends TutorRateTerms>(
  tenant: string,
  caller: Caller,
  classType: OwnRatesClass,
  general: R[],
): Promise<{ own: OwnRate[]; general: R[] }> {
  if (caller.user.type !== 'tutor') return { own: [], general: [] };
  const own = (await getOwnRates(tenant, caller.user._id, classType))?.rates ?? [];
  return {
    own: own.filter((rate) => inForceAt(rate, new Date().toISOString())),
    general: generalRatesFor(general, caller.user),
  };
}

/**
 * GET /one-to-one-tutor-rates/student/{studentId}: the rate a tutor is paid for the student now. A tutor asks
 * about themself (another tutor's rate is a 403) and a student they teach (another is a 404); the
 * back-office names the tutor and any student.
 */
async function rateForStudent(
  tenant: string,
  caller: Caller,
  studentId: string,
  query: {
    tutorId?: string | undefined;
    curriculum?: string | undefined;
    grade?: string | undefined;
    studentType?: string | undefined;
  },
) {
  const backOffice = isBackOfficeRole(caller.role);
  const tutorId = query.tutorId ?? (backOffice ? undefined : caller.user._id);
  if (!tutorId) throw new BadRequestError('Name the tutor (tutorId)');
  if (!backOffice && tutorId !== caller.user._id)
    throw new ForbiddenError('You can read only your own rates');
  const tutor = await tutorOf(tenant, tutorId);
  const student = await getUser(tenant, studentId);
  // A tutor asks about the students they teach: anyone else's is unknown to them (its country would show).
  const known = student && !student.deletedAt && (backOffice || (await teaches(tenant, tutorId, studentId)));
  if (!student || !known) throw new NotFoundError('Student not found');
  const [general, own] = await Promise.all([
    oneToOneTutorRatesOfTutorCountries(tenant, [tutor.country ?? '']),
    getOwnRates(tenant, tutorId, 'ONETOONE'),
  ]);
  const chosen = chooseTutorRate(
    { tutor: (own?.rates ?? []).map(ownTerms), general: general.map(asTermsOneToOne) },
    {
      start: new Date().toISOString(),
      tutorCountry: tutor.country ?? '',
      studentCountry: student.country ?? '',
      // The student's own type unless the caller asks about another.
      kind: query.studentType ?? student.rateStudentType ?? '',
      curriculum: query.curriculum ?? '',
      grade: query.grade ?? '',
    },
  );
  return chosen
    ? { rate: moneyDoc(chosen.rate.rate), rateId: chosen.rate._id, source: chosen.source }
    : { rate: null, rateId: null, source: null };
}

export const oneToOneTutorRateOperations = {
  ...crudOfOneToOne,
  'one-to-one-tutor-rates.mine': async ({ tenant, caller }: { tenant: Tenant; caller: Caller }) => {
    const rates = await myRates(
      tenant.key,
      caller,
      'ONETOONE',
      (await oneToOneTutorRatesOfTutorCountries(tenant.key, [caller.user.country ?? ''])).map(
        asTermsOneToOne,
      ),
    );
    return { own: rates.own.map(ownOneToOneDoc), general: rates.general.map(oneToOneDoc) };
  },
  'one-to-one-tutor-rates.forStudent': async ({
    tenant,
    caller,
    params,
    query,
  }: {
    tenant: Tenant;
    caller: Caller;
    params: { studentId: string };
    query: Parameters<typeof rateForStudent>[3];
  }) => rateForStudent(tenant.key, caller, params.studentId, query),
  'one-to-one-tutor-rates.ownOf': async ({
    tenant,
    params,
  }: {
    tenant: Tenant;
    params: { userId: string };
  }) => {
    const own = await readOwnRates(tenant.key, params.userId, 'ONETOONE');
    return { userId: params.userId, docs: own.rates.map(ownOneToOneDoc), updatedAt: own.updatedAt };
  },
  'one-to-one-tutor-rates.setOwn': async ({
    tenant,
    params,
    body,
  }: {
    tenant: Tenant;
    params: { userId: string };
    body: OwnBody<'studentType'>;
  }) => {
    const rates = body.rates.map(({ studentType, ...rate }) => ({ ...rate, kind: studentType }));
    const saved = await setOwnRates(tenant, params.userId, 'ONETOONE', rates);
    return { userId: params.userId, docs: saved.rates.map(ownOneToOneDoc), updatedAt: saved.updatedAt };
  },
};

export const groupTutorRateOperations = {
  ...crudOfGroup,
  'group-tutor-rates.mine': async ({ tenant, caller }: { tenant: Tenant; caller: Caller }) => {
    const rates = await myRates(
      tenant.key,
      caller,
      'GROUP',
      (await groupTutorRatesOfTutorCountries(tenant.key, [caller.user.country ?? ''])).map(asTermsGroup),
    );
    return { own: rates.own.map(ownGroupDoc), general: rates.general.map(groupDoc) };
  },
  'group-tutor-rates.ownOf': async ({ tenant, params }: { tenant: Tenant; params: { userId: string } }) => {
    const own = await readOwnRates(tenant.key, params.userId, 'GROUP');
    return { userId: params.userId, docs: own.rates.map(ownGroupDoc), updatedAt: own.updatedAt };
  },
  'group-tutor-rates.setOwn': async ({
    tenant,
    params,
    body,
  }: {
    tenant: Tenant;
    params: { userId: string };
    body: OwnBody<'courseType'>;
  }) => {
    const rates = body.rates.map(({ courseType, ...rate }) => ({ ...rate, kind: courseType }));
    const saved = await setOwnRates(tenant, params.userId, 'GROUP', rates);
    return { userId: params.userId, docs: saved.rates.map(ownGroupDoc), updatedAt: saved.updatedAt };
  },
};
