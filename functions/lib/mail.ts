import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from './config';
import { newId } from './ids';

/** A file sent with a mail (a calendar invite: `text/calendar; method=REQUEST`). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** The mail port: SES in the cloud; locally an outbox directory that the mailbox page shows. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function sesMailer(client: SESv2Client, from: string): Mailer {
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: mail.text, Charset: 'UTF-8' },
                Html: { Data: mail.html, Charset: 'UTF-8' },
              },
              ...(mail.attachments?.length
                ? {
                    Attachments: mail.attachments.map((attachment) => ({
                      FileName: attachment.filename,
                      ContentType: attachment.contentType,
                      RawContent: new TextEncoder().encode(attachment.content),
                    })),
                  }
                : {}),
            },
          },
        }),
      );
    },
  };
}

export function outboxMailer(directory: string): Mailer {
  return {
    async send(mail) {
      await mkdir(directory, { recursive: true });
      const id = newId();
      const record = { id, ...mail, createdAt: new Date().toISOString() };
      await writeFile(join(directory, `${id}.json`), JSON.stringify(record, null, 2));
    },
  };
}

let mailer: Mailer | undefined;
export function mail(): Mailer {
  if (!mailer) {
    const { MAIL_ADAPTER, MAIL_FROM, OUTBOX_DIR, AWS_REGION } = config();
    mailer =
      MAIL_ADAPTER === 'ses'
        ? sesMailer(new SESv2Client({ region: AWS_REGION }), MAIL_FROM)
        : outboxMailer(OUTBOX_DIR);
  }
  return mailer;
}

export function resetMailer(): void {
  mailer = undefined;
}

/** Escapes text placed into mail HTML (names are user input). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
