// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; the helpers' declaration is reused
/// <reference path="../../apps/server/test/helpers/smtp-server.d.ts" />
/**
 * The test mailbox: a loopback SMTP server (the integration helpers' catcher). Start the server
 * with `SMTP_URL` = its `url` and read codes with `next(address)`.
 */
export { startMailCatcher, type MailCatcher, type CaughtMail } from '../../apps/server/test/helpers/mail';
