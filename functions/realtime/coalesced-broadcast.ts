import type { ServerMessage } from '../../shared/realtime/socket-events';
import type { TopicRef } from '../repositories/socket-connections';
import { socketConnectionsRepository } from '../repositories/socket-connections';

/** How long a claimed broadcast waits for more changes before it reads the topic and tells it. */
export const COALESCE_MS = 250;

/**
 * Tells a topic of a change, coalesced: of the changes made within COALESCE_MS of each other, one
 * invocation (the first to claim the topic's broadcast) tells everyone, once, of the state after all of
 * them. Telling every member of every change is quadratic: 500 people arriving in a room made 125,000
 * posts, and the same again as they left. Nothing is missed: a change whose claim fails was written before
 * that failure, and the holder releases its claim before it reads, so it reads that change; a change after
 * the release claims anew. Call it after the change is written. Each kind of message (`message`: the
 * room's people, its meeting) is claimed apart, so one never stands in for the other.
 */
export async function broadcastCoalesced(
  tenant: string,
  topic: TopicRef,
  message: ServerMessage['action'],
  broadcast: () => Promise<void>,
): Promise<void> {
  if (!(await socketConnectionsRepository.claimBroadcast(tenant, topic, message))) return;
  await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
  await socketConnectionsRepository.releaseBroadcast(tenant, topic, message);
  await broadcast();
}
