import * as z from 'zod';
import { fcmTokenBodySchema } from '../schemas/auth';
import { route, signedIn } from './define';

/** Push-notification tokens of the signed-in user's devices. */
export const fcmTokenRoutes = [
  route({
    id: 'fcmTokens.create',
    method: 'POST',
    path: '/fcm-token',
    resource: 'fcm-tokens',
    access: signedIn,
    body: fcmTokenBodySchema,
    response: z.object({ _id: z.string() }),
    summary: 'Register a push-notification token for the caller',
  }),
  route({
    id: 'fcmTokens.delete',
    method: 'DELETE',
    path: '/fcm-token/{id}',
    resource: 'fcm-tokens',
    access: signedIn,
    response: z.object({ _id: z.string() }),
    summary: 'Remove one of the caller’s push-notification tokens',
  }),
];
