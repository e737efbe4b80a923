import { presignedUploadSchema, presignUploadBodySchema } from '../schemas/upload';
import { route, signedIn } from './define';

/** Spec 001 section 5: file uploads go straight to storage through a short-lived presigned URL. */
export const uploadRoutes = [
  route({
    id: 'uploads.presign',
    method: 'POST',
    path: '/uploads/presigned-url',
    resource: 'uploads',
    access: signedIn,
    body: presignUploadBodySchema.strict(),
    response: presignedUploadSchema,
    summary: 'A presigned PUT for one file (cleaned, time-stamped name under the tenant), and its URL',
  }),
];
