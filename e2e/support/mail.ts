/// <reference path="../../apps/server/test/helpers/smtp-server.d.ts" />
/**
 * The test mailbox: a loopback SMTP server (the integration helpers' catcher). Start the server
 * with `SMTP_URL` = its `url` and read codes with `next(address)`.
 */
export { startMailCatcher, type MailCatcher, type CaughtMail } from '../../apps/server/test/helpers/mail';
