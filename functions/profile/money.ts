import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { moneyDoc } from '../../shared/money/schemas';
import type { ProfilePlans, UserProfile } from '../../shared/routes/profile';
import type { BankDetailsInput } from '../../shared/schemas/bank-details';
import type { StoredStudentRate } from '../../shared/schemas/rates';
import { studentRatesFor } from '../crud/student-rate-operations';
import { auditWrite } from '../repositories/audit-log';
import { coursesRepository, userMemberships } from '../repositories/courses';
import { userSubscriptions } from '../repositories/payments';
import { flexiblePlansRepository, subscriptionPlansRepository } from '../repositories/price-catalogue';
import { bankDetailsWrite } from '../repositories/profiles';
import {
  studentFlexibleRatesRepository,
  studentFlexibleRateVersionsRepository,
  studentSubscriptionRatesRepository,
  studentSubscriptionRateVersionsRepository,
} from '../repositories/rates';
import { getUsers, liveUserCheck } from '../repositories/users';
import { writeTransaction } from '../table/transactions';
import { linkedAccountsOf, load, type ProfileView, presentProfile, requireWritable } from './service';

/**
 * The money tabs of a profile (issue #18 item 7) that are more than a field: the plans tab's read and the
 * bank details' write. Which caller sees and writes them is shared/rules/user-profile.ts's, as for every
 * part; payment history and tutor rates are read through their own resources' calls.
 */

/**
 * Saves a tutor's bank details whole, with an audit entry naming who changed them (the admin, when one is
 * signed in as the tutor), in one transaction with a check that the tutor's account is live.
 */
export async function saveBankDetails(view: ProfileView, input: BankDetailsInput): Promise<UserProfile> {
  const { access } = await load(view);
  requireWritable(access, ['bankDetails']);
  const actorId = view.caller.impersonatedBy ?? view.caller.user._id;
  await writeTransaction(
    [
      bankDetailsWrite(view.tenant, view.userId, input, { userId: actorId, now: new Date().toISOString() }),
      auditWrite(view.tenant, { action: 'bankDetailsChanged', actorId, subjectId: view.userId }),
      liveUserCheck(view.tenant, view.userId),
    ],
    (index) =>
      index === 2
        ? new NotFoundError('User not found')
        : new ConflictError('These bank details were changed meanwhile. Please try again.'),
    'This profile is busy right now. Please try again in a moment.',
  );
  return presentProfile(view);
}

const priced = (rate: StoredStudentRate, planName: string | undefined) => ({
  ...rate,
  price: moneyDoc(rate.price),
  ...(planName ? { planName } : {}),
});

/** One student's plans: subscriptions as their newest events left them, enrolments, and rates now. */
async function plansOf(
  tenant: string,
  person: { _id: string; firstname: string; lastname: string; level?: string | undefined },
): Promise<ProfilePlans['people'][number]> {
  const rateQuery = { grade: person.level };
  const [subscriptions, memberships, flexible, subscription] = await Promise.all([
    userSubscriptions(tenant, person._id),
    userMemberships(tenant, person._id),
    studentRatesFor(
      tenant,
      person._id,
      rateQuery,
      studentFlexibleRatesRepository,
      studentFlexibleRateVersionsRepository,
    ),
    studentRatesFor(
      tenant,
      person._id,
      rateQuery,
      studentSubscriptionRatesRepository,
      studentSubscriptionRateVersionsRepository,
    ),
  ]);
  const enrolled = memberships.filter((member) => member.role === 'student');
  const courseIds = [
    ...enrolled.map((member) => member.course),
    ...subscriptions.flatMap((state) => (state.courseId ? [state.courseId] : [])),
  ];
  // A subscription names its plan; a rate the plan it prices (its package).
  const planIds = subscriptions.flatMap((state) => (state.planId ? [state.planId] : []));
  const subscriptionPlanIds = [...planIds, ...subscription.map((rate) => rate.packageId)];
  const flexiblePlanIds = [...planIds, ...flexible.map((rate) => rate.packageId)];
  const [courses, subscriptionPlans, flexiblePlans] = await Promise.all([
    courseIds.length > 0 ? coursesRepository.getMany(tenant, courseIds) : [],
    subscriptionPlanIds.length > 0 ? subscriptionPlansRepository.getMany(tenant, subscriptionPlanIds) : [],
    flexiblePlanIds.length > 0 ? flexiblePlansRepository.getMany(tenant, flexiblePlanIds) : [],
  ]);
  const courseTitle = new Map(courses.map((course) => [course._id, course.title]));
  const planName = new Map([...flexiblePlans, ...subscriptionPlans].map((plan) => [plan._id, plan.name]));
  return {
    _id: person._id,
    firstname: person.firstname,
    lastname: person.lastname,
    subscriptions: subscriptions
      .map((state) => {
        const name = state.planId ? planName.get(state.planId) : undefined;
        const title = state.courseId ? courseTitle.get(state.courseId) : undefined;
        return {
          _id: state.objectId,
          paymentType: state.paymentType,
          status: state.status,
          ...(state.planId ? { planId: state.planId } : {}),
          ...(name ? { planName: name } : {}),
          ...(state.courseId ? { courseId: state.courseId } : {}),
          ...(title ? { courseTitle: title } : {}),
          ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
          updatedAt: state.updatedAt,
        };
      })
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    enrolments: enrolled.map((member) => ({
      courseId: member.course,
      // A course deleted since: its id stands for its title.
      courseTitle: courseTitle.get(member.course) ?? member.course,
      ...(member.enrolmentType ? { enrolmentType: member.enrolmentType } : {}),
      enrolment: member.enrolment,
      status: member.status,
      createdAt: member.createdAt,
    })),
    rates: {
      flexible: flexible.map((rate) => priced(rate, planName.get(rate.packageId))),
      subscription: subscription.map((rate) => priced(rate, planName.get(rate.packageId))),
    },
  };
}

/**
 * The plans tab: a student's own plans, or a parent's children's (a child's payments are made for the child,
 * so a parent's own account holds none). Refused (403) to a caller the tab is hidden from.
 */
export async function profilePlans(view: ProfileView): Promise<ProfilePlans> {
  const { stored, access } = await load(view);
  if (!access.visible.has('plans')) throw new ForbiddenError('You do not have permission to see: plans');
  const { user } = stored;
  const people =
    user.type === 'parent'
      ? await getUsers(
          view.tenant,
          (await linkedAccountsOf(view.tenant, user)).map((child) => child._id),
        )
      : [user];
  return { people: await Promise.all(people.map((person) => plansOf(view.tenant, person))) };
}
