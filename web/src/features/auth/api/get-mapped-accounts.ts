import { type ApiAnswer, useApi } from '../../../lib/api-client';

/** An account the caller may switch to. */
export type MappedAccount = ApiAnswer<'users.mappedAccounts'>['docs'][number];

/** GET /user/mapped-accounts: the accounts the caller may switch to. */
export function useMappedAccounts() {
  return useApi(['users.mappedAccounts']);
}
