import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A calendar invite or cancellation (functions/notifications). */
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
  createdAt: string;
}

/** The mails the outbox adapter wrote, newest first. */
export async function readOutbox(directory: string): Promise<OutboxMail[]> {
  const files = (await readdir(directory).catch(() => [])).filter((name) => name.endsWith('.json'));
  const mails = await Promise.all(
    files.map(async (name) => JSON.parse(await readFile(join(directory, name), 'utf8')) as OutboxMail),
  );
  return mails.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

const escapeText = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The local mailbox page: what the platform would have e-mailed, with working links. */
export function mailboxPage(mails: OutboxMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <header><strong>${escapeText(mail.subject)}</strong><span>to ${escapeText(mail.to)}</span><time>${escapeText(
    new Date(mail.createdAt).toLocaleString(),
  )}</time></header>
  <div class="body">${mail.html}</div>${(mail.attachments ?? [])
    .map(
      (file) =>
        `<p class="attachment"><a download="${escapeText(file.filename)}" href="data:${escapeText(
          file.contentType.split(';')[0] ?? 'application/octet-stream',
        )};charset=utf-8,${encodeURIComponent(file.content)}">${escapeText(file.filename)}</a></p>`,
    )
    .join('')}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f7f7;color:#1a202c}
h1{background:#319795;color:#fff;margin:0;padding:16px 24px;font-size:20px}
main{max-width:860px;margin:24px auto;padding:0 16px}
article{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1);margin-bottom:16px;padding:16px}
header{display:flex;gap:16px;align-items:baseline;border-bottom:1px solid #e2e8f0;padding-bottom:8px;margin-bottom:8px}
header span,header time{color:#4a5568;font-size:14px}
.empty{color:#4a5568}
a{color:#2c7a7b}
</style></head>
<body><h1>Local mailbox</h1><main>
<p class="empty">${mails.length} message${mails.length === 1 ? '' : 's'}. E-mails the platform sends locally land here instead of SES.</p>
${items}
</main></body></html>`;
}
