import { NotFoundError } from '../../shared/http/errors';
import { fcmTokenRoutes } from '../../shared/routes/fcm-tokens';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { deleteFcmToken, putFcmToken } from '../repositories/fcm-tokens';

export const handler = resourceHandler('fcm-tokens', fcmTokenRoutes, {
  'fcmTokens.create': async ({ tenant, caller, body }) =>
    respond(201, { _id: await putFcmToken(tenant.key, caller.user._id, body.token, body.device) }),
  'fcmTokens.delete': async ({ tenant, caller, params }) => {
    if (!(await deleteFcmToken(tenant.key, caller.user._id, params.id)))
      throw new NotFoundError('Push token not found');
    return { _id: params.id };
  },
});
