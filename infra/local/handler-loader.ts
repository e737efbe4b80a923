import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { handlerEntry } from '../../functions/registry';

// biome-ignore lint/suspicious/noExplicitAny: handlers of every kind (HTTP, WebSocket, EventBridge) load here.
export type AnyHandler = (event: any, context: any) => Promise<any>;
export type HandlerLoader = (resource: string) => Promise<AnyHandler>;

const projectRoot = resolve(import.meta.dirname, '../..');

/** Loads `functions/<resource>/handler.ts` once, the file the CDK stack bundles for that Lambda. */
export function moduleLoader(): HandlerLoader {
  const cache = new Map<string, Promise<AnyHandler>>();
  return (resource) => {
    let loaded = cache.get(resource);
    if (!loaded) {
      const url = pathToFileURL(resolve(projectRoot, handlerEntry(resource))).href;
      loaded = import(url).then((module: { handler?: AnyHandler }) => {
        if (typeof module.handler !== 'function')
          throw new Error(`${handlerEntry(resource)} does not export handler`);
        return module.handler;
      });
      cache.set(resource, loaded);
      loaded.catch(() => cache.delete(resource));
    }
    return loaded;
  };
}
