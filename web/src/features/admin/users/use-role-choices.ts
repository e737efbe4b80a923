import { useApi } from '../../../lib/api-client';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';

/**
 * The roles the Users screens offer (the create form's and the user page's role choice, the list's role
 * filter): an admin who creates or edits users reads them without the roles-list permission
 * (adminUsers.roleChoices); one who only views users reads the roles list if they may. Nobody else gets a
 * choice, and sees the role's name only.
 */
export function useRoleChoices() {
  const user = useSession()?.user;
  const choices = useApi(canCall(user, 'adminUsers.roleChoices') ? ['adminUsers.roleChoices'] : null);
  const listed = useApi(
    !canCall(user, 'adminUsers.roleChoices') && canCall(user, 'roles.list')
      ? ['roles.list', { query: { limit: 100, offset: 0 } }]
      : null,
  );
  return choices.data?.docs ?? listed.data?.docs;
}
