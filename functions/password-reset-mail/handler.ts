import type { EventBridgeEvent } from 'aws-lambda';
import { eventCatalogue } from '../../shared/events/catalogue';
import { sendPasswordReset } from '../auth/password-reset';

/** Bus target of the `password-reset-mail` rule: the reset e-mail of a forgot-password request. */
export async function handler(event: EventBridgeEvent<'PasswordResetRequested', unknown>): Promise<void> {
  const { tenant, email } = eventCatalogue.PasswordResetRequested.parse(event.detail);
  await sendPasswordReset(tenant, email, event.id);
}
