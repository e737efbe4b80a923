import { AppError, BadRequestError, NotFoundError } from '../../shared/http/errors';
import { redirectionProblem } from '../../shared/rules/redirection';
import type { Redirection, RedirectionInput } from '../../shared/schemas/redirection';
import type { Tenant } from '../../shared/schemas/tenant';
import { logger } from '../lib/logger';
import { localRedirectsChanged } from '../lib/redirect-edge';
import { eventWrite } from '../repositories/outbox';
import { redirectionsRepository } from '../repositories/redirections';
import type { TransactItem } from '../table/transactions';

const redirectionsChanged = (tenant: Tenant, paths: string[]): TransactItem[] =>
  paths.map((path) => eventWrite('RedirectionChanged', { tenant: tenant.key, path }));

/**
 * Refuses a redirection that points to itself, closes a loop or makes too long a chain (a 400 saying
 * which). `replacing` is the path the record being edited redirects from today: it is not in the chain.
 * Two admins saving the two halves of a loop at the same instant could both pass; the edge follows one
 * hop per request, so the browser would show its own too-many-redirects page rather than hang.
 */
async function refuseProblem(tenant: Tenant, from: string, to: string, replacing?: string): Promise<void> {
  const problem = await redirectionProblem(from, to, tenant.domain, async (path) =>
    path === replacing ? undefined : (await redirectionsRepository.byPath(tenant.key, path))?.to,
  );
  if (problem) throw new BadRequestError(problem);
}

/**
 * The table is the source of truth. Each write carries a RedirectionChanged event per path it changes (the
 * cloud's edge store mirrors them from the bus), and the local web server is told right after the write.
 */
export async function createRedirection(tenant: Tenant, input: RedirectionInput): Promise<Redirection> {
  await refuseProblem(tenant, input.from, input.to);
  const saved = await redirectionsRepository.create(
    tenant.key,
    input,
    redirectionsChanged(tenant, [input.from]),
  );
  localRedirectsChanged(tenant.domain, [saved.from]);
  return saved;
}

export async function updateRedirection(
  tenant: Tenant,
  id: string,
  changes: Partial<RedirectionInput>,
): Promise<Redirection> {
  const current = await redirectionsRepository.get(tenant.key, id);
  if (!current) throw new NotFoundError('Redirection not found');
  const from = changes.from ?? current.from;
  await refuseProblem(tenant, from, changes.to ?? current.to, current.from);
  const paths = [...new Set([current.from, from])];
  const saved = await redirectionsRepository.update(
    tenant.key,
    id,
    changes,
    redirectionsChanged(tenant, paths),
  );
  localRedirectsChanged(tenant.domain, paths);
  return saved;
}

export async function deleteRedirection(tenant: Tenant, id: string): Promise<void> {
  const current = await redirectionsRepository.get(tenant.key, id);
  if (!current) throw new NotFoundError('Redirection not found');
  await redirectionsRepository.remove(tenant.key, id, redirectionsChanged(tenant, [current.from]));
  localRedirectsChanged(tenant.domain, [current.from]);
}

/**
 * A public page moved from `oldPath` to `newPath` (a sub-topic moved to another topic): visitors and
 * search engines holding the old address are sent on with a 301, as a careful webmaster would do by
 * hand. A redirection an admin already set on the old address is theirs and stays; one standing on the
 * new address (an earlier move the other way) is removed, or it would hide the page. A redirection the
 * rules refuse (a loop through the admin's own redirections) is left out: the move itself stands.
 */
export async function keepMovedAddress(tenant: Tenant, oldPath: string, newPath: string): Promise<void> {
  if (oldPath === newPath) return;
  const shadowing = await redirectionsRepository.byPath(tenant.key, newPath);
  if (shadowing) await deleteRedirection(tenant, shadowing._id);
  if (await redirectionsRepository.byPath(tenant.key, oldPath)) return;
  try {
    await createRedirection(tenant, { from: oldPath, to: newPath, statusCode: 301 });
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    logger.warn('moved page left without a redirection', { oldPath, newPath, reason: error.message });
  }
}
