import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/*
 * zod/mini carries no default messages: the English ones classic zod sets for itself are set here, for
 * every module that builds its schemas with zod/mini (each imports this file, so no parse can run first).
 * zod/mini is used for the schemas a cold start reads: it builds them about twice as cheaply as classic zod
 * and is a fraction of its size (test/bench/cold-start-notes.md).
 */
config(en());
