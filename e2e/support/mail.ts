/**
 * A loopback SMTP mailbox for e2e tests that need verification codes (e-mail login, forgot
 * password). The server answers "codes cannot be sent now" without SMTP (issue 19 #3), so:
 *
 *   const mail = await startMailCatcher();
 *   const server = await startServer({ SMTP_URL: mail.url });
 *   … ask for a code in the UI …
 *   const { code } = await mail.next('someone@example.com');
 *   … await mail.close() in afterAll.
 */
export { startMailCatcher, type CaughtMail, type MailCatcher } from '../../apps/server/test/helpers/mail';
