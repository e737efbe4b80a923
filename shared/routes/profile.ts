import * as z from 'zod';
import { profileParts } from '../schemas/profile-lists';
import { genders, userTypes } from '../schemas/user';
import {
  accountFieldsSchema,
  achievementSchema,
  adminNoteSchema,
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
    notes: z.array(adminNoteSchema).optional(),
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

export const profileUpdateSchema = accountFieldsSchema.partial().extend(profileDetailsSchema.shape).strict();
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
