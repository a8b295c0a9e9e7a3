import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '@parley/protocol';
import { useCountdown } from '../../../lib/use-countdown';
import styles from '../screens/auth.module.css';

/**
 * "Get code" with the 60 s resend countdown (PROTOCOL §2.4 sendCode). `send` returns false (or
 * throws) when nothing was sent, e.g. a field is missing; the API client shows server messages.
 */
export function SendCodeButton({ send, testId }: { send: () => Promise<boolean>; testId: string }) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    try {
      if (await send()) countdown.start(limits.codeResendS);
    } catch {
      // Shown by the API client.
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.codeButton}
      onClick={() => void onClick()}
      disabled={countdown.left > 0 || pending}
      data-testid={testId}
    >
      {countdown.left > 0 ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCode')}
    </button>
  );
}
