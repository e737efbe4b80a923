import * as z from 'zod';
import { lessonMeetingProviders } from '../../shared/schemas/section';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';

/**
 * A lesson's meeting at its provider, found by the provider's own id: a Zoom webhook names the meeting,
 * not the lesson. Written when the meeting is created, before the lesson (a booking refused afterwards
 * leaves a pointer to no lesson, which the webhook's consumer ignores).
 */
const providerMeetings = defineEntity({
  name: 'providerMeeting',
  schema: z.object({
    provider: z.enum(lessonMeetingProviders),
    meetingId: z.string(),
    sectionId: z.string(),
  }),
  keyAttributes: ['provider', 'meetingId'],
  key: (tenant, meeting) => keys.providerMeeting(tenant, meeting.provider, meeting.meetingId),
});
export type ProviderMeetingRef = z.infer<typeof providerMeetings.schema>;

export const providerMeetingsRepository = {
  putMany(tenant: string, refs: ProviderMeetingRef[]): Promise<void> {
    return providerMeetings.putMany(tenant, refs);
  },
  lessonOf(
    tenant: string,
    provider: ProviderMeetingRef['provider'],
    meetingId: string,
  ): Promise<ProviderMeetingRef | undefined> {
    return providerMeetings.get(tenant, { provider, meetingId });
  },
};
