import { eventConsumer } from '../lib/event-pipeline';
import { cleanUpDeletedAccount } from './cleanup';

/** Bus target of the `account-cleanup` rule: what a deleted account leaves to tidy. */
export const handler = eventConsumer('account-cleanup', {
  UserDeleted: ({ detail }) => cleanUpDeletedAccount(detail.tenant, detail.userId),
});
