import * as z from 'zod';
import { BASE_PATH } from './paths';

/** Spec 000 section 9: the environment names. */
export const stages = ['production', 'test', 'local', 'alpha'] as const;

/**
 * Where the SPA runs, fetched from `/learning-portal/config.json` at start (served by the local stack and
 * deployed next to the SPA in the cloud) rather than baked into the build, so one build serves every stage.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.url().transform((url) => url.replace(/\/+$/, '')),
  wsUrl: z.url(),
  stage: z.enum(stages),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Only for `vite` alone in development (no local stack in front serving config.json). */
const developmentFallback: RuntimeConfig = {
  apiUrl: 'http://localhost:3000',
  wsUrl: 'ws://localhost:3000/ws',
  stage: 'local',
};

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const url = `${BASE_PATH}/config.json`;
  let raw: unknown;
  try {
    const response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    raw = await response.json();
  } catch (error) {
    if (!import.meta.env.DEV) throw error;
    console.warn(`No ${url}; using the development defaults`, developmentFallback);
    raw = developmentFallback;
  }
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid ${url}: ${z.prettifyError(parsed.error)}`);
  current = parsed.data;
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}
