import { type EdgeRedirect, edgeKey } from '../lib/redirect-edge';
import { edgeValue, isConflict, type KeyValueStoreApi, MAX_ATTEMPTS, UPDATE_BATCH } from './key-value-store';

/** What the edge store mirrors, read from the table (the source of truth). */
export interface RedirectTable {
  /** Every tenant with its domain as it is now. */
  tenants(): Promise<Array<{ key: string; domain: string }>>;
  tenant(key: string): Promise<{ key: string; domain: string } | undefined>;
  /** The tenant a domain names now, or undefined (no tenant, or one that has moved to another domain). */
  tenantByDomain(domain: string): Promise<{ key: string; domain: string } | undefined>;
  /** Every redirection of a tenant. */
  redirections(tenant: string): Promise<Array<{ from: string } & EdgeRedirect>>;
  /** The redirection of one path of a tenant, or undefined. */
  byPath(tenant: string, path: string): Promise<EdgeRedirect | undefined>;
}

/** The domain part of a store key (`<domain><path>`, the path starting with "/"). */
export function keyDomain(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key : key.slice(0, slash);
}

/**
 * The whole store as the table says it should be: `<domain><path>` -> its edge value, for every tenant.
 * A domain found in the store but not among the listed tenants is looked up too, so a tenant missing from
 * the tenants index keeps its redirects instead of losing them; a domain no tenant holds any more (a
 * tenant's former domain) calls for nothing.
 */
export async function desiredEdgeStore(
  table: RedirectTable,
  current: Map<string, string> = new Map(),
): Promise<Map<string, string>> {
  const tenants = await table.tenants();
  const listed = new Set(tenants.map((t) => t.domain.toLowerCase()));
  for (const domain of new Set([...current.keys()].map(keyDomain))) {
    if (listed.has(domain)) continue;
    const owner = await table.tenantByDomain(domain);
    if (owner && owner.domain.toLowerCase() === domain) {
      tenants.push(owner);
      listed.add(domain);
    }
  }
  const desired = new Map<string, string>();
  for (const tenant of tenants) {
    for (const redirection of await table.redirections(tenant.key)) {
      desired.set(edgeKey(tenant.domain, redirection.from), edgeValue(redirection));
    }
  }
  return desired;
}

export interface EdgeChanges {
  puts: Array<{ key: string; value: string }>;
  deletes: string[];
}

/**
 * The changes that make the store hold exactly `desired`: puts for keys missing or different, deletes for
 * keys no redirection calls for (deleted redirections whose change was lost, a tenant's former domain).
 * The store holds nothing but redirections, so every other key is stale. Sorted, so runs are repeatable.
 */
export function planEdgeSync(desired: Map<string, string>, current: Map<string, string>): EdgeChanges {
  const puts = [...desired]
    .filter(([key, value]) => current.get(key) !== value)
    .map(([key, value]) => ({ key, value }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const deletes = [...current.keys()].filter((key) => !desired.has(key)).sort();
  return { puts, deletes };
}

/** The changes in UpdateKeys-sized batches (deletes first, then puts). */
export function edgeBatches(changes: EdgeChanges, size = UPDATE_BATCH): EdgeChanges[] {
  const all = [...changes.deletes.map((key) => ({ delete: key })), ...changes.puts.map((put) => ({ put }))];
  const batches: EdgeChanges[] = [];
  for (let i = 0; i < all.length; i += size) {
    const slice = all.slice(i, i + size);
    batches.push({
      deletes: slice.flatMap((c) => ('delete' in c ? [c.delete] : [])),
      puts: slice.flatMap((c) => ('put' in c ? [c.put] : [])),
    });
  }
  return batches;
}

/**
 * Makes the store match every tenant's redirections (the daily schedule; also the back-fill of a new
 * store). The store's ETag is read first, then the store and the table: a writer that changes the store
 * meanwhile (a redirection edited during the run) makes the next batch a conflict, and the run starts
 * again from fresh reads, so it never writes back a state older than the table's.
 */
export async function reconcileEdgeStore(
  store: KeyValueStoreApi,
  table: RedirectTable,
): Promise<{ puts: number; deletes: number; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    let etag = await store.etag();
    const current = await store.list();
    const changes = planEdgeSync(await desiredEdgeStore(table, current), current);
    try {
      for (const batch of edgeBatches(changes)) etag = await store.update(batch, etag);
      return { puts: changes.puts.length, deletes: changes.deletes.length, attempts: attempt };
    } catch (error) {
      if (!isConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
