import {
  registerAndLogin,
  startMailCatcher,
  startTestServer,
  type MailCatcher,
  type TestServer,
} from './helpers/index';

/**
 * A server whose code mail goes to a local SMTP catcher, configured as an operator does it (the
 * `smtp` setting in the database, no SMTP_URL), with its first account (the administrator) taken
 * so that later registrations are ordinary users.
 */
export async function serverWithMail(): Promise<{ s: TestServer; mail: MailCatcher }> {
  const mail = await startMailCatcher();
  const s = await startTestServer();
  await s.services.config.set('smtp', { url: mail.url, from: 'Parley <codes@example.com>' });
  await registerAndLogin(s.api, { account: 'theadmin', realname: 'Admin', password: 'admin-pw1' });
  return { s, mail };
}
