import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger for every function; the pipeline appends the correlation id per request. */
export const logger = new Logger({
  serviceName: 'learning-platform',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? (process.env.VITEST ? 'ERROR' : 'INFO'),
});
