import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const TOKEN_SECRET_FILE = 'token-secret';

/**
 * The local stack's token signing key: random, made once per data directory and kept in it, readable by
 * this user only. Sessions survive a restart on the same data; no key is written in the source (anyone who
 * read it could sign an admin's token), and two data directories never accept each other's tokens.
 *
 * Two stacks starting on one new directory agree on one key: each writes a candidate to a file of its own
 * and links it into place, which fails when a key is there already (then that key is read).
 */
export async function localTokenSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, TOKEN_SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(candidate, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    await link(candidate, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    await unlink(candidate);
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds no usable signing key (at least 32 characters): delete it to make a new one`,
    );
  }
  return secret;
}
