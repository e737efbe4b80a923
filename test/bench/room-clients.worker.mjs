// The worker thread's entry: a thread does not inherit tsx's loader, so it registers it, then runs the clients.
import { register } from 'tsx/esm/api';

register();
await import('./room-clients.ts');
