import { useSyncExternalStore } from 'react';

/** Requests in flight that the global loader follows (see config/global-loader.ts for the exclusions). */
let pending = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function trackRequest<T>(work: Promise<T>): Promise<T> {
  pending += 1;
  notify();
  return work.finally(() => {
    pending -= 1;
    notify();
  });
}

export function usePendingRequests(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => 0,
  );
}
