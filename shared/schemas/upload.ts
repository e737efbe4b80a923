import * as z from 'zod';
import {
  allowedUploadTypes,
  isAllowedUploadType,
  MAX_UPLOAD_BYTES,
  normalizeContentType,
  uploadPurposes,
} from '../rules/uploads';
import { requiredText } from './common';

export const presignUploadBodySchema = z.object({
  fileName: requiredText('File name', 255),
  contentType: z
    .string({ error: 'Content type is required' })
    .max(200)
    .transform(normalizeContentType)
    .refine(isAllowedUploadType, {
      message: `This file type cannot be uploaded. Allowed: ${allowedUploadTypes.join(', ')}`,
    }),
  size: z
    .number({ error: 'Size is required' })
    .int('Size must be a whole number of bytes')
    .min(1, 'The file is empty')
    .max(MAX_UPLOAD_BYTES, `A file may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`),
  purpose: z.enum(uploadPurposes),
});
export type PresignUploadBody = z.infer<typeof presignUploadBodySchema>;

/** Where and how the browser sends the file, and where it can be read afterwards. */
export const presignedUploadSchema = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry exactly (they are part of the signature). */
  headers: z.record(z.string(), z.string()),
  fileKey: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  expiresIn: z.number(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
