import { BASE_PATH } from './paths';

/** Spec 000 section 9: the environment names. */
export const stages = ['production', 'test', 'local', 'alpha'] as const;

/**
 * Where the SPA runs, fetched from `/learning-portal/config.json` at start (served by the local stack and
 * deployed next to the SPA in the cloud) rather than baked into the build, so one build serves every stage.
 */
export interface RuntimeConfig {
  apiUrl: string;
  wsUrl: string;
  stage: (typeof stages)[number];
  /**
   * The stage's Firebase web app, for push notifications (features/notifications): absent, the local push
   * adapter's tokens are used.
   */
  firebase?: FirebaseWebConfig;
}

export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  /** The web push certificate's public key (Firebase console, Cloud Messaging). */
  vapidKey: string;
}

const firebaseFields = ['apiKey', 'projectId', 'messagingSenderId', 'appId', 'vapidKey'] as const;

function parseFirebase(raw: unknown): FirebaseWebConfig | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const fields = Object.fromEntries(firebaseFields.map((name) => [name, Reflect.get(raw, name)]));
  if (!firebaseFields.every((name) => typeof fields[name] === 'string' && fields[name])) return undefined;
  return {
    apiKey: String(fields.apiKey),
    projectId: String(fields.projectId),
    messagingSenderId: String(fields.messagingSenderId),
    appId: String(fields.appId),
    vapidKey: String(fields.vapidKey),
  };
}

/** Only for `vite` alone in development (no local stack in front serving config.json). */
const developmentFallback: RuntimeConfig = {
  apiUrl: 'http://localhost:3000',
  wsUrl: 'ws://localhost:3000/ws',
  stage: 'local',
};

const isUrl = (value: unknown, protocols: string[]): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Checks config.json by hand rather than with zod: this runs before the first render, and zod would add
 * about 30 KB (gzipped) to the JavaScript every page needs.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig | string {
  const value = (raw ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (!isUrl(value.apiUrl, ['http:', 'https:'])) problems.push('apiUrl must be an http(s) URL');
  if (!isUrl(value.wsUrl, ['ws:', 'wss:', 'http:', 'https:'])) problems.push('wsUrl must be a URL');
  if (!stages.includes(value.stage as RuntimeConfig['stage']))
    problems.push(`stage must be one of ${stages.join(', ')}`);
  if (problems.length > 0) return problems.join('; ');
  const firebase = parseFirebase(value.firebase);
  return {
    apiUrl: (value.apiUrl as string).replace(/\/+$/, ''),
    wsUrl: value.wsUrl as string,
    stage: value.stage as RuntimeConfig['stage'],
    ...(firebase ? { firebase } : {}),
  };
}

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
  const parsed = parseRuntimeConfig(raw);
  if (typeof parsed === 'string') throw new Error(`Invalid ${url}: ${parsed}`);
  current = parsed;
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
}
