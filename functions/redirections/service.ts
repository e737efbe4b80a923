import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import { redirectionProblem } from '../../shared/rules/redirection';
import type { Redirection, RedirectionInput } from '../../shared/schemas/redirection';
import type { Tenant } from '../../shared/schemas/tenant';
import { redirectEdge } from '../lib/redirect-edge';
import { redirectionsRepository } from '../repositories/redirections';

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

/** The table is the source of truth; the edge is told about each changed path right after the write. */
export async function createRedirection(tenant: Tenant, input: RedirectionInput): Promise<Redirection> {
  await refuseProblem(tenant, input.from, input.to);
  const saved = await redirectionsRepository.create(tenant.key, input);
  await redirectEdge().changed(tenant.key, tenant.domain, saved.from);
  return saved;
}

export async function updateRedirection(
  tenant: Tenant,
  id: string,
  changes: Partial<RedirectionInput>,
): Promise<Redirection> {
  const current = await redirectionsRepository.get(tenant.key, id);
  if (!current) throw new NotFoundError('Redirection not found');
  await refuseProblem(tenant, changes.from ?? current.from, changes.to ?? current.to, current.from);
  const saved = await redirectionsRepository.update(tenant.key, id, changes);
  if (saved.from !== current.from) await redirectEdge().changed(tenant.key, tenant.domain, current.from);
  await redirectEdge().changed(tenant.key, tenant.domain, saved.from);
  return saved;
}

export async function deleteRedirection(tenant: Tenant, id: string): Promise<void> {
  const current = await redirectionsRepository.get(tenant.key, id);
  if (!current) throw new NotFoundError('Redirection not found');
  await redirectionsRepository.remove(tenant.key, id);
  await redirectEdge().changed(tenant.key, tenant.domain, current.from);
}
