import { useApi } from '../../../lib/api-client';

export interface MappedAccount {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
}

/** GET /user/mapped-accounts: the accounts the caller may switch to. */
export function useMappedAccounts() {
  return useApi<{ docs: MappedAccount[] }>(['users.mappedAccounts']);
}
