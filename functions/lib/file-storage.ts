import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { keyToUrlPath, S3_KEY_PREFIX } from '../../shared/rules/uploads';
import { config } from './config';
import { localFileStorage } from './file-storage-local';

export interface UploadRequest {
  /** The tenant-prefixed key (shared/rules/uploads.ts uploadKey). */
  key: string;
  contentType: string;
  /** Bytes; the signature binds it, so a different body size is refused by the store. */
  size: number;
  expiresIn: number;
}

export interface SignedUpload {
  url: string;
  /** Headers the PUT must send exactly as given (they are signed). */
  headers: Record<string, string>;
}

/**
 * The file-storage port: the browser sends a file straight to storage through a short-lived presigned PUT
 * (no file bytes pass through a Lambda), then reads it at a stable URL. S3 in the cloud; locally the local
 * gateway's blob store, which checks its own signed URLs the way S3 does.
 */
export interface FileStorage {
  presignUpload(request: UploadRequest): Promise<SignedUpload>;
  /** Where the stored file is served. */
  fileUrl(key: string): string;
}

export function s3FileStorage(client: S3Client, bucket: string, publicBaseUrl: string): FileStorage {
  return {
    async presignUpload({ key, contentType, size, expiresIn }) {
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key: `${S3_KEY_PREFIX}${key}`,
        ContentType: contentType,
        ContentLength: size,
      });
      // Content type and length are signed: S3 refuses a PUT of another type or size (the declared size
      // passed the 50 MB check, so the stored file cannot be larger).
      const url = await getSignedUrl(client, command, {
        expiresIn,
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return { url, headers: { 'content-type': contentType } };
    },
    fileUrl: (key) => `${publicBaseUrl.replace(/\/$/, '')}/${keyToUrlPath(key)}`,
  };
}

let storage: FileStorage | undefined;
export function fileStorage(): FileStorage {
  if (!storage) {
    const settings = config();
    if (settings.FILE_STORAGE_ADAPTER === 's3') {
      if (!settings.UPLOADS_BUCKET || !settings.UPLOADS_PUBLIC_URL) {
        throw new Error('UPLOADS_BUCKET and UPLOADS_PUBLIC_URL must be set for the s3 file storage');
      }
      storage = s3FileStorage(
        new S3Client({ region: settings.AWS_REGION }),
        settings.UPLOADS_BUCKET,
        settings.UPLOADS_PUBLIC_URL,
      );
    } else {
      if (!settings.BLOB_BASE_URL || !settings.BLOB_SIGNING_KEY) {
        throw new Error('BLOB_BASE_URL and BLOB_SIGNING_KEY must be set for the local file storage');
      }
      storage = localFileStorage(settings.BLOB_BASE_URL, settings.BLOB_SIGNING_KEY);
    }
  }
  return storage;
}

export function resetFileStorage(): void {
  storage = undefined;
}
