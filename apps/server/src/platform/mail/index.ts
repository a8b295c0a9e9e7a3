import nodemailer from 'nodemailer';

/** Outgoing mail. One implementation speaks SMTP; the other writes to the log (development). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' really delivers; 'log' only writes the message to the server log. */
  readonly kind: 'smtp' | 'log';
  send(msg: MailMessage): Promise<void>;
}

export interface MailLogger {
  warn(obj: object, msg: string): void;
}

/** `url` as nodemailer accepts it: smtp://user:pass@host:port, smtps://… */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(msg) {
      await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text });
    },
  };
}

export function logMailer(log: MailLogger): Mailer {
  return {
    kind: 'log',
    async send(msg) {
      log.warn({ to: msg.to }, `NOT DELIVERED (no SMTP/SMS configured) to ${msg.to}: ${msg.subject} — ${msg.text}`);
    },
  };
}
