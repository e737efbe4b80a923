import { useSession } from '../../lib/session';
import { deviceTimeZone } from '../../lib/time-zone';

/**
 * The zone the back-office shows and takes lesson times in: the admin's own (their profile's), else the
 * browser's. One zone for the section editor, the course's lessons and the schedule, so they agree.
 */
export function useAdminZone(): string {
  const session = useSession();
  return session?.user.timezone || deviceTimeZone();
}
