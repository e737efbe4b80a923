import { afterEach, expect, it } from 'vitest';
import { resetConfig } from './config';
import { siteOrigin } from './site-origin';

const saved = process.env.WEB_ORIGIN;
afterEach(() => {
  if (saved === undefined) delete process.env.WEB_ORIGIN;
  else process.env.WEB_ORIGIN = saved;
  resetConfig();
});

it("is https on the tenant's domain in the cloud, and the local site's scheme and port locally", () => {
  process.env.WEB_ORIGIN = 'https://d1234.cloudfront.net';
  resetConfig();
  expect(siteOrigin('tutors.example.com')).toBe('https://tutors.example.com');

  process.env.WEB_ORIGIN = 'http://localhost:5173';
  resetConfig();
  expect(siteOrigin('127.0.0.1')).toBe('http://127.0.0.1:5173');
});
