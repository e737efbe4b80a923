import { groupRoutes } from '../../shared/routes/price-catalogue';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { groupsRepository } from '../repositories/price-catalogue';

export const handler = resourceHandler('groups', groupRoutes, {
  ...crudOperations({
    resource: 'groups',
    label: 'group',
    repository: groupsRepository,
    filterFields: ['status'],
    // The plans a group holds, counted in each plan write's transaction (functions/repositories/price-catalogue.ts).
    deleteGuards: [
      { entity: 'plan', count: async (tenant, id) => (await groupsRepository.get(tenant, id))?.plans ?? 0 },
    ],
    protectedReason: (group) =>
      group.isDefault
        ? `${group.name} is the group every student starts in and cannot be deleted`
        : undefined,
    refuseUpdate: (_tenant, group, changes) =>
      group.isDefault && changes.status === 'INACTIVE'
        ? `${group.name} is the group every student starts in and stays active`
        : undefined,
  }),
});
