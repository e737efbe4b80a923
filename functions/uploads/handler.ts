import { uploadRoutes } from '../../shared/routes/uploads';
import { cleanFileName } from '../../shared/rules/file-name';
import { UPLOAD_URL_TTL_SECONDS, uploadKey } from '../../shared/rules/uploads';
import type { PresignedUpload } from '../../shared/schemas/upload';
import { fileStorage } from '../lib/file-storage';
import { resourceHandler } from '../lib/pipeline';

export const handler = resourceHandler('uploads', uploadRoutes, {
  // Any signed-in user may upload: what the file is then attached to (a resource, a submission) is checked
  // by that route. The key keeps the file under the caller's tenant and user.
  'uploads.presign': async ({ tenant, caller, body }): Promise<PresignedUpload> => {
    const fileName = cleanFileName(body.fileName);
    const fileKey = uploadKey(tenant.key, body.purpose, caller.user._id, fileName);
    const storage = fileStorage();
    const signed = await storage.presignUpload({
      key: fileKey,
      contentType: body.contentType,
      size: body.size,
      expiresIn: UPLOAD_URL_TTL_SECONDS,
    });
    return {
      uploadUrl: signed.url,
      method: 'PUT',
      headers: signed.headers,
      fileKey,
      fileUrl: storage.fileUrl(fileKey),
      fileName,
      expiresIn: UPLOAD_URL_TTL_SECONDS,
    };
  },
});
