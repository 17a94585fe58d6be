import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a stack leaves its e-mail: the outbox (SMTP_URL unset) and the loopback SMTP server's inbox. */
const FOLDERS = ['outbox', 'smtp-inbox'];

export interface Mail {
  file: string;
  headers: Record<string, string>;
  /** The decoded body. */
  text: string;
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** Quoted-printable: soft line breaks (`=` at a line end) go, `=3D` and the other escapes become their bytes. */
export function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseMail(file: string, raw: string): Mail {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = parseHeaders(head);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { file, headers, text };
}

function isAddressedTo(mail: Mail, address: string): boolean {
  const wanted = address.toLowerCase();
  const recipients = [mail.headers['to'], mail.headers['delivered-to']].filter(Boolean).join(', ').toLowerCase();
  return recipients.split(/[\s,<>]+/).includes(wanted);
}

async function newestMail(dataDir: string, address: string, since: number): Promise<Mail | undefined> {
  const found: { mail: Mail; time: number }[] = [];
  for (const folder of FOLDERS) {
    const directory = join(dataDir, folder);
    const names = await readdir(directory).catch(() => [] as string[]);
    for (const name of names.filter((entry) => entry.endsWith('.eml') && !entry.startsWith('.'))) {
      const file = join(directory, name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs < since) continue;
      const mail = parseMail(file, await readFile(file, 'latin1'));
      if (isAddressedTo(mail, address)) found.push({ mail, time: mtimeMs });
    }
  }
  found.sort((a, b) => b.time - a.time || b.mail.file.localeCompare(a.mail.file));
  return found[0]?.mail;
}

/** Waits for the newest message to `address` (written at or after `since`, epoch ms) in either folder. */
export async function waitForMail(dataDir: string, address: string, { since = 0, timeoutMs = 15_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await newestMail(dataDir, address, since);
    // The outbox file is written in one go, but a reader may still catch it mid-write: wait for a whole body.
    if (mail && /\S/.test(mail.text)) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived in ${dataDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The password-reset link of a message: `<APP_URL>/reset-password?token=<32 base32 characters>`. */
export function resetLink(mail: Mail): URL {
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[a-z2-7]{32}(?![a-z2-7])/i.exec(mail.text);
  if (!match) throw new Error(`no reset link in ${mail.file}:\n${mail.text}`);
  return new URL(match[0]);
}
