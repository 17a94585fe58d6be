import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '@breaker/api-contract/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in $DATA_DIR/outbox/. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'appUrl'>): Mailer {
  const from = `Breaker <no-reply@${config.appUrl.hostname}>`;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(join(outbox, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
