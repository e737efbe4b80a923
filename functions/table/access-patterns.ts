/**
 * Every access pattern of the single table, in one place. Keys begin with `T#<tenant>` so no query can
 * cross tenants; the only exception is the domain -> tenant look-up, which is how a request finds its
 * tenant in the first place.
 *
 * | pattern                               | operation                    | keys                                              |
 * |---------------------------------------|------------------------------|---------------------------------------------------|
 * | tenant by key                         | GetItem                      | pk TENANT#<key>, sk TENANT                        |
 * | tenant by request domain              | GetItem                      | pk DOMAIN#<domain>, sk DOMAIN                     |
 * | a domain's one tenant (onboarding)    | conditional Put in a txn     | pk DOMAIN#<domain>, sk DOMAIN                     |
 * | user by id                            | GetItem                      | pk T#t#USER#<id>, sk PROFILE                      |
 * | user id by e-mail (unique)            | GetItem                      | pk T#t#EMAIL#<email>, sk EMAIL                    |
 * | users of a role (verify-delete)       | Query gsi1 (Select COUNT)    | gsi1pk T#t#ROLE#<roleId>#USERS                    |
 * | students or tutors by name (pickers)  | Query gsi2, bounded read     | gsi2pk T#t#USERTYPE#<type>, gsi2sk <name email>#id|
 * | how many students or tutors           | GetItem (maintained counter) | pk T#t#COUNTERS, sk USERTYPE#<type>               |
 * | how many admin accounts (last admin)  | GetItem (maintained counter) | pk T#t#COUNTERS, sk USERTYPE#admin                |
 * | a user's whole profile: the user,     | Query (one, consistent)      | pk T#t#USER#<id>, sk begins_with PROFILE          |
 * |   details, sub-records, notes, counts  |                              |   (the user record itself is sk PROFILE)          |
 * | a profile's details                   | UpdateItem (SET named fields)| pk T#t#USER#<id>, sk PROFILE#DETAILS              |
 * | a profile's sub-record (experience,   | conditional Put / Delete in a| pk T#t#USER#<id>, sk PROFILE#ENTRY#<kind>#<id>    |
 * |   qualification, achievement, language|   txn with its kind's count  |   (a student's subject: <id> from the subject)    |
 * |   student subject)                    |                              |                                                   |
 * | how many of a kind a profile holds    | conditional UpdateItem (ADD, | pk T#t#USER#<id>, sk PROFILE#COUNT#<kind>         |
 * |   (at most MAX_PROFILE_ENTRIES)       |   count < max) in that txn   |                                                   |
 * | a tutor's bank details (read with the | Put in a txn with its audit  | pk T#t#USER#<id>, sk PROFILE#BANK                 |
 * |   profile only)                       |   entry and a live-user check|                                                   |
 * | an admin's note on a user             | Put / conditional Delete     | pk T#t#USER#<id>, sk PROFILE#NOTE#<noteId>        |
 * |                                       |   (by its author) + count    |                                                   |
 * | a child's one parent (user-mapper)    | conditional UpdateItem on the| pk T#t#USER#<childId>, sk PROFILE: userMapperId   |
 * |                                       |   child (absent or this one) |   absent or this parent's mapper                  |
 * | a user's push tokens                  | Query                        | pk T#t#USER#<id>, sk begins_with FCM#             |
 * | user-mapper by id                     | GetItem                      | pk T#t#USERMAPPER#<id>, sk MAPPER                 |
 * | password-reset token (single use)     | GetItem / conditional Delete | pk T#t#RESET#<sha256(token)>, sk RESET            |
 * | sign-in attempts in a window          | conditional UpdateItem (ADD) | pk T#t#THROTTLE#<kind>#<value>, sk THROTTLE       |
 * |   (callback requests: both counters   |   (conditional Updates in a  |                                                   |
 * |   and the request, all or none)       |   txn with the request's Put)|                                                   |
 * | collection record by id (CRUD)        | GetItem                      | pk T#t#<COLLECTION>, sk <id>                      |
 * | collection page (CRUD, newest first)  | Query gsi1, keys-only skip   | gsi1pk T#t#<COLLECTION>, gsi1sk <createdAt>#<id>  |
 * | collection size (CRUD)                | GetItem (maintained counter) | pk T#t#COUNTERS, sk <COLLECTION>                  |
 * | a list filtered by an index's values  | Query, keys-only skip, then  | pk T#t#<COLLECTION>#LIST#<index>[#<value>...],    |
 * |   (functions/crud/list-index.ts)      |   BatchGetItem of the page   |   sk <order time>#<id> (a pointer per record)     |
 * | its total, and a date range's total   | Query (day counters), plus   | pk T#t#<COLLECTION>#LISTCOUNT, sk <YYYY-MM-DD>,   |
 * |                                       |   COUNT of the two edge days |   attribute <index>[#<value>...] (per day)        |
 * | admin Users list: sorted / searched   | Query, keys-only skip, then  | pk T#t#USERS#LIST#sort-<key>.<filters>[#<value>..]|
 * |   by role and/or country; dropdown by |   BatchGetItem of the page;  |   (also search-<option>., dropdown.), sk          |
 * |   type and country and/or level       |   a search: prefix Query     |   <sort or search key>#<userId>                   |
 * | their totals (sharded counts)         | Query (32 shard items)       | pk T#t#USERS#LISTCOUNT, sk <shard>, attribute     |
 * |                                       |                              |   USERS#LIST#<filters>[#<value>...]               |
 * | a course template's outline           | GetItem                      | pk T#t#COURSETEMPLATE#<id>, sk OUTLINE            |
 * | audit trail, newest first             | Query                        | pk T#t#AUDIT, sk <id>                             |
 * | callback requests, newest first       | Put / Query, keys-only skip  | pk T#t#CALLBACKREQUEST, sk <id>                   |
 * | tutor availability                    | GetItem / BatchGetItem       | pk T#t#USER#<id>, sk AVAILABILITY                 |
 * | a tutor's teaching subjects           | Query                        | pk T#t#USER#<id>, sk begins_with TEACHES#         |
 * | tutors teaching a subject and grade   | Query gsi1                   | gsi1pk T#t#TEACHES#<curriculum>#<subject>#<grade> |
 * | listed tutors of a country (directory)| Query (projected, bounded)   | pk T#t#TUTORDIR#<country>, sk <name key>#<id>     |
 * | how many tutors a country lists       | GetItem (maintained counter) | pk T#t#COUNTERS, sk TUTORDIR#<country>            |
 * | the directory's order (tutor sorting) | GetItem / Put (one item)     | pk T#t#SETTINGS, sk TUTORSORTING                  |
 * | tutors' booked lessons on UTC days    | BatchGetItem (day x shard)   | pk T#t#BUSYDAY#<YYYY-MM-DD>#<shard>, sk BUSY      |
 * | a tutor's claimed 5-minute buckets    | conditional Put / Delete     | pk T#t#CLAIM#<tutorId>, sk <bucket start ISO>     |
 * | a user's lessons in a date range      | Query                        | pk T#t#USER#<id>, sk between LESSON#<from> .. <to>|
 * | section by id                         | GetItem                      | pk T#t#SECTION#<id>, sk SECTION                   |
 * | a course's sections (tree)            | Query gsi1                   | gsi1pk T#t#COURSE#<id>#SECTIONS                   |
 * | every lesson by start (admin schedule)| Query gsi2, keys-only skip   | gsi2pk T#t#LESSONS, gsi2sk <start>#<id>           |
 * | lessons starting on a UTC day         | Query each busy shard's      | pk T#t#LESSONS#LISTCOUNT#<shard>, sk <YYYY-MM-DD>,|
 * |                                       |   day counters               |   attribute start (shard of the tutor)            |
 * | a participant's first join of a lesson| UpdateItem (if_not_exists)   | pk T#t#ATTENDANCE#<sectionId>, sk <start>#<userId>|
 * | the joins of ended lessons (history)  | BatchGetItem (participants)  | pk T#t#ATTENDANCE#<sectionId>, sk <start>#<userId>|
 * | a lesson's meeting start (one winner) | conditional Put (absent)     | pk T#t#ATTENDANCE#<sectionId>, sk <start>#MEETING |
 * | a participant's first wait in the room| UpdateItem (if_not_exists)   | pk T#t#ATTENDANCE#<sectionId>,                    |
 * |   (the room's waiting list: Query)    |   Query begins_with          |   sk <start>#WAITING#<userId>                     |
 * | a participant's last leave of a lesson| UpdateItem (only later)      | pk T#t#ATTENDANCE#<sectionId>, sk <start>#<userId>|
 * | a lesson's recordings (provider's)    | Put / Query begins_with      | pk T#t#ATTENDANCE#<sectionId>, sk REC#<fileId>    |
 * | a provider's meeting -> its lesson    | Put at booking / GetItem     | pk T#t#PROVIDERMEETING#<provider>#<meetingId>,    |
 * |   (webhooks name the meeting only)    |                              |   sk MEETING                                      |
 * | a Zoom event received (once per body) | conditional Put + outbox txn | pk T#t#ZOOMEVENT#<sha256 of body>, sk EVENT       |
 * | a course's members (tutors, students) | Query                        | pk T#t#COURSE#<id>#MEMBERS, sk <role>#<userId>    |
 * | a user's courses, newest first        | Query gsi1                   | gsi1pk T#t#USER#<id>#COURSES                      |
 * | a student's trials                    | Query gsi2                   | gsi2pk T#t#USER#<id>#TRIALS                       |
 * | a tutor's trials (pointer items)      | Query, then BatchGetItem     | pk T#t#USER#<id>, sk TRIAL#<trialId>              |
 * | a trial e-mail already sent           | conditional Put              | pk T#t#TRIALMAIL#<trialId>, sk <recipientId>      |
 * | an event already handled by a consumer| conditional Put (TTL)        | pk T#t#EVENTCLAIM#<consumer>#<eventId>, sk CLAIM  |
 * | an event to deliver (outbox, TTL)     | Put in the change's txn      | pk T#t#OUTBOX#<eventId>, sk EVENT                 |
 * | a Stripe event received (once per id) | conditional Put + outbox txn | pk T#t#STRIPEEVENT#<eventId>, sk EVENT            |
 * | Stripe reconciliation's watermark     | GetItem / Put (only forward) | pk T#t#STRIPERECONCILE, sk STATE                  |
 * | a ledger entry (append-only, id from   | conditional Put in the txn of| pk T#t#LEDGER#<accountId>, sk ENTRY#<entryId>     |
 * |   its cause) / an account's entries    |   its cause / Query          |                                                   |
 * | a credit account's balance (summary)   | conditional UpdateItem (ADD, | pk T#t#LEDGER#<accountId>, sk BALANCE             |
 * |                                       |   never below 0) in that txn |                                                   |
 * | a user's ledger entries, by time       | Query gsi1                   | gsi1pk T#t#USER#<id>#LEDGER, gsi1sk <at>#<entryId>|
 * | every ledger entry, by time (admin)    | Query gsi2                   | gsi2pk T#t#LEDGER, gsi2sk <at>#<entryId>          |
 * | a payment history row (id from cause)  | conditional Put in its txn   | pk T#t#PAYMENT#<id>, sk PAYMENT                   |
 * | a user's payments, by time             | Query gsi1                   | gsi1pk T#t#USER#<id>#PAYMENTS, gsi1sk <at>#<id>   |
 * | every payment, by time (admin)         | Query gsi2                   | gsi2pk T#t#PAYMENTS, gsi2sk <at>#<id>             |
 * | a month's revenue / tutor pay per      | UpdateItem (ADD) in the txn  | pk T#t#FINSUM, sk <REVENUE|TUTORPAY>#<YYYY-MM>#   |
 * |   currency (UTC month; finance charts) |   of each fact it sums       |   <currency>                                      |
 * | the summaries of a period (charts)     | Query, range                 | sk between <report>#<from> .. <report>#<to>#~     |
 * | payments of a zone's month edges       | Query gsi2, range, projected | gsi2sk between <zone start> and <UTC start>       |
 * |   (revenue chart, per month boundary)  |                              |                                                   |
 * | the payment a Stripe object paid for   | conditional Put / UpdateItem | pk T#t#STRIPEREF#<objectId>, sk REF               |
 * |   (refunds and disputes find it; its   |   (refunded: = as read) in   |                                                   |
 * |   refunded total)                      |   the refund's txn           |                                                   |
 * | an event waiting for the payment of a  | Put / Query (the object's),  | pk T#t#STRIPEREF#<objectId>, sk WAITING#<eventId> |
 * |   Stripe object (a refund before it)   |   read when the payment lands|                                                   |
 * | a Stripe object's latest state (by its | conditional Put (version <)  | pk T#t#STRIPEOBJECT#<objectId>, sk STATE          |
 * |   newest event: out-of-order safe)     |                              |                                                   |
 * | a user's subscriptions                 | Query gsi1                   | gsi1pk T#t#USER#<id>#SUBSCRIPTIONS                |
 * | an admin's notes on a money record      | Put / conditional Delete,    | pk T#t#MONEYNOTE#<kind>#<recordId>, sk <noteId>   |
 * |   (payment row, ledger entry)          |   Query (the record's)       |                                                   |
 * | a homework's submissions (by student)| Query gsi2                   | gsi2pk T#t#HOMEWORK#<sectionId>, gsi2sk <student> |
 * | a user's calendar feed token          | GetItem                      | pk T#t#USER#<id>, sk CALENDARFEED                 |
 * | calendar feed token -> user           | GetItem                      | pk T#t#CALENDARFEED#<token>, sk FEED              |
 * | every tenant (scheduled jobs)         | Query gsi1                   | gsi1pk TENANTS, gsi1sk <key>                      |
 * | lesson history entry by id (= lesson) | GetItem / conditional Put    | pk T#t#LESSONHISTORY#<lessonId>, sk HISTORY       |
 * | lesson history of a tenant, by start  | Query gsi1, keys-only skip   | gsi1pk T#t#LESSONHISTORY, gsi1sk <start>#<id>     |
 * | lessons of a zone's month edges       | Query gsi1, range, projected | gsi1sk between <zone start> and <UTC start>       |
 * |   (tutor pay chart, per month boundary)|                              |                                                   |
 * | a tutor's lesson history, by start    | Query gsi2                   | gsi2pk T#t#USER#<id>#LESSONHISTORY                |
 * | a student's lesson history, by start  | list index entries (above)   | pk T#t#LESSONHISTORY#LIST#student#<id>            |
 * |   (before: pointer items, backfilled) | (read only by the backfill)  | pk T#t#USER#<id>, sk LESSONHISTORY#<start>#<id>   |
 * | a scheduled job's watermark           | GetItem / Put                | pk T#t#JOBS, sk <job name>                        |
 * | subject by id                         | GetItem                      | pk T#t#SUBJECT#<id>, sk SUBJECT                   |
 * | every subject of the tenant           | Query gsi1                   | gsi1pk T#t#CATALOGUE#SUBJECTS                     |
 * | topic by id                           | GetItem / BatchGetItem       | pk T#t#TOPIC#<id>, sk TOPIC                       |
 * | a subject's topics                    | Query gsi1                   | gsi1pk T#t#SUBJECT#<id>#TOPICS                    |
 * | sub-topic by id                       | GetItem                      | pk T#t#SUBTOPIC#<id>, sk SUBTOPIC                 |
 * | a topic's sub-topics                  | Query gsi1                   | gsi1pk T#t#TOPIC#<id>#SUBTOPICS                   |
 * | every topic / sub-topic (sitemap)     | Query gsi2 (projected)       | gsi2pk T#t#CATALOGUE#TOPICS / #SUBTOPICS          |
 * | meta tag / redirection by site path   | GetItem (unique, conditional)| pk T#t#<COLLECTION>#PATH#<path>, sk PATH          |
 * | tag by name key (unique, conditional) | GetItem / conditional Put    | pk T#t#TAG#NAME#<tagNameKey(name)>, sk NAME       |
 * | role by name key (unique, conditional)| GetItem / conditional Put    | pk T#t#ROLE#NAME#<lower-cased name>, sk NAME      |
 * | price group by name key (unique)      | GetItem / conditional Put    | pk T#t#PRICEGROUP#NAME#<name key>, sk NAME        |
 * | a price group's plans (verify-delete) | ADD plans on the group, in   | the group's item (its `plans` count)              |
 * |                                       |   each plan write's txn      |                                                   |
 * | a plan's / rate version's student     | ADD rates on each, in every  | the plan's and the version's items (`rates`)      |
 * |   rates (verify-delete)               |   rate write's txn           |                                                   |
 * | a rate type's tutor rates             | ADD rates on the type, in    | the type's item (`rates`)                         |
 * |   (verify-delete)                     |   each tutor rate write's txn|                                                   |
 * | a tutor's own tutor rates             | GetItem / conditional Put    | pk T#t#USER#<id>, sk TUTORRATES#<ONETOONE|GROUP>  |
 * | general tutor rates that can pay a    | Query gsi2 twice: the country| gsi2pk T#t#<COLLECTION>#TUTORCOUNTRY#<country key |
 * |   tutor (theirs and "any" country)    |   and the stand-in `*` (any) |   or *>, gsi2sk <effectiveFrom>#<id>              |
 * | a rate type's students / group courses| ADD assigned on the type, in | the type's item (`assigned`)                      |
 * |   (verify-delete)                     |   the user's / course's txn  |                                                   |
 * | a lesson's pay entries (append-only)  | Query / conditional Put in   | pk T#t#LESSONHISTORY#<id>, sk PAY#<entryId>       |
 * |                                       |   the row's txn              |                                                   |
 * | a student's progress per sub-topic     | Get / conditional Put, Query | pk T#t#USER#<id>, sk PROGRESS#<subjectId>#<subTopic>|
 * | learning session by id                | GetItem / conditional Put    | pk T#t#LEARNINGSESSION#<id>, sk SESSION           |
 * | a student's sessions, newest first    | Query gsi1 (gsi2 by sub-topic)| gsi1pk T#t#USER#<id>#SESSIONS, gsi1sk <id>       |
 * | a student's bookmarks, newest first   | Query                        | pk T#t#USER#<id>, sk BOOKMARK#<id>                |
 * | a tutor's bookmarks, newest first     | Query gsi1                   | gsi1pk T#t#USER#<tutorId>#BOOKMARKS               |
 * | a user's onboarding answers           | GetItem / Put                | pk T#t#USER#<id>, sk ONBOARDING                   |
 * | a user's usage counters in a month    | conditional UpdateItem (ADD) | pk T#t#USER#<id>, sk USAGE#<YYYY-MM>              |
 * | an item already counted this month    | conditional Put (TTL)        | pk T#t#USER#<id>, sk USAGEITEM#<YYYY-MM>#<kind>#<key>|
 * | a user's learning-platform access     | GetItem / Put                | pk T#t#USER#<id>, sk USAGEACCESS                  |
 * | a tenant's free-plan usage limits     | GetItem / Put                | pk T#t#SETTINGS, sk USAGE                         |
 * | analytics events of a day (TTL)       | Put / Query (a day's events) | pk T#t#ANALYTICS#<YYYY-MM-DD>, sk <id>            |
 * | a tenant's sitemap state (edits, runs)| UpdateItem (ADD), conditional| pk T#t#SITEMAPSTATE, sk STATE                     |
 * | tenants with unclaimed catalogue edits| Query gsi1 (sparse)          | gsi1pk CHANGEDCATALOGUES, gsi1sk <key>            |
 * | invoice by id; invoices by user,      | CRUD collection INVOICE and  | pk T#t#INVOICE, sk <id>; list entries (above)     |
 * |   user and status, status, number     |   its list indexes           |                                                   |
 * | the last invoice number (sequential)  | conditional UpdateItem (SET  | pk T#t#COUNTERS, sk INVOICENUMBER                 |
 * |                                       |   count = read + 1) in the   |                                                   |
 * |                                       |   invoice's insert txn       |                                                   |
 * | whose turn it is to number an invoice | conditional Put (lease) /    | pk T#t#INVOICENUMBERING, sk TURN                  |
 * |   (concurrent creates take turns)     |   conditional Delete         |                                                   |
 * | a WebSocket connection (TTL)          | Put ($connect) / Delete      | pk T#t#CONNECTION#<connectionId>, sk CONNECTION   |
 * | a user's open connections (fan-out)   | Query gsi1                   | gsi1pk T#t#USER#<id>#CONNECTIONS, gsi1sk <connId> |
 * | the connections registered to a lesson| Query (consistent)           | pk T#t#TOPIC#<lesson|conversation>#<id>,          |
 * |   or conversation (fan-out; TTL)      |                              |   sk <connectionId>                               |
 * | a connection's registrations (removed | Query gsi1, BatchWriteItem   | gsi1pk T#t#CONNECTION#<connectionId>#TOPICS,      |
 * |   with it on $disconnect or a 410)    |   (Delete)                   |   gsi1sk <kind>#<topicId>                         |
 * | a chat conversation (id from its kind | GetItem / conditional Put    | pk T#t#CONVERSATION#<id>, sk CONVERSATION         |
 * |   and members: found, not looked up)  |   (absent) / Update in a txn |                                                   |
 * | a conversation's messages, id order  | Query (range after / before) | pk T#t#CONVERSATION#<id>, sk MSG#<messageId>      |
 * |   (status per member: conditional    |   conditional Put in the     |                                                   |
 * |   UpdateItem, only forward)          |   send's txn                 |                                                   |
 * | a message sent once per client key    | conditional Put (TTL) in the | pk T#t#CONVERSATION#<id>,                         |
 * |                                       |   send's txn                 |   sk CLIENTMSG#<senderId>#<clientId>              |
 * | a member's part in a conversation:    | UpdateItem (ADD, in the txn  | pk T#t#USER#<memberId>, sk CHAT#<conversationId>  |
 * |   unseen count (school: `school`)     |   of the message / the seen) |                                                   |
 * | a member's conversations, by activity | Query gsi1 (newest first)    | gsi1pk T#t#USER#<memberId>#CHATS,                 |
 * |                                       |                              |   gsi1sk <lastMessageTime>#<conversationId>       |
 * | a user's last seen (chat presence)    | GetItem / Put ($disconnect)  | pk T#t#USER#<id>, sk CHATPRESENCE                 |
 * | a user's notifications, newest first  | Query desc, keys-only skip   | pk T#t#USER#<id>, sk NOTIFICATION#<notificationId>|
 * | a notification once per event (or     | conditional Put (absent) in a| the notification's key: its id is the time and a  |
 * |   reminder window) and person         |   txn with the counts' ADD   |   hash of the event (or lesson+start+window) + user|
 * | a user's unread notifications (sparse)| Query gsi1 (mark all read)   | gsi1pk T#t#USER#<id>#UNREAD, gsi1sk <id>          |
 * | a user's notification counts          | GetItem / ADD in those txns  | pk T#t#USER#<id>, sk NOTIFICATIONCOUNT            |
 * | a user's e-mail choices               | GetItem / Put                | pk T#t#USER#<id>, sk NOTIFICATIONPREFS            |
 * | lessons starting in a reminder window | Query gsi2, range            | gsi2pk T#t#LESSONS, gsi2sk <start>#<id> (above)   |
 */
export const keys = {
  tenant: (key: string) => ({ pk: `TENANT#${key}`, sk: 'TENANT' }),
  tenantDomain: (domain: string) => ({ pk: `DOMAIN#${domain.toLowerCase()}`, sk: 'DOMAIN' }),
  user: (tenant: string, userId: string) => ({ pk: `T#${tenant}#USER#${userId}`, sk: 'PROFILE' }),
  /** Every item of a profile begins with this sort key: the user record (sk PROFILE) and its parts. */
  profilePrefix: 'PROFILE',
  profileDetails: (tenant: string, userId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: 'PROFILE#DETAILS',
  }),
  profileEntry: (tenant: string, userId: string, kind: string, entryId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `PROFILE#ENTRY#${kind}#${entryId}`,
  }),
  profileEntryCount: (tenant: string, userId: string, kind: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `PROFILE#COUNT#${kind}`,
  }),
  profileBankDetails: (tenant: string, userId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: 'PROFILE#BANK',
  }),
  adminNote: (tenant: string, userId: string, noteId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `PROFILE#NOTE#${noteId}`,
  }),
  userEmail: (tenant: string, email: string) => ({ pk: `T#${tenant}#EMAIL#${email}`, sk: 'EMAIL' }),
  usersOfRoleIndex: (tenant: string, roleId: string) => `T#${tenant}#ROLE#${roleId}#USERS`,
  usersOfTypeIndex: (tenant: string, type: string) => `T#${tenant}#USERTYPE#${type}`,
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
  /**
   * A list index's partition for some filter values (functions/crud/list-index.ts): its entries point at the
   * records, ordered by `<time>#<id>`. Values are URI-encoded, so a `#` in one cannot shift the others.
   */
  listEntries: (tenant: string, collection: string, index: string, values: readonly string[]) =>
    [`T#${tenant}#${collection}#LIST#${index}`, ...values.map(encodeURIComponent)].join('#'),
  listEntry: (partition: string, order: string, id: string) => ({ pk: partition, sk: `${order}#${id}` }),
  /**
   * How many entries of each list partition of a collection fall on one UTC day: one item per day, an
   * attribute per partition (listCountAttribute), so a record's change moves all its counts in one write.
   */
  listDayCount: (tenant: string, collection: string, day: string, shard?: string) => ({
    pk: `T#${tenant}#${collection}#LISTCOUNT${shard === undefined ? '' : `#${shard}`}`,
    sk: day,
  }),
  /**
   * The counts of the admin Users list's partitions (functions/repositories/user-list-index.ts): one item
   * per shard of users (by id), an attribute per partition, so a user's write moves all its counts in one
   * Update of its shard's item and concurrent sign-ups rarely meet on one item; a total sums the shards.
   */
  userListCounts: (tenant: string, shard: string) => ({ pk: `T#${tenant}#USERS#LISTCOUNT`, sk: shard }),
  listCountAttribute: (index: string, values: readonly string[]) =>
    [index, ...values.map(encodeURIComponent)].join('#'),
  courseTemplateOutline: (tenant: string, templateId: string) => ({
    pk: `T#${tenant}#COURSETEMPLATE#${templateId}`,
    sk: 'OUTLINE',
  }),
  audit: (tenant: string, id: string) => ({ pk: `T#${tenant}#AUDIT`, sk: id }),
  callbackRequest: (tenant: string, id: string) => ({ pk: `T#${tenant}#CALLBACKREQUEST`, sk: id }),
  availability: (tenant: string, userId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: 'AVAILABILITY',
  }),
  teaching: (tenant: string, userId: string, combination: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `TEACHES#${combination}`,
  }),
  teachingPrefix: 'TEACHES#',
  tutorsTeachingIndex: (tenant: string, combination: string) => `T#${tenant}#TEACHES#${combination}`,
  /** A listed tutor's entry in their country's directory (functions/repositories/tutor-directory.ts). */
  tutorListing: (tenant: string, country: string, nameKey: string, userId: string) => ({
    pk: `T#${tenant}#TUTORDIR#${country}`,
    sk: `${nameKey}#${userId}`,
  }),
  tutorListings: (tenant: string, country: string) => `T#${tenant}#TUTORDIR#${country}`,
  tutorSorting: (tenant: string) => ({ pk: `T#${tenant}#SETTINGS`, sk: 'TUTORSORTING' }),
  /** One of a UTC day's busy items (see shared/scheduling/claims): a tutor's lessons are in its shard. */
  busyDayShard: (tenant: string, utcDate: string, shard: number) => ({
    pk: `T#${tenant}#BUSYDAY#${utcDate}#${shard}`,
    sk: 'BUSY',
  }),
  /** Busy days as kept before the shards, one item per tutor and day: read only to migrate them. */
  legacyBusyDayPrefix: (tenant: string) => `T#${tenant}#BUSY#`,
  timeClaim: (tenant: string, tutorId: string, bucketStart: string) => ({
    pk: `T#${tenant}#CLAIM#${tutorId}`,
    sk: bucketStart,
  }),
  scheduleEntry: (tenant: string, userId: string, start: string, sectionId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `LESSON#${start}#${sectionId}`,
  }),
  scheduleEntryPrefix: 'LESSON#',
  section: (tenant: string, sectionId: string) => ({ pk: `T#${tenant}#SECTION#${sectionId}`, sk: 'SECTION' }),
  courseSectionsIndex: (tenant: string, courseId: string) => `T#${tenant}#COURSE#${courseId}#SECTIONS`,
  lessonsIndex: (tenant: string) => `T#${tenant}#LESSONS`,
  /** Keyed by the lesson's start too: a lesson moved to another time starts with nobody joined. */
  lessonJoin: (tenant: string, sectionId: string, start: string, userId: string) => ({
    pk: `T#${tenant}#ATTENDANCE#${sectionId}`,
    sk: `${start}#${userId}`,
  }),
  /** The waiting room's meeting of one sitting (its start), and who waits in it: beside the joins. */
  lessonMeeting: (tenant: string, sectionId: string, start: string) => ({
    pk: `T#${tenant}#ATTENDANCE#${sectionId}`,
    sk: `${start}#MEETING`,
  }),
  lessonWaiting: (tenant: string, sectionId: string, start: string, userId: string) => ({
    pk: `T#${tenant}#ATTENDANCE#${sectionId}`,
    sk: `${start}#WAITING#${userId}`,
  }),
  lessonWaitingPrefix: (start: string) => `${start}#WAITING#`,
  lessonRecording: (tenant: string, sectionId: string, fileId: string) => ({
    pk: `T#${tenant}#ATTENDANCE#${sectionId}`,
    sk: `REC#${fileId}`,
  }),
  lessonRecordingPrefix: 'REC#',
  /** A lesson's meeting at its provider, by the provider's id: a webhook finds its lesson with it. */
  providerMeeting: (tenant: string, provider: string, meetingId: string) => ({
    pk: `T#${tenant}#PROVIDERMEETING#${provider}#${meetingId}`,
    sk: 'MEETING',
  }),
  /** A Zoom webhook event, recorded once: Zoom's events carry no id, so the hash of its signed body names it. */
  zoomEvent: (tenant: string, eventId: string) => ({ pk: `T#${tenant}#ZOOMEVENT#${eventId}`, sk: 'EVENT' }),
  courseMember: (tenant: string, courseId: string, role: string, userId: string) => ({
    pk: `T#${tenant}#COURSE#${courseId}#MEMBERS`,
    sk: `${role}#${userId}`,
  }),
  courseMembersPartition: (tenant: string, courseId: string) => `T#${tenant}#COURSE#${courseId}#MEMBERS`,
  userCoursesIndex: (tenant: string, userId: string) => `T#${tenant}#USER#${userId}#COURSES`,
  calendarFeedOfUser: (tenant: string, userId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: 'CALENDARFEED',
  }),
  calendarFeed: (tenant: string, token: string) => ({ pk: `T#${tenant}#CALENDARFEED#${token}`, sk: 'FEED' }),
  homeworkSubmissionsIndex: (tenant: string, sectionId: string) => `T#${tenant}#HOMEWORK#${sectionId}`,
  userTrialsIndex: (tenant: string, userId: string) => `T#${tenant}#USER#${userId}#TRIALS`,
  /** A tutor's trials: one pointer per trial in the tutor's partition, moved when the lesson's tutor changes. */
  tutorTrial: (tenant: string, tutorId: string, trialId: string) => ({
    pk: `T#${tenant}#USER#${tutorId}`,
    sk: `TRIAL#${trialId}`,
  }),
  tutorTrialPrefix: 'TRIAL#',
  /** One consumer's claim on one event: the event pipeline acts once per event id. */
  eventClaim: (tenant: string, consumer: string, eventId: string) => ({
    pk: `T#${tenant}#EVENTCLAIM#${consumer}#${eventId}`,
    sk: 'CLAIM',
  }),
  /** A Stripe event as its webhook delivered it, recorded once per Stripe event id. */
  stripeEvent: (tenant: string, eventId: string) => ({
    pk: `T#${tenant}#STRIPEEVENT#${eventId}`,
    sk: 'EVENT',
  }),
  /** How far the daily reconciliation has read a school's Stripe events. */
  stripeReconcile: (tenant: string) => ({ pk: `T#${tenant}#STRIPERECONCILE`, sk: 'STATE' }),
  /** A ledger entry: the partition is its account (a student's money, or credits on one course). */
  ledgerEntry: (tenant: string, account: string, entryId: string) => ({
    pk: `T#${tenant}#LEDGER#${account}`,
    sk: `ENTRY#${entryId}`,
  }),
  ledgerAccount: (tenant: string, account: string) => `T#${tenant}#LEDGER#${account}`,
  ledgerEntryPrefix: 'ENTRY#',
  /** A credit account's balance, moved under a condition in the transaction of each of its entries. */
  ledgerBalance: (tenant: string, account: string) => ({
    pk: `T#${tenant}#LEDGER#${account}`,
    sk: 'BALANCE',
  }),
  userLedgerIndex: (tenant: string, userId: string) => `T#${tenant}#USER#${userId}#LEDGER`,
  ledgerIndex: (tenant: string) => `T#${tenant}#LEDGER`,
  payment: (tenant: string, id: string) => ({ pk: `T#${tenant}#PAYMENT#${id}`, sk: 'PAYMENT' }),
  userPaymentsIndex: (tenant: string, userId: string) => `T#${tenant}#USER#${userId}#PAYMENTS`,
  paymentsIndex: (tenant: string) => `T#${tenant}#PAYMENTS`,
  /** A finance report's figures of one UTC month and currency, moved in the transaction of each fact. */
  financeSummary: (tenant: string, report: string, month: string, currency: string) => ({
    pk: `T#${tenant}#FINSUM`,
    sk: `${report}#${month}#${currency}`,
  }),
  financeSummaries: (tenant: string) => `T#${tenant}#FINSUM`,
  stripeRef: (tenant: string, objectId: string) => ({ pk: `T#${tenant}#STRIPEREF#${objectId}`, sk: 'REF' }),
  /** A Stripe event (a refund, a dispute) that came before the payment it is about, beside that payment's ref. */
  stripeWaiting: (tenant: string, objectId: string, eventId: string) => ({
    pk: `T#${tenant}#STRIPEREF#${objectId}`,
    sk: `WAITING#${eventId}`,
  }),
  stripeWaitingPrefix: 'WAITING#',
  stripeObject: (tenant: string, objectId: string) => ({
    pk: `T#${tenant}#STRIPEOBJECT#${objectId}`,
    sk: 'STATE',
  }),
  /** Admin notes on a payment row or a ledger entry: kept beside the append-only record, never in it. */
  moneyNote: (tenant: string, kind: string, recordId: string, noteId: string) => ({
    pk: `T#${tenant}#MONEYNOTE#${kind}#${recordId}`,
    sk: noteId,
  }),
  moneyNotes: (tenant: string, kind: string, recordId: string) => `T#${tenant}#MONEYNOTE#${kind}#${recordId}`,
  userSubscriptionsIndex: (tenant: string, userId: string) => `T#${tenant}#USER#${userId}#SUBSCRIPTIONS`,
  /** An event written with the change it reports; the table's stream takes it to the bus. */
  outboxEvent: (tenant: string, eventId: string) => ({ pk: `T#${tenant}#OUTBOX#${eventId}`, sk: 'EVENT' }),
  /** The booking e-mail of a trial to one recipient, once (a retry after a partial failure skips it). */
  trialMail: (tenant: string, trialId: string, recipientId: string) => ({
    pk: `T#${tenant}#TRIALMAIL#${trialId}`,
    sk: recipientId,
  }),
  tenantsIndex: 'TENANTS',
  lessonHistory: (tenant: string, lessonId: string) => ({
    pk: `T#${tenant}#LESSONHISTORY#${lessonId}`,
    sk: 'HISTORY',
  }),
  lessonHistoryIndex: (tenant: string) => `T#${tenant}#LESSONHISTORY`,
  lessonPayEntry: (tenant: string, lessonId: string, entryId: string) => ({
    pk: `T#${tenant}#LESSONHISTORY#${lessonId}`,
    sk: `PAY#${entryId}`,
  }),
  lessonPayEntryPrefix: 'PAY#',
  /**
   * The general tutor rates of one tutor country (functions/repositories/tutor-rates.ts): `countryKey` is the
   * country as the choice compares it, or the stand-in of "any country".
   */
  tutorRatesOfTutorCountry: (tenant: string, collection: string, countryKey: string) =>
    `T#${tenant}#${collection}#TUTORCOUNTRY#${countryKey}`,
  ownTutorRates: (tenant: string, userId: string, classType: 'ONETOONE' | 'GROUP') => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `TUTORRATES#${classType}`,
  }),
  tutorLessonHistoryIndex: (tenant: string, tutorId: string) => `T#${tenant}#USER#${tutorId}#LESSONHISTORY`,
  studentLessonHistory: (tenant: string, studentId: string, start: string, lessonId: string) => ({
    pk: `T#${tenant}#USER#${studentId}`,
    sk: `LESSONHISTORY#${start}#${lessonId}`,
  }),
  studentLessonHistoryPrefix: 'LESSONHISTORY#',
  jobWatermark: (tenant: string, job: string) => ({ pk: `T#${tenant}#JOBS`, sk: job }),
  subject: (tenant: string, id: string) => ({ pk: `T#${tenant}#SUBJECT#${id}`, sk: 'SUBJECT' }),
  subjectsIndex: (tenant: string) => `T#${tenant}#CATALOGUE#SUBJECTS`,
  topic: (tenant: string, id: string) => ({ pk: `T#${tenant}#TOPIC#${id}`, sk: 'TOPIC' }),
  subjectTopicsIndex: (tenant: string, subjectId: string) => `T#${tenant}#SUBJECT#${subjectId}#TOPICS`,
  allTopicsIndex: (tenant: string) => `T#${tenant}#CATALOGUE#TOPICS`,
  subTopic: (tenant: string, id: string) => ({ pk: `T#${tenant}#SUBTOPIC#${id}`, sk: 'SUBTOPIC' }),
  topicSubTopicsIndex: (tenant: string, topicId: string) => `T#${tenant}#TOPIC#${topicId}#SUBTOPICS`,
  /** Every sub-topic of the tenant, sorted by subject: one query reads a subject's (the subject page). */
  allSubTopicsIndex: (tenant: string) => `T#${tenant}#CATALOGUE#SUBTOPICS`,
  subTopicBySubjectSk: (subjectId: string, subTopicId: string) => `${subjectId}#${subTopicId}`,
  subTopicsOfSubjectPrefix: (subjectId: string) => `${subjectId}#`,
  sitePath: (tenant: string, collection: string, path: string) => ({
    pk: `T#${tenant}#${collection}#PATH#${path}`,
    sk: 'PATH',
  }),
  /** Claims a tag name (its key per shared/rules/tags.ts), written in the tag's own transactions. */
  tagName: (tenant: string, nameKey: string) => ({ pk: `T#${tenant}#TAG#NAME#${nameKey}`, sk: 'NAME' }),
  roleName: (tenant: string, nameKey: string) => ({ pk: `T#${tenant}#ROLE#NAME#${nameKey}`, sk: 'NAME' }),
  /** Claims a price group's name (its case-insensitive key), written in the group's own transactions. */
  groupName: (tenant: string, nameKey: string) => ({
    pk: `T#${tenant}#PRICEGROUP#NAME#${nameKey}`,
    sk: 'NAME',
  }),
  tutorRoleName: (tenant: string, nameKey: string) => ({
    pk: `T#${tenant}#TUTORROLE#NAME#${nameKey}`,
    sk: 'NAME',
  }),
  progressEntry: (tenant: string, userId: string, subjectId: string, subTopicId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `PROGRESS#${subjectId}#${subTopicId}`,
  }),
  progressPrefix: (subjectId?: string) => (subjectId ? `PROGRESS#${subjectId}#` : 'PROGRESS#'),
  learningSession: (tenant: string, id: string) => ({
    pk: `T#${tenant}#LEARNINGSESSION#${id}`,
    sk: 'SESSION',
  }),
  studentSessionsIndex: (tenant: string, studentId: string) => `T#${tenant}#USER#${studentId}#SESSIONS`,
  studentSubTopicSessionsIndex: (tenant: string, studentId: string, subTopicId: string) =>
    `T#${tenant}#USER#${studentId}#SESSIONS#${subTopicId}`,
  bookmark: (tenant: string, studentId: string, id: string) => ({
    pk: `T#${tenant}#USER#${studentId}`,
    sk: `BOOKMARK#${id}`,
  }),
  bookmarkPrefix: 'BOOKMARK#',
  tutorBookmarksIndex: (tenant: string, tutorId: string) => `T#${tenant}#USER#${tutorId}#BOOKMARKS`,
  onboarding: (tenant: string, userId: string) => ({ pk: `T#${tenant}#USER#${userId}`, sk: 'ONBOARDING' }),
  usageCounters: (tenant: string, userId: string, period: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `USAGE#${period}`,
  }),
  usageItem: (tenant: string, userId: string, period: string, kind: string, itemKey: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `USAGEITEM#${period}#${kind}#${itemKey}`,
  }),
  usageAccess: (tenant: string, userId: string) => ({ pk: `T#${tenant}#USER#${userId}`, sk: 'USAGEACCESS' }),
  usageSettings: (tenant: string) => ({ pk: `T#${tenant}#SETTINGS`, sk: 'USAGE' }),
  /** A tenant's catalogue edits and sitemap generation starts (functions/repositories/sitemap-state.ts). */
  sitemapState: (tenant: string) => ({ pk: `T#${tenant}#SITEMAPSTATE`, sk: 'STATE' }),
  /** Lists a sitemap state while it has catalogue edits no generation claimed: the catalogue check reads it. */
  changedCataloguesIndex: 'CHANGEDCATALOGUES',
  invoiceNumberingTurn: (tenant: string) => ({ pk: `T#${tenant}#INVOICENUMBERING`, sk: 'TURN' }),
  socketConnection: (tenant: string, connectionId: string) => ({
    pk: `T#${tenant}#CONNECTION#${connectionId}`,
    sk: 'CONNECTION',
  }),
  userConnectionsIndex: (tenant: string, userId: string) => `T#${tenant}#USER#${userId}#CONNECTIONS`,
  socketTopic: (tenant: string, kind: string, topicId: string) => `T#${tenant}#TOPIC#${kind}#${topicId}`,
  /** A topic's pending broadcast of one message kind: outside the topic's partition (its registrations). */
  socketTopicBroadcast: (tenant: string, kind: string, topicId: string, message: string) => ({
    pk: `T#${tenant}#TOPIC#${kind}#${topicId}#BROADCAST`,
    sk: message,
  }),
  connectionTopicsIndex: (tenant: string, connectionId: string) =>
    `T#${tenant}#CONNECTION#${connectionId}#TOPICS`,
  conversation: (tenant: string, conversationId: string) => ({
    pk: `T#${tenant}#CONVERSATION#${conversationId}`,
    sk: 'CONVERSATION',
  }),
  conversationPartition: (tenant: string, conversationId: string) =>
    `T#${tenant}#CONVERSATION#${conversationId}`,
  chatMember: (tenant: string, memberId: string, conversationId: string) => ({
    pk: `T#${tenant}#USER#${memberId}`,
    sk: `CHAT#${conversationId}`,
  }),
  memberConversationsIndex: (tenant: string, memberId: string) => `T#${tenant}#USER#${memberId}#CHATS`,
  chatPresence: (tenant: string, userId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: 'CHATPRESENCE',
  }),
  analyticsEvent: (tenant: string, day: string, id: string) => ({
    pk: `T#${tenant}#ANALYTICS#${day}`,
    sk: id,
  }),
  // Notifications (functions/repositories/notifications.ts)
  notification: (tenant: string, userId: string, notificationId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: `NOTIFICATION#${notificationId}`,
  }),
  notificationPrefix: 'NOTIFICATION#',
  unreadNotificationsIndex: (tenant: string, userId: string) => `T#${tenant}#USER#${userId}#UNREAD`,
  notificationCounts: (tenant: string, userId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: 'NOTIFICATIONCOUNT',
  }),
  notificationPreferences: (tenant: string, userId: string) => ({
    pk: `T#${tenant}#USER#${userId}`,
    sk: 'NOTIFICATIONPREFS',
  }),
} as const;

/** Names of the CRUD collections (the `<COLLECTION>` part of their keys). */
export const collections = {
  roles: 'ROLE',
  tutorRoles: 'TUTORROLE',
  tutorFeedbacks: 'TUTORFEEDBACK',
  studentFeedbacks: 'STUDENTFEEDBACK',
  curriculums: 'CURRICULUM',
  courses: 'COURSE',
  trials: 'TRIAL',
  meetingRequests: 'MEETINGREQUEST',
  homeworkSubmissions: 'HOMEWORKSUBMISSION',
  courseTemplates: 'COURSETEMPLATE',
  metaTags: 'METATAG',
  redirections: 'REDIRECTION',
  sitemaps: 'SITEMAP',
  tags: 'TAG',
  reportedIssues: 'REPORTEDISSUE',
  // The price catalogue (functions/repositories/price-catalogue.ts, rates.ts)
  flexiblePlans: 'FLEXIBLEPLAN',
  subscriptionPlans: 'SUBSCRIPTIONPLAN',
  groups: 'PRICEGROUP',
  coursePricingTemplates: 'COURSEPRICINGTEMPLATE',
  coursePermissionTemplates: 'COURSEPERMISSIONTEMPLATE',
  oneToOneTutorRateStudentTypes: 'O2OTUTORRATESTUDENTTYPE',
  groupTutorRateCourseTypes: 'GROUPTUTORRATECOURSETYPE',
  studentFlexibleRateVersions: 'STUDENTFLEXIBLERATEVERSION',
  studentSubscriptionRateVersions: 'STUDENTSUBSCRIPTIONRATEVERSION',
  studentFlexibleRates: 'STUDENTFLEXIBLERATE',
  studentSubscriptionRates: 'STUDENTSUBSCRIPTIONRATE',
  invoices: 'INVOICE',
  oneToOneTutorRates: 'ONETOONETUTORRATE',
  groupTutorRates: 'GROUPTUTORRATE',
  // Tutor pay changes (functions/repositories/penalty-waivers.ts, manual-adjustments.ts): append-only money
  penaltyWaivers: 'PENALTYWAIVER',
  manualAdjustments: 'MANUALADJUSTMENT',
} as const;
