import type { Reporter, TestModule } from 'vitest/node';
import { releaseFileDatabases } from './database';

/**
 * The main process hears when a test file has ended (its tests and hooks, in whichever worker): the
 * DynamoDB Locals it leased from the run's pool (./database.ts) are stopped then.
 */
export default class DatabaseLeases implements Reporter {
  async onTestModuleEnd(testModule: TestModule): Promise<void> {
    await releaseFileDatabases(testModule.moduleId);
  }
}
