import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { type DropdownOption, MAX_DROPDOWN_OPTIONS, type VerifyDeleteResult } from '../../shared/routes/crud';
import type { ListQuery, Page } from '../../shared/schemas/paging';
import type { Tenant } from '../../shared/schemas/tenant';
import { type HttpResult, respond } from '../lib/request';
import type { CrudRecord, collectionRepository } from './repository';

/** Something that may still refer to a record: deleting it is refused while the count is above zero. */
export interface DeleteGuard {
  entity: string;
  count(tenant: string, id: string): Promise<number>;
}

/** What a record is as stored, without the fields the repository sets. */
export type CrudFields<T extends CrudRecord> = Omit<T, keyof CrudRecord>;

/**
 * How a resource's records meet the API when the two differ (money stored as integer minor units, shown
 * as major units): `present` turns a stored record into the route's doc; `accept` and `acceptChanges`
 * turn a create or update body into stored fields, and may refuse it (a BadRequestError) with what only
 * the tenant knows (its currencies).
 */
export interface CrudView<T extends CrudRecord, Doc, Body> {
  present: (record: T) => Doc;
  accept: (body: Body, tenant: Tenant) => CrudFields<T>;
  acceptChanges: (body: Partial<Body>, tenant: Tenant) => Partial<CrudFields<T>>;
}

export interface CrudResourceConfig<Resource extends string, T extends CrudRecord> {
  resource: Resource;
  label: string;
  repository: ReturnType<typeof collectionRepository<T>>;
  /** Query fields passed to the list as equality filters. */
  filterFields?: string[];
  /** Equality filters derived from other query fields (a comma list of statuses that names one). */
  filtersOf?: (query: Record<string, unknown>) => Record<string, string | undefined>;
  deleteGuards?: DeleteGuard[];
  /** Records that can never be deleted (e.g. the built-in roles), with the reason. */
  protectedReason?: (record: T) => string | undefined;
  /** Refuses an update that would break an invariant, with the reason (a 400). */
  refuseUpdate?: (
    tenant: string,
    record: T,
    changes: Partial<Omit<T, keyof CrudRecord>>,
  ) => string | undefined | Promise<string | undefined>;
  /**
   * The picker's options (`dropdown-list`): each record's name, and whether it is offered (its ACTIVE
   * status); `filters` narrow the read to an index (e.g. `{ status: 'ACTIVE' }`).
   */
  dropdown?: {
    name: (record: T) => string;
    offered?: (record: T) => boolean;
    filters?: Record<string, string>;
  };
  /** The records that apply to one user (`user/{userId}`), by the resource's own rule. */
  forUser?: (tenant: Tenant, userId: string, query: Record<string, unknown>) => Promise<T[]>;
}

interface ById {
  tenant: Tenant;
  params: { id: string };
}

/** What each CRUD operation needs of its request and answers: the shape crudRoutes declares. */
interface CrudOperation<Doc, Body> {
  list: (request: { tenant: Tenant; query: ListQuery & Record<string, unknown> }) => Promise<Page<Doc>>;
  get: (request: ById) => Promise<Doc>;
  create: (request: { tenant: Tenant; body: Body }) => Promise<HttpResult<Doc>>;
  update: (request: ById & { body: Partial<Body> }) => Promise<Doc>;
  delete: (request: ById) => Promise<{ _id: string }>;
  verifyDelete: (request: ById) => Promise<VerifyDeleteResult>;
  dropdown: (request: { tenant: Tenant }) => Promise<{ docs: DropdownOption[]; truncated: boolean }>;
  forUser: (request: {
    tenant: Tenant;
    params: { userId: string };
    query: Record<string, unknown>;
  }) => Promise<{ docs: Doc[] }>;
}

/** The operations of a CRUD resource, by route id (`roles.list`, `roles.get`, ...). */
export type CrudOperations<
  Resource extends string,
  T extends CrudRecord,
  Doc = T,
  Body = CrudFields<T> & Partial<CrudRecord>,
> = {
  [Verb in keyof CrudOperation<Doc, Body> as `${Resource}.${Verb}`]: CrudOperation<Doc, Body>[Verb];
};

/** The records as the API shows them: the stored records themselves. */
function sameView<T extends CrudRecord>(): CrudView<T, T, CrudFields<T> & Partial<CrudRecord>> {
  return { present: (record) => record, accept: (body) => body, acceptChanges: (body) => body };
}

/**
 * The one generic piece that serves every declared CRUD resource: list, get, create, update, delete and
 * verify-delete, over the resource's collection repository and delete guards.
 */
export function crudOperations<const Resource extends string, T extends CrudRecord>(
  config: CrudResourceConfig<Resource, T>,
): CrudOperations<Resource, T> {
  return viewedCrudOperations(config, sameView<T>());
}

/** `crudOperations` for a resource whose API form differs from its stored form (see CrudView). */
export function viewedCrudOperations<const Resource extends string, T extends CrudRecord, Doc, Body>(
  config: CrudResourceConfig<Resource, T>,
  view: CrudView<T, Doc, Body>,
): CrudOperations<Resource, T, Doc, Body> {
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

  const operations: CrudOperation<Doc, Body> = {
    list: async ({ tenant, query }) => {
      const filters = {
        ...Object.fromEntries((config.filterFields ?? []).map((field) => [field, filterValue(query[field])])),
        ...config.filtersOf?.(query),
      };
      const page = await repository.list(tenant.key, query, filters);
      return { ...page, docs: page.docs.map(view.present) };
    },
    get: async ({ tenant, params }) => {
      const record = await repository.get(tenant.key, params.id);
      if (!record) throw notFound();
      return view.present(record);
    },
    create: async ({ tenant, body }) =>
      respond(201, view.present(await repository.create(tenant.key, view.accept(body, tenant)))),
    update: async ({ tenant, params, body }) => {
      const changes = view.acceptChanges(body, tenant);
      if (config.refuseUpdate) {
        const current = await repository.get(tenant.key, params.id);
        if (!current) throw notFound();
        const reason = await config.refuseUpdate(tenant.key, current, changes);
        if (reason) throw new BadRequestError(reason);
      }
      return view.present(await repository.update(tenant.key, params.id, changes));
    },
    delete: async ({ tenant, params }) => {
      const check = await verifyDelete(tenant.key, params.id);
      if (!check.canDelete) throw new ConflictError(check.message);
      await repository.remove(tenant.key, params.id);
      return { _id: params.id };
    },
    verifyDelete: async ({ tenant, params }) => verifyDelete(tenant.key, params.id),
    dropdown: async ({ tenant }) => {
      const picker = config.dropdown;
      if (!picker) throw new NotFoundError(`${label} has no picker`);
      // One bounded read (one more than shown, to know there were more) of the index the filters name.
      const page = await repository.list(
        tenant.key,
        { limit: MAX_DROPDOWN_OPTIONS + 1, offset: 0 },
        picker.filters ?? {},
      );
      const offered = page.docs.filter((record) => picker.offered?.(record) ?? true);
      const options = offered
        .map((record) => ({ _id: record._id, name: picker.name(record) }))
        .sort(
          (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a._id.localeCompare(b._id),
        );
      const truncated = page.docs.length > MAX_DROPDOWN_OPTIONS || page.partial !== undefined;
      return { docs: options.slice(0, MAX_DROPDOWN_OPTIONS), truncated };
    },
    forUser: async ({ tenant, params, query }) => {
      if (!config.forUser) throw new NotFoundError(`${label} has no per-user look-up`);
      return { docs: (await config.forUser(tenant, params.userId, query)).map(view.present) };
    },
  };
  // The same operations under the resource's route ids.
  return Object.fromEntries(
    Object.entries(operations).map(([verb, operation]) => [`${resource}.${verb}`, operation]),
  ) as CrudOperations<Resource, T, Doc, Body>;
}

/** A list filter's value as the repository compares it (the route schema already checked its type). */
function filterValue(value: unknown): string | number | boolean | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}
