import { describe, expect, it } from 'vitest';
import { broadcastCoalesced, COALESCE_MS } from '../../../functions/realtime/coalesced-broadcast';
import { socketConnectionsRepository } from '../../../functions/repositories/socket-connections';
import { localStackForFile } from '../../support/stack';

localStackForFile();

const room = (topicId: string) => ({ kind: 'lesson' as const, topicId });

describe('coalesced broadcasts of a topic', () => {
  it('tells the room of changes made together in a broadcast after the last of them, not one each', async () => {
    // Prepare: a shared state that each "change" writes before it asks for a broadcast
    const topic = room('coalesce-crowd');
    const written: number[] = [];
    const told: number[][] = [];

    // Act: twenty changes at once
    await Promise.all(
      Array.from({ length: 20 }, async (_, change) => {
        written.push(change);
        await broadcastCoalesced('demo', topic, 'connections', async () => {
          told.push([...written]);
        });
      }),
    );

    // Assess: a broadcast or two (one, unless the machine spread the claims past the wait), the last of
    // which saw every change; told one by one, the room would have heard twenty
    expect(told.length).toBeLessThanOrEqual(2);
    expect(told.at(-1)?.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('never loses a change made while a claimed broadcast waits, nor one made after it read', async () => {
    // Prepare
    const topic = room('coalesce-late');
    const written: string[] = [];
    const told: string[][] = [];
    const tell = async () => {
      told.push([...written]);
    };
    written.push('first');
    const first = broadcastCoalesced('demo', topic, 'connections', tell);

    // Act: one change while the claim waits, one after it was told
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS / 5));
    written.push('during');
    await broadcastCoalesced('demo', topic, 'connections', tell);
    await first;
    const toldOfDuring = told.at(-1);
    written.push('after');
    await broadcastCoalesced('demo', topic, 'connections', tell);

    // Assess: the change made while the claim waited was told with the first, and the later one after
    expect(toldOfDuring).toEqual(['first', 'during']);
    expect(told.at(-1)).toEqual(['first', 'during', 'after']);
  });

  it("claims each kind of message apart: the room's people never stand in for its meeting", async () => {
    // Prepare
    const topic = room('coalesce-kinds');
    const told: string[] = [];

    // Act
    await Promise.all([
      broadcastCoalesced('demo', topic, 'connections', async () => {
        told.push('connections');
      }),
      broadcastCoalesced('demo', topic, 'meeting', async () => {
        told.push('meeting');
      }),
    ]);

    // Assess
    expect(told.sort()).toEqual(['connections', 'meeting']);
  });

  it('tells a change made while the holder was telling in one more round, never two broadcasts at once', async () => {
    // Prepare: a telling that takes a while, during which another change comes, and a count of those at once
    const topic = room('coalesce-during-tell');
    const written: string[] = ['first'];
    const told: string[][] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    let later: Promise<void> | undefined;
    const tell = async () => {
      inFlight++;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      told.push([...written]);
      if (!later) {
        written.push('while telling');
        later = broadcastCoalesced('demo', topic, 'connections', tell);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight--;
    };

    // Act
    await broadcastCoalesced('demo', topic, 'connections', tell);
    await later;

    // Assess: the holder went round again for the change made during its telling; the later call left it
    // to the holder rather than telling at the same time
    expect(told).toEqual([['first'], ['first', 'while telling']]);
    expect(mostAtOnce).toBe(1);
  });

  it('takes over a claim whose holder died without letting it go, once its lease ran out', async () => {
    // Prepare: a claim made 20 s ago and never released
    const topic = room('coalesce-dead-holder');
    expect(
      await socketConnectionsRepository.claimBroadcast(
        'demo',
        topic,
        'connections',
        new Date(Date.now() - 20_000),
      ),
    ).toEqual({ holder: expect.any(String) });
    let told = 0;

    // Act
    await broadcastCoalesced('demo', topic, 'connections', async () => {
      told++;
    });

    // Assess
    expect(told).toBe(1);
  });

  it('leaves a live claim to its holder, counting the change for it; another holder cannot let it go', async () => {
    // Prepare
    const topic = room('coalesce-live-holder');
    const claim = await socketConnectionsRepository.claimBroadcast('demo', topic, 'connections');
    if (typeof claim === 'string') throw new Error(`not claimed: ${claim}`);

    // Act + Assess: a second claim counts its change for the holder, who then cannot end without a round
    expect(await socketConnectionsRepository.claimBroadcast('demo', topic, 'connections')).toBe(
      'told the holder',
    );
    expect(await socketConnectionsRepository.endBroadcast('demo', topic, 'connections', claim.holder)).toBe(
      false,
    );
    expect(
      await socketConnectionsRepository.beginBroadcastRound('demo', topic, 'connections', claim.holder),
    ).toBe(true);
    expect(
      await socketConnectionsRepository.beginBroadcastRound('demo', topic, 'connections', 'someone else'),
    ).toBe(false);
    await socketConnectionsRepository.releaseBroadcast('demo', topic, 'connections', 'someone else');
    expect(await socketConnectionsRepository.claimBroadcast('demo', topic, 'connections')).toBe(
      'told the holder',
    );
    expect(
      await socketConnectionsRepository.beginBroadcastRound('demo', topic, 'connections', claim.holder),
    ).toBe(true);
    expect(await socketConnectionsRepository.endBroadcast('demo', topic, 'connections', claim.holder)).toBe(
      true,
    );
    expect(await socketConnectionsRepository.claimBroadcast('demo', topic, 'connections')).toEqual({
      holder: expect.any(String),
    });
  });
});
