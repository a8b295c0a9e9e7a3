import { TextField, type TextFieldProps } from '../../../ui/TextField';
import { SendCodeButton } from './SendCodeButton';

export interface CodeFieldProps extends Omit<TextFieldProps, 'suffix' | 'inputMode' | 'maxLength'> {
  /**
   * Sends the code (PROTOCOL §2.4 sendCode); false when nothing was sent (a field above is wrong),
   * anything else counts as sent. Without it the field has no button (nowhere to send to).
   */
  send?: () => Promise<unknown>;
  sendTestId: string;
}

/** A 6-digit verification code with its "get code" button and resend countdown. */
export function CodeField({ send, sendTestId, ...field }: CodeFieldProps) {
  return (
    <TextField
      {...field}
      inputMode="numeric"
      maxLength={6}
      suffix={send ? <SendCodeButton send={async () => (await send()) !== false} testId={sendTestId} /> : undefined}
    />
  );
}
