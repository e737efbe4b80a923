import type { RouteId } from '../../../../../shared/routes/catalogue';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { type ApiAnswer, type ApiBody, apiKey, callApi, useApi } from '../../../lib/api-client';

/** The rate resources with a page of their own: crudRoutes (shared/routes/crud.ts) declares their routes alike. */
export type RatePrefix =
  | 'group-tutor-rates'
  | 'one-to-one-tutor-rates'
  | 'student-flexible-rates'
  | 'student-subscription-rates';

/** A rate as the list route of prefix P answers it. */
export type RateOf<P extends RatePrefix> = NonNullable<ApiAnswer<`${P}.list`>['docs']>[number];

/** What the create route of prefix P takes (its update takes any part of it). */
export type RateBodyOf<P extends RatePrefix> = ApiBody<`${P}.create`>;

/** A picker's route: every `<resource>.dropdown` answers the active records' ids and names. */
export type DropdownRouteId = Extract<RouteId, `${string}.dropdown`>;

type RateResource<P extends RatePrefix, Input> = AdminResource<RateOf<P>, Input, RateBodyOf<P>>;

/**
 * What a rate page lists and how it edits, which differs between tutor and student rates. `create` is here
 * rather than made from the prefix: the compiler checks a generic call's body against every prefix's route at
 * once, and the tutor and student bodies have different required fields (the update bodies have none).
 */
export type RatePageParts<P extends RatePrefix, Input> = Required<
  Pick<
    RateResource<P, Input>,
    'columns' | 'filters' | 'emptyInput' | 'toInput' | 'validate' | 'renderForm' | 'create'
  >
>;

/**
 * The admin page of the rates under route-id prefix P (spec 002 section 7): the list, delete and update
 * calls come from the prefix, the title, label and toasts from the rate's name; `parts` gives the columns
 * and the form from what `useContext` reads on each render (dropdowns, the admin's zone, the currency).
 */
export function ratesPage<P extends RatePrefix, Input, Context>(page: {
  prefix: P;
  /** "Group tutor rate": the title is its plural, the toasts "<name> created!" (spec 002 section 8). */
  name: string;
  useContext: () => Context;
  parts: (context: Context) => RatePageParts<P, Input>;
}) {
  const { prefix, name } = page;
  const calls: Omit<RateResource<P, Input>, keyof RatePageParts<P, Input>> = {
    useList: (query, options) => listRead(useApi(apiKey(`${prefix}.list`, { query }), options)),
    delete: (id) => callApi(`${prefix}.delete`, { params: { id } }),
    update: (id, body) => callApi(`${prefix}.update`, { params: { id }, body }),
    title: `${name}s`,
    label: name.toLowerCase(),
    messages: { created: `${name} created!`, updated: `${name} updated!`, deleted: `${name} deleted!` },
  };
  return function RatesPage() {
    const context = page.useContext();
    return <AdminListPage config={{ ...calls, ...page.parts(context) }} />;
  };
}
