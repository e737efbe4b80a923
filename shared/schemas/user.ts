import * as z from 'zod/mini';
import { emailSchema, passwordSchema, requiredText } from './common';
import { roleSchema } from './role';
import './zod-english';

/** A parent has an account of their own, linked to their children's by a user-mapper. */
export const userTypes = ['student', 'parent', 'tutor', 'admin', 'guest'] as const;
export type UserType = (typeof userTypes)[number];

/** Spec 000 section 9, from the plain lists (profile-lists.ts has no schemas, so the screens load no zod). */
export { type Gender, genders } from './profile-lists';

/** A parent's user-mapper links the student accounts they may switch between (/manage-accounts). */
export const userMapperSchema = z.object({
  _id: z.string(),
  users: z.array(
    z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() }),
  ),
});

/** The signed-in user as the client reads it (spec 000 section 3; field names as in the contract). */
export const authUserSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: z.enum(userTypes),
  role: z.omit(roleSchema, { createdAt: true, updatedAt: true }),
  timezone: z.optional(z.string()),
  userMapper: z.optional(userMapperSchema),
  isTrialApplied: z.boolean(),
  isQuiztopiyaPendingTrial: z.boolean(),
  assessmentEngineDate: z.nullable(z.string()),
  quiztopiyaTrialExpiration: z.nullable(z.string()),
  isContinueSubmissionWithTimerEnabled: z.boolean(),
  impersonatedBy: z.optional(z.string()),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const signUpBodySchema = z.object({
  firstname: requiredText('First name', 80),
  lastname: requiredText('Last name', 80),
  email: emailSchema,
  password: passwordSchema,
  timezone: z.optional(z.string().check(z.maxLength(64))),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
