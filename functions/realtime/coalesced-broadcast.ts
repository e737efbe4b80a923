import type { ServerMessage } from '../../shared/realtime/socket-events';
import type { TopicRef } from '../repositories/socket-connections';
import { socketConnectionsRepository } from '../repositories/socket-connections';

/** How long a claimed broadcast waits for more changes before it reads the topic and tells it. */
export const COALESCE_MS = 250;

/**
 * How long one invocation goes on holding a topic's broadcast while changes keep coming (the rest of a
 * storm is told by whoever claims after it): well inside a Lambda's timeout.
 */
export const HOLD_BUDGET_MS = 15_000;

/**
 * Tells a topic of a change, coalesced: one invocation at a time (the first to claim the topic's
 * broadcast) tells everyone of the state after every change made meanwhile. Telling every member of every
 * change is quadratic (500 people arriving in a room made 125,000 posts), and so is telling them in
 * overlapping broadcasts: the holder goes round (wait COALESCE_MS, read, tell) until a round passes with no
 * change, so a topic never has two broadcasts of a kind in flight.
 *
 * Nothing is missed. A change is written before it claims; a change whose claim fails counts itself in the
 * claim's `pending`. If that happens before the holder's round begins (which sets `pending` to 0), the
 * round's read sees the change; if after, the holder cannot end (its end needs `pending` at 0) and goes
 * round again. A holder out of time lets the claim go before its last read, so a change after that claims
 * anew. Call it after the change is written. Each kind of message (`message`: the room's people, its
 * meeting) is claimed apart, so one never stands in for the other.
 */
export async function broadcastCoalesced(
  tenant: string,
  topic: TopicRef,
  message: ServerMessage['action'],
  broadcast: () => Promise<void>,
): Promise<void> {
  const claim = await socketConnectionsRepository.claimBroadcast(tenant, topic, message);
  if (claim === 'told the holder') return;
  // Claims that keep changing hands under this caller: telling once more is harmless, missing is not.
  if (claim === 'contended') return broadcast();
  const outOfTime = Date.now() + HOLD_BUDGET_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
    if (Date.now() > outOfTime) {
      await socketConnectionsRepository.releaseBroadcast(tenant, topic, message, claim.holder);
      return broadcast();
    }
    // A holder whose lease ran out and was taken over tells once more and leaves the rest to the new one.
    const holding = await socketConnectionsRepository.beginBroadcastRound(
      tenant,
      topic,
      message,
      claim.holder,
    );
    await broadcast();
    if (!holding) return;
    if (await socketConnectionsRepository.endBroadcast(tenant, topic, message, claim.holder)) return;
  }
}
