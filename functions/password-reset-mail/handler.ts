import { sendInvitation, sendPasswordReset } from '../auth/password-reset';
import { eventConsumer } from '../lib/event-pipeline';

/**
 * Bus target of the `password-reset-mail` rule: the reset e-mail of a forgot-password request, and the
 * set-password e-mail of an account an admin created.
 */
export const handler = eventConsumer('password-reset-mail', {
  PasswordResetRequested: ({ detail }) => sendPasswordReset(detail.tenant, detail.email),
  UserInvited: ({ detail }) => sendInvitation(detail.tenant, detail.userId),
});
