import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import type { VerifyDeleteResult } from '../../shared/routes/crud';
import type { ListQuery, Page } from '../../shared/schemas/paging';
import type { Tenant } from '../../shared/schemas/tenant';
import { type HttpResult, respond } from '../lib/request';
import type { CrudRecord, collectionRepository } from './repository';

/** Something that may still refer to a record: deleting it is refused while the count is above zero. */
export interface DeleteGuard {
  entity: string;
  count(tenant: string, id: string): Promise<number>;
}

export interface CrudResourceConfig<Resource extends string, T extends CrudRecord> {
  resource: Resource;
  label: string;
  repository: ReturnType<typeof collectionRepository<T>>;
  /** Query fields passed to the list as equality filters. */
  filterFields?: string[];
  deleteGuards?: DeleteGuard[];
  /** Records that can never be deleted (e.g. the built-in roles), with the reason. */
  protectedReason?: (record: T) => string | undefined;
  /** Refuses an update that would break an invariant, with the reason (a 400). */
  refuseUpdate?: (
    tenant: string,
    record: T,
    changes: Partial<Omit<T, keyof CrudRecord>>,
  ) => string | undefined | Promise<string | undefined>;
}

interface ById {
  tenant: Tenant;
  params: { id: string };
}

/** What each CRUD operation needs of its request and answers: the shape crudRoutes declares. */
interface CrudOperation<T extends CrudRecord> {
  list: (request: { tenant: Tenant; query: ListQuery & Record<string, unknown> }) => Promise<Page<T>>;
  get: (request: ById) => Promise<T>;
  create: (request: {
    tenant: Tenant;
    body: Omit<T, keyof CrudRecord> & Partial<CrudRecord>;
  }) => Promise<HttpResult<T>>;
  update: (request: ById & { body: Partial<Omit<T, keyof CrudRecord>> }) => Promise<T>;
  delete: (request: ById) => Promise<{ _id: string }>;
  verifyDelete: (request: ById) => Promise<VerifyDeleteResult>;
}

/** The operations of a CRUD resource, by route id (`roles.list`, `roles.get`, ...). */
export type CrudOperations<Resource extends string, T extends CrudRecord> = {
  [Verb in keyof CrudOperation<T> as `${Resource}.${Verb}`]: CrudOperation<T>[Verb];
};

/**
 * The one generic piece that serves every declared CRUD resource: list, get, create, update, delete and
 * verify-delete, over the resource's collection repository and delete guards.
 */
export function crudOperations<const Resource extends string, T extends CrudRecord>(
  config: CrudResourceConfig<Resource, T>,
): CrudOperations<Resource, T> {
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

  const operations: CrudOperation<T> = {
    list: async ({ tenant, query }) => {
      const filters = Object.fromEntries(
        (config.filterFields ?? []).map((field) => [field, filterValue(query[field])]),
      );
      return repository.list(tenant.key, query, filters);
    },
    get: async ({ tenant, params }) => {
      const record = await repository.get(tenant.key, params.id);
      if (!record) throw notFound();
      return record;
    },
    create: async ({ tenant, body }) => respond(201, await repository.create(tenant.key, body)),
    update: async ({ tenant, params, body }) => {
      if (config.refuseUpdate) {
        const current = await repository.get(tenant.key, params.id);
        if (!current) throw notFound();
        const reason = await config.refuseUpdate(tenant.key, current, body);
        if (reason) throw new BadRequestError(reason);
      }
      return repository.update(tenant.key, params.id, body);
    },
    delete: async ({ tenant, params }) => {
      const check = await verifyDelete(tenant.key, params.id);
      if (!check.canDelete) throw new ConflictError(check.message);
      await repository.remove(tenant.key, params.id);
      return { _id: params.id };
    },
    verifyDelete: async ({ tenant, params }) => verifyDelete(tenant.key, params.id),
  };
  // The same operations under the resource's route ids.
  return Object.fromEntries(
    Object.entries(operations).map(([verb, operation]) => [`${resource}.${verb}`, operation]),
  ) as CrudOperations<Resource, T>;
}

/** A list filter's value as the repository compares it (the route schema already checked its type). */
function filterValue(value: unknown): string | number | boolean | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}
