import { type ManualAdjustment, manualAdjustmentSchema } from '../../shared/schemas/manual-adjustment';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

/**
 * Manual adjustments, append-only (inserted on the condition their id is free, never updated or deleted),
 * newest first; by the adjusted user (the spec's tutorId filter) and by settings category from their list
 * indexes; dates are a range of the creation order.
 */
export const manualAdjustmentsRepository = collectionRepository<ManualAdjustment, 'userId' | 'category'>({
  collection: collections.manualAdjustments,
  schema: manualAdjustmentSchema,
  label: 'adjustment',
  searchFields: ['note'],
  sortFields: ['createdAt'],
  lists: {
    filters: {
      userId: (adjustment) => adjustment.userId,
      category: (adjustment) => adjustment.category,
    },
    indexes: [
      { name: 'user', filters: ['userId'], order: 'createdAt', count: 'keys' },
      { name: 'category', filters: ['category'], order: 'createdAt', count: 'days' },
    ],
  },
});
