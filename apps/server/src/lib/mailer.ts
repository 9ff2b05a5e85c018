import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from './ids.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The most recent messages (newest last), kept for the outbox view and for tests. */
  readonly recent: Mail[];
}

const KEEP = 50;

/** Sends through SMTP_URL when set; otherwise writes each message to `<data>/outbox` as JSON. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir?: string;
  log?: (msg: string) => void;
}): Mailer {
  const recent: Mail[] = [];
  const remember = (mail: Mail) => {
    recent.push(mail);
    if (recent.length > KEEP) recent.shift();
  };
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      recent,
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        remember(mail);
      },
    };
  }
  return {
    recent,
    async send(mail) {
      remember(mail);
      if (!opts.outboxDir) return;
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${newId()}.json`);
      await writeFile(
        file,
        JSON.stringify({ from: opts.from, ...mail, at: new Date().toISOString() }, null, 2),
      );
      opts.log?.(`mail to ${mail.to} written to ${file}`);
    },
  };
}
