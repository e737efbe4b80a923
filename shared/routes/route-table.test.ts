import { expect, it } from 'vitest';
import { routes } from './catalogue';
import { clientRouteTable } from './route-table';

it('marks the public routes, and only them, in the table the SPA ships', () => {
  const table = clientRouteTable(routes);
  const marked = Object.values(table).filter((route) => route.public);
  expect(marked.map((route) => route.id).sort()).toEqual(
    routes
      .filter((route) => route.access.kind === 'public')
      .map((route) => route.id)
      .sort(),
  );
  expect(table['tenants.app']).toEqual({
    id: 'tenants.app',
    method: 'GET',
    path: '/tenants/app',
    public: true,
  });
  expect(table['roles.list']?.public).toBeUndefined();
});
