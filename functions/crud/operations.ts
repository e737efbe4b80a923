import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import type { VerifyDeleteResult } from '../../shared/routes/crud';
import type { ListQuery } from '../../shared/schemas/paging';
import type { Operation } from '../lib/pipeline';
import { respond } from '../lib/request';
import type { CrudRecord, collectionRepository } from './repository';

/** Something that may still refer to a record: deleting it is refused while the count is above zero. */
export interface DeleteGuard {
  entity: string;
  count(tenant: string, id: string): Promise<number>;
}

export interface CrudResourceConfig<T extends CrudRecord> {
  resource: string;
  label: string;
  repository: ReturnType<typeof collectionRepository<T>>;
  /** Query fields passed to the list as equality filters. */
  filterFields?: string[];
  deleteGuards?: DeleteGuard[];
  /** Records that can never be deleted (e.g. the built-in roles), with the reason. */
  protectedReason?: (record: T) => string | undefined;
  /** Refuses an update that would break an invariant, with the reason (a 400). */
  refuseUpdate?: (record: T, changes: Partial<T>) => string | undefined;
}

/**
 * The one generic piece that serves every declared CRUD resource: list, get, create, update, delete and
 * verify-delete, over the resource's collection repository and delete guards.
 */
export function crudOperations<T extends CrudRecord>(
  config: CrudResourceConfig<T>,
): Record<string, Operation> {
  const { resource, repository, label } = config;
  const notFound = () => new NotFoundError(`${label.charAt(0).toUpperCase()}${label.slice(1)} not found`);

  async function verifyDelete(tenant: string, id: string): Promise<VerifyDeleteResult> {
    const record = await repository.get(tenant, id);
    if (!record) throw notFound();
    const protectedReason = config.protectedReason?.(record);
    if (protectedReason) return { canDelete: false, message: protectedReason, references: [] };
    const references = [];
    for (const guard of config.deleteGuards ?? []) {
      const count = await guard.count(tenant, id);
      if (count > 0) references.push({ entity: guard.entity, count });
    }
    if (references.length === 0)
      return { canDelete: true, message: `This ${label} can be deleted`, references };
    const uses = references.map((r) => `${r.count} ${r.entity}${r.count === 1 ? '' : 's'}`).join(', ');
    return { canDelete: false, message: `This ${label} is still used by ${uses}`, references };
  }

  return {
    [`${resource}.list`]: async ({ tenant, query }) => {
      const q = query as ListQuery & Record<string, string | undefined>;
      const filters = Object.fromEntries((config.filterFields ?? []).map((field) => [field, q[field]]));
      return repository.list(tenant.key, q, filters);
    },
    [`${resource}.get`]: async ({ tenant, params }) => {
      const record = await repository.get(tenant.key, params.id!);
      if (!record) throw notFound();
      return record;
    },
    [`${resource}.create`]: async ({ tenant, body }) =>
      respond(201, await repository.create(tenant.key, body)),
    [`${resource}.update`]: async ({ tenant, params, body }) => {
      if (config.refuseUpdate) {
        const current = await repository.get(tenant.key, params.id!);
        if (!current) throw notFound();
        const reason = config.refuseUpdate(current, body);
        if (reason) throw new BadRequestError(reason);
      }
      return repository.update(tenant.key, params.id!, body);
    },
    [`${resource}.delete`]: async ({ tenant, params }) => {
      const check = await verifyDelete(tenant.key, params.id!);
      if (!check.canDelete) throw new ConflictError(check.message);
      await repository.remove(tenant.key, params.id!);
      return { _id: params.id! };
    },
    [`${resource}.verifyDelete`]: async ({ tenant, params }) => verifyDelete(tenant.key, params.id!),
  };
}
