import { useState } from 'react';
import { toastSuccess } from '../../lib/toaster';
import type { Profile } from './profile-calls';

/**
 * A profile screen's write (a sub-record, a subject, an admin note): busy while it runs, its answer (the
 * whole profile) handed to `onSaved` and its message toasted; a refusal was toasted by the API client, and
 * `run` says false so a form stays as it was.
 */
export function useProfileWrite(onSaved: (profile: Profile) => void) {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<Profile>, message: string): Promise<boolean> => {
    setBusy(true);
    try {
      onSaved(await call());
      toastSuccess(message);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
