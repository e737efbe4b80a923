/**
 * `npm run tenant -- create --key ... --name ... --domain ... --admin-email ... [--dry-run]`: creates a
 * school in a deployed table or in DynamoDB Local (see infra/tenant/cli.ts and the README's deploy section).
 */
import { runTenantCommand } from './cli';

process.exitCode = await runTenantCommand(process.argv.slice(2), process.env, (line) => console.log(line));
