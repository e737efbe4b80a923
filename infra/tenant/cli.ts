import { parseArgs } from 'node:util';
import type { OnboardingReport } from '../../functions/tenants/onboarding';
import { AppError } from '../../shared/http/errors';
import { brandPalettes, defaultBrandPalette } from '../../shared/rules/brand-palettes';

export const USAGE = `Usage: npm run tenant -- create --key <key> --name <name> --domain <domain> --admin-email <email>
         [--admin-first-name <name>] [--admin-last-name <name>] [--primary-color <palette>]
         [--logo-url <url>] [--site-url <url>] [--dry-run]

Creates a school in the table: the tenant and its settings, the claim of its domain, the six built-in
roles, a first admin, who is e-mailed a link to set their password (valid seven days, opening
--site-url, by default https://<domain>), and its first sitemap (the stack's bus writes it). Running it
again with the same arguments changes nothing.
A key or domain held by another tenant is refused. --dry-run prints what it would write.
--primary-color is the site's colour, one of ${brandPalettes.join(', ')} (default ${defaultBrandPalette});
--logo-url an http(s) address of the logo the header shows.

Environment:
  TABLE_NAME          the table (required; the stack's TableName output)
  AWS_REGION          its region (required unless DYNAMODB_ENDPOINT is set)
  DYNAMODB_ENDPOINT   a DynamoDB Local URL instead of AWS (npm start prints it)
  MAIL_ADAPTER        ses (required against AWS) or outbox (the local mailbox, under OUTBOX_DIR)
  MAIL_FROM           the sender, a verified SES identity (with MAIL_ADAPTER=ses)
  OUTBOX_DIR          where the outbox adapter writes (default .data/outbox, npm start's mailbox)
AWS credentials come from the usual chain (AWS_PROFILE, environment, SSO).`;

/** Local credentials DynamoDB Local accepts (it checks their presence, not their value). */
const LOCAL_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' };

/**
 * What the environment lacks to reach the right table and mail the admin. Against AWS nothing is assumed:
 * a default table name or region could write a school into the wrong table, and the outbox adapter would
 * drop the admin's e-mail into a local folder.
 */
export function environmentProblems(env: NodeJS.ProcessEnv, dryRun: boolean): string[] {
  const problems: string[] = [];
  if (!env.TABLE_NAME) problems.push('TABLE_NAME is not set');
  if (!env.DYNAMODB_ENDPOINT) {
    if (!env.AWS_REGION) problems.push('AWS_REGION is not set');
    if (!dryRun && env.MAIL_ADAPTER !== 'ses') problems.push('MAIL_ADAPTER=ses is needed to mail the admin');
    if (!dryRun && env.MAIL_ADAPTER === 'ses' && !env.MAIL_FROM) problems.push('MAIL_FROM is not set');
  }
  return problems;
}

/**
 * `npm run tenant -- <command> ...`: answers the process's exit code (0 done, 1 refused, 2 bad usage).
 * `env` is checked and completed (local credentials for DynamoDB Local); the script passes process.env,
 * which the functions read their configuration from, as Lambda's would.
 */
export async function runTenantCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    print(USAGE);
    return 0;
  }
  if (positionals[0] !== 'create' || positionals.length !== 1) {
    print(`Unknown command: ${positionals.join(' ') || '(none)'}\n\n${USAGE}`);
    return 2;
  }
  const missing = (['key', 'name', 'domain', 'admin-email'] as const).filter((name) => !values[name]);
  if (missing.length) {
    print(`Missing ${missing.map((name) => `--${name}`).join(', ')}\n\n${USAGE}`);
    return 2;
  }
  const dryRun = values['dry-run'] ?? false;
  const problems = environmentProblems(env, dryRun);
  if (problems.length) {
    print(`Cannot reach the table: ${problems.join('; ')}.\n\n${USAGE}`);
    return 2;
  }
  if (env.DYNAMODB_ENDPOINT && !env.AWS_ACCESS_KEY_ID) Object.assign(env, LOCAL_CREDENTIALS);
  env.AWS_REGION ??= 'local-1';

  // Imported once the environment is complete: the functions read it when first used.
  const { onboardTenant } = await import('../../functions/tenants/onboarding');
  try {
    const report = await onboardTenant(
      {
        key: values.key ?? '',
        name: values.name ?? '',
        domain: values.domain ?? '',
        adminEmail: values['admin-email'] ?? '',
        ...(values['admin-first-name'] ? { adminFirstname: values['admin-first-name'] } : {}),
        ...(values['admin-last-name'] ? { adminLastname: values['admin-last-name'] } : {}),
        ...(values['primary-color'] ? { primaryColor: values['primary-color'] } : {}),
        ...(values['logo-url'] ? { logoUrl: values['logo-url'] } : {}),
      },
      { dryRun, ...(values['site-url'] ? { siteOrigin: values['site-url'] } : {}) },
    );
    print(formatReport(report, env.TABLE_NAME ?? ''));
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const verb = error.statusCode === 409 ? 'Refused' : 'Invalid';
    print(`${verb}: ${error.message}. Nothing was written.`);
    return error.statusCode === 409 ? 1 : 2;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      key: { type: 'string' },
      name: { type: 'string' },
      domain: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-first-name': { type: 'string' },
      'admin-last-name': { type: 'string' },
      'primary-color': { type: 'string' },
      'logo-url': { type: 'string' },
      'site-url': { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

export function formatReport(report: OnboardingReport, tableName: string): string {
  const { request } = report;
  const width = Math.max(...report.steps.map((step) => step.outcome.length));
  const lines = report.steps.map((step) => `  ${step.outcome.padEnd(width)}  ${step.what}`);
  const heading = `Tenant ${request.key} ("${request.name}", ${request.domain}) in table ${tableName}`;
  const created = report.steps.filter((step) => step.outcome !== 'unchanged').length;
  const closing = report.dryRun
    ? created
      ? `Dry run: nothing was written; ${created} of these would be.`
      : 'Dry run: nothing was written, and nothing would be: the tenant is complete.'
    : report.changed
      ? `Done: ${created} written.`
      : 'Nothing to do: the tenant already exists as asked; nothing was changed.';
  return [heading, ...lines, closing].join('\n');
}
