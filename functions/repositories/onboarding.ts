import * as z from 'zod';
import { type Onboarding, onboardingSchema } from '../../shared/schemas/learning-data';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';

/**
 * An onboarding as stored: the answers' limits and trimming are the input's business (checked on the way
 * in), so the stored text is read as it is.
 */
const onboardingRecordSchema = onboardingSchema.extend({
  curriculum: z.string(),
  grade: z.string(),
  subjects: z.array(z.string()),
  notes: z.string(),
  examDate: z.string().optional(),
});

/** One onboarding record per user, under the user (its `_id` is the user's id). */
const onboardings = defineEntity({
  name: 'onboarding',
  schema: onboardingRecordSchema,
  keyAttributes: ['userId'],
  key: (tenant, onboarding) => keys.onboarding(tenant, onboarding.userId),
});

export function getOnboarding(tenant: string, userId: string): Promise<Onboarding | undefined> {
  return onboardings.get(tenant, { userId });
}

export function putOnboarding(tenant: string, onboarding: Onboarding): Promise<void> {
  return onboardings.put(tenant, onboarding);
}
