import { useState } from 'react';
import { adminApi } from '../../api';
import { reason, type Draft } from './fields';

/**
 * The state both halves of the `sso` settings share: the draft, saving it under its key, and
 * running a check (test, sync) whose outcome shows in words under the form. One action at a time.
 */
export function useSsoForm(key: 'ldap' | 'oidc', value: Draft, onSaved: () => void) {
  const [draft, setDraft] = useState<Draft>(value);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome({ ok: true, text: await fn() });
    } catch (err) {
      setOutcome({ ok: false, text: reason(err) });
    }
    setBusy(false);
  };
  const save = async () => {
    setBusy(true);
    await adminApi.setConfig('sso', { [key]: draft }).then(onSaved, () => undefined);
    setBusy(false);
  };
  return { draft, setDraft, busy, outcome, run, save };
}
