import type { Role } from '../../shared/schemas/role';
import type { AuthUser } from '../../shared/schemas/user';
import type { UserMapperRecord } from '../repositories/user-mappers';
import type { UserRecord } from '../repositories/users';

/** The user as the client reads it: never the password hash or internal fields. */
export function toAuthUser(
  user: UserRecord,
  role: Role,
  mapped?: { mapper: UserMapperRecord; users: UserRecord[] },
  impersonatedBy?: string,
): AuthUser {
  return {
    _id: user._id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    type: user.type,
    role: {
      _id: role._id,
      name: role.name,
      type: role.type,
      isGuest: role.isGuest,
      permissions: role.permissions,
    },
    ...(user.timezone ? { timezone: user.timezone } : {}),
    ...(mapped
      ? {
          userMapper: {
            _id: mapped.mapper._id,
            users: mapped.users.map((u) => ({
              _id: u._id,
              firstname: u.firstname,
              lastname: u.lastname,
              email: u.email,
            })),
          },
        }
      : {}),
    isTrialApplied: user.isTrialApplied,
    isQuiztopiyaPendingTrial: user.isQuiztopiyaPendingTrial,
    assessmentEngineDate: user.assessmentEngineDate,
    quiztopiyaTrialExpiration: user.quiztopiyaTrialExpiration,
    isContinueSubmissionWithTimerEnabled: user.isContinueSubmissionWithTimerEnabled,
    ...(impersonatedBy ? { impersonatedBy } : {}),
    createdAt: user.createdAt,
  };
}
