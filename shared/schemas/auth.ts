import * as z from 'zod/mini';
import { emailSchema, passwordSchema } from './common';
import { authUserSchema } from './user';
import './zod-english';

/**
 * POST /oauth/token, form-encoded. Password grant (username, password), client-credentials grant, and
 * the quiz side's optional auth_type, auth_token, user_id, old_token (external identity and token swap).
 */
export const tokenRequestSchema = z.strictObject({
  grant_type: z.enum(['password', 'client_credentials'], {
    error: 'grant_type must be password or client_credentials',
  }),
  client_id: z.optional(z.string().check(z.maxLength(128))),
  client_secret: z.optional(z.string().check(z.maxLength(256))),
  username: z.optional(z.string().check(z.maxLength(254))),
  password: z.optional(z.string().check(z.maxLength(128))),
  scope: z.optional(z.string().check(z.maxLength(256))),
  auth_type: z.optional(z.string().check(z.maxLength(32))),
  auth_token: z.optional(z.string().check(z.maxLength(4096))),
  user_id: z.optional(z.string().check(z.maxLength(64))),
  old_token: z.optional(z.string().check(z.maxLength(4096))),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  oauthUser: z.optional(authUserSchema),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  token: z.string().check(z.minLength(16), z.maxLength(128)),
  password: passwordSchema,
});

export const logInAsUserBodySchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
});
export const fcmTokenBodySchema = z.strictObject({
  token: z.string().check(z.minLength(10), z.maxLength(4096)),
  device: z.optional(z.string().check(z.maxLength(100))),
});
export const messageSchema = z.object({ message: z.string() });
