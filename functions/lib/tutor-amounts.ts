import { ForbiddenError } from '../../shared/http/errors';
import { callerHolds } from './access';
import type { Caller } from './request';

/**
 * Spec 001 section 6: tutor amounts (a request's penalty, a waiver's amount) are lesson history columns;
 * asking for them (includeTutorAmountData=1) needs a role holding the tutorAmount or tutorPenalty column
 * permission: the Admin and Approver roles, and the Tutor role (for the tutor's own records, the only ones
 * the user calls return). A student's role holds neither: a 403.
 */
export function tutorAmountsWanted(caller: Caller, includeTutorAmountData: string | undefined): boolean {
  if (includeTutorAmountData !== '1') return false;
  if (!callerHolds(caller, ['lessonHistory'], ['tutorAmount', 'tutorPenalty'])) {
    throw new ForbiddenError('Your role cannot see tutor amounts');
  }
  return true;
}
