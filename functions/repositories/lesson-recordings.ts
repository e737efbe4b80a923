import * as z from 'zod';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';

/**
 * A lesson's recordings as its provider finished them (Zoom's recording.completed): one item per file,
 * keyed by the provider's file id, in the lesson's attendance partition. A delivery repeated writes the
 * same item again.
 */
export const lessonRecordingSchema = z.object({
  sectionId: z.string(),
  fileId: z.string(),
  provider: z.enum(['ZOOM', 'TEAMS']),
  fileType: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  playUrl: z.string().nullable(),
  sizeBytes: z.number().nullable(),
});
export type LessonRecording = z.infer<typeof lessonRecordingSchema>;

const lessonRecordings = defineEntity({
  name: 'lessonRecording',
  schema: lessonRecordingSchema,
  keyAttributes: ['sectionId', 'fileId'],
  key: (tenant, recording) => keys.lessonRecording(tenant, recording.sectionId, recording.fileId),
});

export const lessonRecordingsRepository = {
  putMany(tenant: string, recordings: LessonRecording[]): Promise<void> {
    return lessonRecordings.putMany(tenant, recordings);
  },
  /** One Query of the lesson's partition, its recordings' range only. */
  of(tenant: string, sectionId: string): Promise<LessonRecording[]> {
    return lessonRecordings.query({
      partition: keys.lessonRecording(tenant, sectionId, '').pk,
      sortKey: { beginsWith: keys.lessonRecordingPrefix },
    });
  },
};
