import { describe, expect, it } from 'vitest';
import { routeById } from '../../../shared/routes/catalogue';
import { buildRequest } from './build-request';

describe('buildRequest', () => {
  it('fills the path, drops empty query values and sends the bearer token and user id', () => {
    // Act
    const { url, init } = buildRequest(
      'https://api.example.test',
      routeById('roles.list'),
      { query: { limit: 10, offset: 0, searchText: '', sortKey: undefined } },
      { token: 'abc', userId: 'u1' },
    );
    // Assess
    expect(url).toBe('https://api.example.test/admin/roles?limit=10&offset=0');
    expect(init.method).toBe('GET');
    expect(init.headers.authorization).toBe('Bearer abc');
    expect(init.headers['x-user-id']).toBe('u1');
    expect(init.body).toBeUndefined();
  });

  it('form-encodes the body of routes declared with bodyEncoding form', () => {
    const { init } = buildRequest(
      'https://api.example.test',
      routeById('auth.token'),
      { body: { grant_type: 'password', username: 'a@b.test', password: 'p w&x' } },
      {},
    );
    expect(init.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(init.body).toBe('grant_type=password&username=a%40b.test&password=p+w%26x');
    expect(init.headers.authorization).toBeUndefined();
  });

  it('sends JSON bodies and encodes path parameters', () => {
    const { url, init } = buildRequest(
      'https://api.example.test',
      routeById('roles.update'),
      { params: { id: 'role/1' }, body: { name: 'Reviewer' } },
      { token: 't', userId: 'u' },
    );
    expect(url).toBe('https://api.example.test/admin/roles/role%2F1');
    expect(init.method).toBe('PUT');
    expect(init.headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"name":"Reviewer"}');
  });
});
