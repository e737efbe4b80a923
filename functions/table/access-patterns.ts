/**
 * Every access pattern of the single table, in one place. Keys begin with `T#<tenant>` so no query can
 * cross tenants; the only exception is the domain -> tenant look-up, which is how a request finds its
 * tenant in the first place.
 *
 * | pattern                               | operation                    | keys                                              |
 * |---------------------------------------|------------------------------|---------------------------------------------------|
 * | tenant by key                         | GetItem                      | pk TENANT#<key>, sk TENANT                        |
 * | tenant by request domain              | GetItem                      | pk DOMAIN#<domain>, sk DOMAIN                     |
 * | user by id                            | GetItem                      | pk T#t#USER#<id>, sk PROFILE                      |
 * | user id by e-mail (unique)            | GetItem                      | pk T#t#EMAIL#<email>, sk EMAIL                    |
 * | users of a role (verify-delete)       | Query gsi1 (Select COUNT)    | gsi1pk T#t#ROLE#<roleId>#USERS                    |
 * | a user's push tokens                  | Query                        | pk T#t#USER#<id>, sk begins_with FCM#             |
 * | user-mapper by id                     | GetItem                      | pk T#t#USERMAPPER#<id>, sk MAPPER                 |
 * | password-reset token (single use)     | GetItem / conditional Delete | pk T#t#RESET#<sha256(token)>, sk RESET            |
 * | failed-login throttle window          | UpdateItem (ADD)             | pk T#t#THROTTLE#<kind>#<value>, sk THROTTLE       |
 * | collection record by id (CRUD)        | GetItem                      | pk T#t#<COLLECTION>, sk <id>                      |
 * | collection page (CRUD, newest first)  | Query gsi1, keys-only skip   | gsi1pk T#t#<COLLECTION>, gsi1sk <createdAt>#<id>  |
 * | collection size (CRUD)                | GetItem (maintained counter) | pk T#t#COUNTERS, sk <COLLECTION>                  |
 * | audit trail, newest first             | Query                        | pk T#t#AUDIT, sk <id>                             |
 */
export const keys = {
  tenant: (key: string) => ({ pk: `TENANT#${key}`, sk: 'TENANT' }),
  tenantDomain: (domain: string) => ({ pk: `DOMAIN#${domain.toLowerCase()}`, sk: 'DOMAIN' }),
  user: (tenant: string, userId: string) => ({ pk: `T#${tenant}#USER#${userId}`, sk: 'PROFILE' }),
  userEmail: (tenant: string, email: string) => ({ pk: `T#${tenant}#EMAIL#${email}`, sk: 'EMAIL' }),
  usersOfRoleIndex: (tenant: string, roleId: string) => `T#${tenant}#ROLE#${roleId}#USERS`,
  userMapper: (tenant: string, mapperId: string) => ({
    pk: `T#${tenant}#USERMAPPER#${mapperId}`,
    sk: 'MAPPER',
  }),
  fcmToken: (tenant: string, userId: string, tokenId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `FCM#${tokenId}`,
  }),
  fcmTokenPrefix: 'FCM#',
  passwordReset: (tenant: string, tokenHash: string) => ({
    pk: `T#${tenant}#RESET#${tokenHash}`,
    sk: 'RESET',
  }),
  throttle: (tenant: string, kind: string, value: string) => ({
    pk: `T#${tenant}#THROTTLE#${kind}#${value}`,
    sk: 'THROTTLE',
  }),
  collection: (tenant: string, collection: string) => `T#${tenant}#${collection}`,
  collectionItem: (tenant: string, collection: string, id: string) => ({
    pk: `T#${tenant}#${collection}`,
    sk: id,
  }),
  collectionOrder: (tenant: string, collection: string, createdAt: string, id: string) => ({
    gsi1pk: `T#${tenant}#${collection}`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  counter: (tenant: string, collection: string) => ({ pk: `T#${tenant}#COUNTERS`, sk: collection }),
  audit: (tenant: string, id: string) => ({ pk: `T#${tenant}#AUDIT`, sk: id }),
} as const;

/** Names of the CRUD collections (the `<COLLECTION>` part of their keys). */
export const collections = {
  roles: 'ROLE',
} as const;
