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
  it('takes a complete Firebase web app for push, and leaves out an incomplete one', () => {
    const base = { apiUrl: 'https://api.example.com', wsUrl: 'wss://ws.example.com', stage: 'production' };
    const firebase = { apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a', vapidKey: 'v' };
    expect(parseRuntimeConfig({ ...base, firebase })).toEqual({ ...base, firebase });
    expect(parseRuntimeConfig({ ...base, firebase: { ...firebase, vapidKey: '' } })).toEqual(base);
  });
});
