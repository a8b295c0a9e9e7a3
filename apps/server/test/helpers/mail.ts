import { SMTPServer } from 'smtp-server';

/** A loopback SMTP server that keeps every message, for asserting on mails the server sends. */

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  /** The 6-digit verification code found in the body, if any. */
  code: string | undefined;
}

export interface MailCatcher {
  url: string;
  mails: CaughtMail[];
  /** Resolves with the next mail to `to` (or one already caught and not yet taken). */
  next(to: string): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** Quoted-printable soft line breaks and escapes, enough to read a plain-text body. */
const unQp = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters: Array<{ to: string; resolve: (m: CaughtMail) => void }> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
        const encoded = rest.join('\n');
        const body = /content-transfer-encoding:\s*base64/i.test(head)
          ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8')
          : unQp(encoded);
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          code: /\b(\d{6})\b/.exec(body)?.[1],
        };
        mails.push(mail);
        const i = waiters.findIndex((w) => mail.to.includes(w.to));
        if (i >= 0) {
          taken.add(mail);
          waiters.splice(i, 1)[0]?.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to) {
      const ready = mails.find((m) => m.to.includes(to) && !taken.has(m));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiters.push({ to, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
