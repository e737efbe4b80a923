import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts a valid config and trims the API address', () => {
    expect(
      parseRuntimeConfig({
        apiUrl: 'https://api.example.com/',
        wsUrl: 'wss://ws.example.com',
        stage: 'production',
      }),
    ).toEqual({
      apiUrl: 'https://api.example.com',
      wsUrl: 'wss://ws.example.com',
      stage: 'production',
    });
  });
  it('names every problem', () => {
    expect(parseRuntimeConfig({ apiUrl: 'ftp://x', stage: 'bench' })).toBe(
      'apiUrl must be an http(s) URL; wsUrl must be a URL; stage must be one of production, test, local, alpha',
    );
    expect(parseRuntimeConfig(null)).toContain('apiUrl must be');
  });
});
