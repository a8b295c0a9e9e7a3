import { formatMsg, type Lang } from '@parley/protocol';
import { AppError } from '../../platform/http/errors';
import { smtpMailer, type Mailer } from '../../platform/mail/index';
import { checkEmail } from '../users/index';
import type { ConfigService } from '../config/index';

/** Seconds an administrator waits for the SMTP server before hearing why (clients give up at 10 s). */
const TIMEOUT_MS = 8000;

const withTimeouts = (url: string) =>
  `${url}${url.includes('?') ? '&' : '?'}connectionTimeout=${TIMEOUT_MS}&greetingTimeout=${TIMEOUT_MS}&socketTimeout=${TIMEOUT_MS}`;

/**
 * `config/sendTestEmail` (§12.3): one mail through the saved SMTP settings (else the mailer the
 * environment configured). A refusal answers 400 with the SMTP server's own words.
 */
export function createMailTest(deps: { config: ConfigService; mailer: Mailer | undefined; mailFrom: string }) {
  return async function sendTestEmail(to: string, lang: Lang): Promise<void> {
    checkEmail(to);
    if (!to) throw new AppError(400, 'account.badEmail');
    const stored = await deps.config.smtp();
    const mailer = stored
      ? smtpMailer(withTimeouts(stored.url), stored.from || deps.mailFrom)
      : deps.mailer?.kind === 'smtp'
        ? deps.mailer
        : undefined;
    if (!mailer) throw new AppError(400, 'admin.smtpNotSet');
    const { sysInfo } = await deps.config.systemInfo();
    try {
      await mailer.send({
        to,
        subject: formatMsg('admin.testMailSubject', lang, { site: sysInfo.name }),
        text: formatMsg('admin.testMailBody', lang),
      });
    } catch (err) {
      const e = err as { response?: unknown; message?: unknown };
      const reason = typeof e.response === 'string' && e.response ? e.response : String(e.message ?? err);
      throw new AppError(400, 'admin.testMailFailed', { reason: reason.slice(0, 300) });
    }
  };
}
