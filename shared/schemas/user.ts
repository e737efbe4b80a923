import * as z from 'zod';
import { emailSchema, passwordSchema, requiredText } from './common';
import { roleSchema } from './role';

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
  role: roleSchema.omit({ createdAt: true, updatedAt: true }),
  timezone: z.string().optional(),
  userMapper: userMapperSchema.optional(),
  isTrialApplied: z.boolean(),
  isQuiztopiyaPendingTrial: z.boolean(),
  assessmentEngineDate: z.string().nullable(),
  quiztopiyaTrialExpiration: z.string().nullable(),
  isContinueSubmissionWithTimerEnabled: z.boolean(),
  impersonatedBy: z.string().optional(),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const signUpBodySchema = z.object({
  firstname: requiredText('First name', 80),
  lastname: requiredText('Last name', 80),
  email: emailSchema,
  password: passwordSchema,
  timezone: z.string().max(64).optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;
