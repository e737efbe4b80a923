import * as z from 'zod';
import { emailSchema, passwordSchema } from './common';
import { authUserSchema } from './user';

/**
 * POST /oauth/token, form-encoded. Password grant (username, password), client-credentials grant, and
 * the quiz side's optional auth_type, auth_token, user_id, old_token (external identity and token swap).
 */
export const tokenRequestSchema = z
  .object({
    grant_type: z.enum(['password', 'client_credentials'], {
      error: 'grant_type must be password or client_credentials',
    }),
    client_id: z.string().max(128).optional(),
    client_secret: z.string().max(256).optional(),
    username: z.string().max(254).optional(),
    password: z.string().max(128).optional(),
    scope: z.string().max(256).optional(),
    auth_type: z.string().max(32).optional(),
    auth_token: z.string().max(4096).optional(),
    user_id: z.string().max(64).optional(),
    old_token: z.string().max(4096).optional(),
  })
  .strict();
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  oauthUser: authUserSchema.optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema }).strict();
export const resetPasswordBodySchema = z
  .object({
    email: emailSchema,
    token: z.string().min(16).max(128),
    password: passwordSchema,
  })
  .strict();

export const logInAsUserBodySchema = z.object({ userId: z.string().min(1).max(64) }).strict();
export const fcmTokenBodySchema = z
  .object({ token: z.string().min(10).max(4096), device: z.string().max(100).optional() })
  .strict();
export const messageSchema = z.object({ message: z.string() });
