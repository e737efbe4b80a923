import { type ApiAnswer, callApi } from './api-client';
import { hasRoute } from './routes';
import { toastError } from './toaster';

/** What a RESOURCE section or a homework attachment stores about an uploaded file. */
export interface UploadedFile {
  url: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** Whether this build knows the upload call (the link path works without it). */
export function canUploadFiles(): boolean {
  return hasRoute('uploads.presign');
}

/**
 * Uploads one file: asks POST /uploads/presigned-url for a short-lived PUT, sends the bytes there with the
 * headers it names (they are part of the signature), and answers where the file can be read. Failures are
 * toasted (the presign call's message wins) and answer undefined.
 */
export async function uploadFile(
  file: File,
  purpose: 'resource' | 'submission',
): Promise<UploadedFile | undefined> {
  const contentType = file.type || 'application/octet-stream';
  let presigned: ApiAnswer<'uploads.presign'>;
  try {
    presigned = await callApi('uploads.presign', {
      body: { fileName: file.name, contentType, size: file.size, purpose },
    });
  } catch (error) {
    // callApi toasts server answers; an unknown route (uploads not deployed in this build) is said here.
    if (!canUploadFiles()) toastError('File uploads are not available yet; add a link instead');
    else if (!(error instanceof Error && error.name === 'ApiError')) toastError('The upload could not start');
    return undefined;
  }
  try {
    const response = await fetch(presigned.uploadUrl, {
      method: presigned.method,
      headers: presigned.headers,
      body: file,
    });
    if (!response.ok) throw new Error(`The storage answered ${response.status}`);
  } catch {
    toastError(`${file.name} could not be uploaded. Please try again.`);
    return undefined;
  }
  return { url: presigned.fileUrl, fileName: presigned.fileName, contentType, size: file.size };
}
