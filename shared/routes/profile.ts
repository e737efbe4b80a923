import * as z from 'zod';
import { paymentTypes } from '../money/finance';
import { bankDetailsInputSchema, bankDetailsViewSchema } from '../schemas/bank-details';
import { enrolments, enrolmentTypes, memberStatuses } from '../schemas/course';
import { profileParts } from '../schemas/profile-lists';
import { studentRateDocSchema } from '../schemas/rates';
import { genders, userTypes } from '../schemas/user';
import {
  accountFieldsSchema,
  achievementSchema,
  adminNoteSchema,
  billingEmailSchema,
  experienceSchema,
  languageSchema,
  profileDetailsSchema,
  profileEntryInputSchemas,
  qualificationSchema,
  subjectInputSchema,
  userSubjectSchema,
} from '../schemas/user-profile';
import { type Access, permission, route } from './define';

const profilePartSchema = z.enum(profileParts);

/**
 * A person's profile as a screen reads it: the account, the details and sub-records the caller may see
 * (absent otherwise), what the caller may write (`access`, from shared/rules/user-profile.ts), and for an
 * admin the notes and linked accounts.
 */
export const userProfileSchema = z
  .object({
    // The account's fields as stored: checked against the lists on the way in (accountFieldsSchema), not
    // again on the way out (an account made before the lists, e.g. a sign-up's free time zone, still reads).
    firstname: z.string(),
    lastname: z.string(),
    phone: z.string().optional(),
    country: z.string().optional(),
    level: z.string().optional(),
    timezone: z.string().optional(),
    gender: z.enum(genders).optional(),
    _id: z.string(),
    email: z.string(),
    type: z.enum(userTypes),
    roleId: z.string(),
    roleName: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    details: profileDetailsSchema,
    experiences: z.array(experienceSchema).optional(),
    qualifications: z.array(qualificationSchema).optional(),
    achievements: z.array(achievementSchema).optional(),
    languages: z.array(languageSchema).optional(),
    subjects: z.array(userSubjectSchema).optional(),
    /** The billingEmail part: the e-mail payments are billed to, when one is set. */
    billingEmail: z.string().optional(),
    /** The bankDetails part (a tutor's), when stored: the account number masked unless `access` shows it. */
    bankDetails: bankDetailsViewSchema.optional(),
    notes: z.array(adminNoteSchema).optional(),
    /**
     * A student's one-to-one tutor rate student type and when it was assigned, for an admin's view (''
     * and absent: none).
     */
    rateStudentType: z.string().optional(),
    rateStudentTypeAssignedAt: z.string().optional(),
    /** A parent's children, or a child's parent (the user mapper), for an admin's view. */
    linkedAccounts: z
      .array(z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() }))
      .optional(),
    access: z.object({
      edit: z.boolean(),
      visible: z.array(profilePartSchema),
      writable: z.array(profilePartSchema),
    }),
  })
  .strict();
export type UserProfile = z.infer<typeof userProfileSchema>;

export const profileUpdateSchema = accountFieldsSchema
  .partial()
  .extend(profileDetailsSchema.shape)
  .extend({ billingEmail: billingEmailSchema.optional() })
  .strict();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * The sub-record routes of one profile, the same for one's own (`/profile`) and an admin's view of a user
 * (`/admin/users/{id}`): create, change and delete experiences, qualifications, achievements and
 * languages; add and remove subjects. Each answers the whole profile, as the screen shows it after.
 */
export function profileEntryRoutes<
  const Prefix extends string,
  const Base extends string,
  const Resource extends string,
  const Guard extends Access,
>(prefix: Prefix, base: Base, resource: Resource, access: Guard) {
  const entryRoutes = <const Kind extends keyof typeof profileEntryInputSchemas, Input extends z.ZodObject>(
    kind: Kind,
    input: Input,
  ) =>
    [
      route({
        id: `${prefix}.${kind}.create`,
        method: 'POST',
        path: `${base}/${kind}`,
        resource,
        access,
        body: input,
        response: userProfileSchema,
        summary: `Add to the profile's ${kind}`,
      }),
      route({
        id: `${prefix}.${kind}.update`,
        method: 'PUT',
        path: `${base}/${kind}/{entryId}`,
        resource,
        access,
        body: input,
        response: userProfileSchema,
        summary: `Change one of the profile's ${kind}`,
      }),
      route({
        id: `${prefix}.${kind}.delete`,
        method: 'DELETE',
        path: `${base}/${kind}/{entryId}`,
        resource,
        access,
        response: userProfileSchema,
        summary: `Delete one of the profile's ${kind}`,
      }),
    ] as const;
  return [
    // Strict here, where each schema's shape is known (see lesson-feedback.ts on generic schemas).
    ...entryRoutes('experiences', profileEntryInputSchemas.experiences.strict()),
    ...entryRoutes('qualifications', profileEntryInputSchemas.qualifications.strict()),
    ...entryRoutes('achievements', profileEntryInputSchemas.achievements.strict()),
    ...entryRoutes('languages', profileEntryInputSchemas.languages.strict()),
    route({
      id: `${prefix}.subjects.add`,
      method: 'POST',
      path: `${base}/subjects`,
      resource,
      access,
      body: subjectInputSchema.strict(),
      response: userProfileSchema,
      summary: "Add a subject (curriculum, subject, grade); a tutor's are the subjects they teach",
    }),
    route({
      id: `${prefix}.subjects.remove`,
      method: 'DELETE',
      path: `${base}/subjects/{entryId}`,
      resource,
      access,
      response: userProfileSchema,
      summary: 'Remove a subject',
    }),
  ] as const;
}

/** A subscription of the person's, as its newest payment-provider event left it. */
export const planSubscriptionSchema = z.object({
  _id: z.string(),
  paymentType: z.enum(paymentTypes),
  /** The provider's subscription status (active, past_due, canceled...). */
  status: z.string(),
  planId: z.string().optional(),
  planName: z.string().optional(),
  courseId: z.string().optional(),
  courseTitle: z.string().optional(),
  currentPeriodEnd: z.string().optional(),
  cancelAtPeriodEnd: z.boolean(),
  updatedAt: z.string(),
});

/** A course the person is enrolled in (or was), and how. */
export const planEnrolmentSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  enrolmentType: z.enum(enrolmentTypes).optional(),
  enrolment: z.enum(enrolments),
  status: z.enum(memberStatuses),
  createdAt: z.string(),
});

/** A student rate with the name of the plan it prices. */
const planRateSchema = studentRateDocSchema.extend({ planName: z.string().optional() });

/**
 * The plans tab: for a student themself, for a parent each of their children (payments are made for the
 * child): the subscriptions and enrolments, and the student rates that price their plans now.
 */
export const profilePlansSchema = z.object({
  people: z.array(
    z.object({
      _id: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      subscriptions: z.array(planSubscriptionSchema),
      enrolments: z.array(planEnrolmentSchema),
      rates: z.object({
        flexible: z.array(planRateSchema),
        subscription: z.array(planRateSchema),
      }),
    }),
  ),
});
export type ProfilePlans = z.infer<typeof profilePlansSchema>;

/**
 * The money tabs' own calls of one profile, the same for one's own (`/profile`) and an admin's view of a
 * user (`/admin/users/{id}`): the plans tab's read and the bank details' write (the billing e-mail is saved
 * with the profile; payment history and tutor rates are read with their own resources' calls). The part's
 * permission is checked by the service (a 403 naming it), as for every part.
 */
export function profileMoneyRoutes<
  const Prefix extends string,
  const Base extends string,
  const Resource extends string,
  const View extends Access,
  const Edit extends Access,
>(prefix: Prefix, base: Base, resource: Resource, view: View, edit: Edit) {
  return [
    route({
      id: `${prefix}.plans`,
      method: 'GET',
      path: `${base}/plans`,
      resource,
      access: view,
      response: profilePlansSchema,
      summary:
        "The profile's plans: subscriptions, enrolments and student rates (a parent's: their children's)",
    }),
    route({
      id: `${prefix}.bankDetails.update`,
      method: 'PUT',
      path: `${base}/bank-details`,
      resource,
      access: edit,
      body: bankDetailsInputSchema.strict(),
      response: userProfileSchema,
      summary: 'Set a tutor\'s bank details ("Details updated successfully!"); audited',
    }),
  ] as const;
}

/**
 * One's own profile (spec 000 section 6): read, change ("Details updated successfully!"), the sub-records,
 * and deleting one's own account, which signs out and leaves what others need (lessons taught, payments)
 * under an anonymised name.
 */
export const profileRoutes = [
  route({
    id: 'profile.get',
    method: 'GET',
    path: '/profile',
    resource: 'profile',
    access: permission('profile', 'view'),
    response: userProfileSchema,
    summary: 'My profile, with the parts my permissions show',
  }),
  route({
    id: 'profile.update',
    method: 'PUT',
    path: '/profile',
    resource: 'profile',
    access: permission('profile', 'edit'),
    body: profileUpdateSchema,
    response: userProfileSchema,
    summary: 'Change my profile, each part only with its permission ("Details updated successfully!")',
  }),
  ...profileEntryRoutes('profile', '/profile', 'profile', permission('profile', 'edit')),
  ...profileMoneyRoutes(
    'profile',
    '/profile',
    'profile',
    permission('profile', 'view'),
    permission('profile', 'edit'),
  ),
  route({
    id: 'profile.deleteAccount',
    method: 'POST',
    path: '/profile/delete-account',
    resource: 'profile',
    access: permission('profile', 'delete'),
    body: z.object({ confirm: z.literal('DELETE', { error: 'Type DELETE to confirm' }) }).strict(),
    response: z.object({ _id: z.string() }),
    summary: 'Delete my account: I am signed out; what others need is kept, anonymised',
  }),
];
