import { sendPasswordReset } from '../auth/password-reset';
import { eventConsumer } from '../lib/event-pipeline';

/** Bus target of the `password-reset-mail` rule: the reset e-mail of a forgot-password request. */
export const handler = eventConsumer('password-reset-mail', {
  PasswordResetRequested: ({ detail }) => sendPasswordReset(detail.tenant, detail.email),
});
