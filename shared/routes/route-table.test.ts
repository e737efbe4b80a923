import { expect, it } from 'vitest';
import { routes } from './catalogue';
import { clientRouteTable } from './route-table';

it('marks the public routes, and only them, in the table the SPA ships', () => {
  const table = clientRouteTable(routes);
  const marked = Object.entries(table).filter(([, route]) => route.public);
  expect(marked.map(([id]) => id).sort()).toEqual(
    routes
      .filter((route) => route.access.kind === 'public')
      .map((route) => route.id)
      .sort(),
  );
  expect(table['tenants.app']).toEqual({
    method: 'GET',
    path: '/tenants/app',
    public: true,
  });
  expect(table['roles.list']?.public).toBeUndefined();
});
