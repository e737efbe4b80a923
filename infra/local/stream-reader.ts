import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import { withoutSdkLogging } from '../../functions/lib/sdk-logging';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localDynamoClient } from './dynamodb';

export interface StreamReaderOptions {
  /** DynamoDB Local, and the table whose stream to read (ensureTable turns it on). */
  endpoint: string;
  tableName: string;
  /** Where the reader keeps, per shard, the last record it handed on: a restart resumes after it. */
  positionsFile: string;
  /**
   * Hands records on in stream order (forwardOutboxRecords: the outbox's INSERTs to the bus). Answers the
   * sequence number of the first record it could not hand on; the reader starts again there.
   */
  forward: (records: StreamRecord[]) => Promise<{ failedAt?: string }>;
  /** Between two polls when nothing wakes the reader (`wake` reads at once). */
  idlePollMs?: number;
}

interface Positions {
  streamArn: string;
  /** `after`: the sequence number of the last record handed on; `closed`: the shard is read to its end. */
  shards: Record<string, { after?: string; closed?: boolean }>;
}

/** The stream's shards are listed again at most this often (DynamoDB rolls a shard over every few hours). */
const SHARD_LIST_MS = 60_000;
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * The local stack's half of "the table's stream to the bus" (the cloud's is the event-forwarder Lambda):
 * polls DynamoDB Local's stream through the Streams API (DescribeStream, GetShardIterator, GetRecords across
 * shards, parents before children) and hands the records on. The position in each shard is kept in
 * `positionsFile` once its records are handed on, so a restart resumes there: a crash between handing on and
 * saving replays a few records, which the consumers' claims absorb (at least once, acted on once).
 */
export function startStreamReader(options: StreamReaderOptions) {
  const streams = withoutSdkLogging(
    new DynamoDBStreamsClient({
      endpoint: options.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
  );
  const idlePollMs = options.idlePollMs ?? 1_000;
  let positions: Positions | undefined;
  let shards: Shard[] = [];
  let shardsListedAt = 0;
  const iterators = new Map<string, string>();

  async function streamArn(): Promise<string> {
    const client = localDynamoClient(options.endpoint);
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: options.tableName }));
      if (!Table?.LatestStreamArn) throw new Error(`The table ${options.tableName} has no stream`);
      return Table.LatestStreamArn;
    } finally {
      client.destroy();
    }
  }

  async function loadPositions(): Promise<Positions> {
    const arn = await streamArn();
    const saved = await readFile(options.positionsFile, 'utf8').then(
      (text) => JSON.parse(text) as Positions,
      () => undefined,
    );
    // Another stream (the table was made again): nothing of the old positions applies.
    return saved?.streamArn === arn ? saved : { streamArn: arn, shards: {} };
  }

  async function savePositions(current: Positions): Promise<void> {
    await mkdir(dirname(options.positionsFile), { recursive: true });
    const temporary = `${options.positionsFile}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(current));
    await rename(temporary, options.positionsFile);
  }

  async function listShards(streamArn: string): Promise<Shard[]> {
    const listed: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      listed.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return listed;
  }

  async function shardIterator(streamArn: string, shardId: string, after: string | undefined) {
    const position = after
      ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: after }
      : { ShardIteratorType: 'TRIM_HORIZON' as const };
    try {
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ...position }),
      );
      return ShardIterator;
    } catch (error) {
      if (!(error instanceof TrimmedDataAccessException) || !after) throw error;
      // Older than the stream keeps (24 hours): what is left is all there is.
      console.warn(`Stream records of ${shardId} after ${after} were trimmed; reading from the oldest kept`);
      return shardIterator(streamArn, shardId, undefined);
    }
  }

  /** Reads one shard to where it ends for now; answers how many records it handed on. */
  async function readShard(current: Positions, shardId: string): Promise<number> {
    const position = current.shards[shardId]!;
    let read = 0;
    for (;;) {
      const iterator =
        iterators.get(shardId) ?? (await shardIterator(current.streamArn, shardId, position.after));
      if (!iterator) return read;
      let page: { Records?: StreamRecord[]; NextShardIterator?: string };
      try {
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      } catch (error) {
        iterators.delete(shardId);
        if (error instanceof ExpiredIteratorException) continue;
        throw error;
      }
      const records = page.Records ?? [];
      if (records.length > 0) {
        const { failedAt } = await options.forward(records);
        const failed =
          failedAt === undefined ? -1 : records.findIndex((r) => r.dynamodb?.SequenceNumber === failedAt);
        const handedOn = failed < 0 ? records : records.slice(0, failed);
        const last = handedOn.at(-1)?.dynamodb?.SequenceNumber;
        if (last) position.after = last;
        read += handedOn.length;
        if (failed >= 0) {
          // Read again from the record that failed, at the next poll.
          iterators.delete(shardId);
          await savePositions(current);
          throw new Error(`Stream records from ${failedAt} were not handed on; retrying`);
        }
      }
      if (!page.NextShardIterator) {
        position.closed = true;
        iterators.delete(shardId);
        shardsListedAt = 0;
      } else {
        iterators.set(shardId, page.NextShardIterator);
      }
      if (records.length > 0 || position.closed) await savePositions(current);
      if (records.length === 0 || position.closed) return read;
    }
  }

  /** One pass over every open shard, parents first; answers how many records it handed on. */
  async function poll(): Promise<number> {
    positions ??= await loadPositions();
    const current = positions;
    if (Date.now() - shardsListedAt > SHARD_LIST_MS) {
      shards = await listShards(current.streamArn);
      shardsListedAt = Date.now();
      // Positions of shards the stream no longer lists (trimmed after 24 hours) are forgotten.
      const listed = new Set(shards.map((shard) => shard.ShardId));
      for (const shardId of Object.keys(current.shards))
        if (!listed.has(shardId)) delete current.shards[shardId];
    }
    let read = 0;
    for (const shard of shards) {
      const shardId = shard.ShardId;
      if (!shardId) continue;
      current.shards[shardId] ??= {};
      const parent = shard.ParentShardId ? current.shards[shard.ParentShardId] : undefined;
      // A child's records come after all of its parent's.
      if (current.shards[shardId].closed || (parent && !parent.closed)) continue;
      read += await readShard(current, shardId);
    }
    return read;
  }

  // One poll at a time: the idle timer, wakes and drains queue behind each other.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Wakes while a poll runs are folded into one more poll after it: every commit used to queue a poll of its
  // own, so at 200 events a second hundreds of polls stood in line, each a GetRecords round trip to the same
  // DynamoDB Local the functions were waiting for, most of them finding nothing the one before had not read.
  let polling = false;
  let wokenWhilePolling = false;
  const scheduleNext = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, delay);
  };
  function tick() {
    if (polling) {
      wokenWhilePolling = true;
      return;
    }
    polling = true;
    clearTimeout(timer);
    exclusive(poll).then(
      () => {
        polling = false;
        if (wokenWhilePolling && !stopped) {
          wokenWhilePolling = false;
          tick();
        } else scheduleNext(idlePollMs);
      },
      (error: unknown) => {
        polling = false;
        if (!stopped) console.error('Stream reader:', error);
        scheduleNext(RETRY_AFTER_FAILURE_MS);
      },
    );
  }
  scheduleNext(0);

  return {
    /** Reads now (an outbox item was just committed) rather than at the next poll. */
    wake() {
      // On the next turn, not inside the committing call (read there, the event-outbox test's trial booking
      // timed out).
      if (!stopped) setImmediate(tick);
    },
    /** Polls until a poll finds nothing new; answers how many records it handed on (tests). */
    async drain(): Promise<number> {
      let total = 0;
      for (;;) {
        const read = await exclusive(poll);
        if (read === 0) return total;
        total += read;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
      streams.destroy();
    },
  };
}

export type StreamReader = ReturnType<typeof startStreamReader>;
