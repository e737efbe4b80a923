import type { Construct } from 'constructs';

/** A number from CDK context (`-c name=20` gives a string, cdk.json a number); a bad one stops the synth. */
export function positiveContext(scope: Construct, name: string, fallback: number, kind?: 'integer'): number {
  const raw: unknown = scope.node.tryGetContext(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (kind === 'integer' && !Number.isInteger(value))) {
    throw new Error(`CDK context ${name} must be a positive ${kind ?? 'number'}, not ${JSON.stringify(raw)}`);
  }
  return value;
}

/** A share from CDK context, 0 to 1 inclusive (a sampling rate); a bad one stops the synth. */
export function shareContext(scope: Construct, name: string, fallback: number): number {
  const raw: unknown = scope.node.tryGetContext(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`CDK context ${name} must be a number from 0 to 1, not ${JSON.stringify(raw)}`);
  }
  return value;
}

/** A comma-separated list from CDK context (`-c alarmEmails=a@x.org,b@x.org`, or an array in cdk.json). */
export function listContext(scope: Construct, name: string): string[] {
  const raw: unknown = scope.node.tryGetContext(name);
  const items = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : [];
  return items.map((item) => item.trim()).filter(Boolean);
}

/** A text from CDK context, or the fallback. */
export function textContext(scope: Construct, name: string, fallback: string): string {
  const raw: unknown = scope.node.tryGetContext(name);
  return typeof raw === 'string' && raw.trim() ? raw.trim() : fallback;
}
