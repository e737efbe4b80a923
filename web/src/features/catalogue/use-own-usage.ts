import type { AuthUser } from '../../../../shared/schemas/user';
import { useApi } from '../../lib/api-client';
import { canCall } from '../../lib/permissions';

/**
 * The signed-in learner's usage this month and their limitation (null when unlimited); nothing for a
 * visitor or a role off the usage plan. Same key as the dashboard's card, so both share one cache entry.
 */
export function useOwnUsage(user: AuthUser | undefined) {
  return useApi(
    user && canCall(user, 'usage.userDetails') ? ['usage.userDetails', { body: { userId: user._id } }] : null,
  );
}
