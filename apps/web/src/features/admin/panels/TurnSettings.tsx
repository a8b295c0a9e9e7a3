import { useState } from 'react';
import { MASKED_PASSWORD, type TurnSettings } from '@parley/protocol';
import { probeIceServer } from '../../../lib/ice-probe';
import { adminApi } from '../api';
import { at } from '../i18n';
import styles from '../Admin.module.css';
import { FormActions } from '../FormActions';

/**
 * The call relay (PROTOCOL §10.4 `chatInfo.turn`): status, URLs, the secret shared with coturn
 * (write-only: the server shows `******`), the credential lifetime, and a test that mints fresh
 * credentials and asks this browser for a relay candidate through each URL.
 */
export function TurnSettingsForm({ value, onSaved }: { value: TurnSettings; onSaved(): void }) {
  const [status, setStatus] = useState(value.status === 1);
  const [urls, setUrls] = useState(value.urls.join('\n'));
  const [secret, setSecret] = useState('');
  const [ttl, setTtl] = useState(String(value.ttl));
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<string[]>([]);

  const save = async () => {
    setBusy(true);
    const turn = {
      status: status ? 1 : 0,
      urls: urls
        .split(/[\s,]+/)
        .map((u) => u.trim())
        .filter(Boolean),
      // Empty keeps the stored secret, as the masked value does.
      secret: secret || MASKED_PASSWORD,
      ttl: ttl === '' ? value.ttl : Number(ttl),
    };
    await adminApi.setConfig('chatInfo', { turn }).then(
      () => {
        setSecret('');
        onSaved();
      },
      () => undefined,
    );
    setBusy(false);
  };

  const test = async () => {
    setBusy(true);
    setResults([at('settings.turnEditor.testing')]);
    try {
      const { iceServers } = await adminApi.iceServers();
      // The minted entry is the one with a `<expiry>:<user_id>` user name (§10.4), listed last.
      const minted = [...iceServers].reverse().find((s) => s.username && /^\d+:\d+$/.test(s.username));
      if (!minted) {
        setResults([at('settings.turnEditor.notOn')]);
        return;
      }
      const list = (Array.isArray(minted.urls) ? minted.urls : [minted.urls]).filter((u) => /^turns?:/i.test(u));
      const lines = await Promise.all(
        list.map(async (url) => {
          const r = await probeIceServer({ url, username: minted.username, credential: minted.credential });
          return r.outcome === 'ok'
            ? at('settings.turnEditor.gotRelay', { url, address: r.address, ms: r.ms })
            : at(`settings.turnEditor.${r.outcome}`, { url });
        }),
      );
      setResults(lines);
    } catch {
      setResults([]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className={styles.muted}>{at('settings.turnEditor.intro')}</p>
      <div className={styles.form}>
        <label className={`${styles.field} ${styles.check}`}>
          <input
            type="checkbox"
            checked={status}
            onChange={(e) => setStatus(e.target.checked)}
            data-testid="turn-status"
          />
          {at('settings.turnEditor.status')}
        </label>
        <label className={`${styles.field} ${styles.wide}`}>
          {at('settings.turnEditor.urls')}
          <textarea value={urls} onChange={(e) => setUrls(e.target.value)} spellCheck={false} data-testid="turn-urls" />
        </label>
        <label className={styles.field}>
          {at('settings.turnEditor.secret')}
          <input
            type="password"
            autoComplete="new-password"
            value={secret}
            placeholder={value.secret ? at('settings.turnEditor.secretSet') : ''}
            onChange={(e) => setSecret(e.target.value)}
            data-testid="turn-secret"
          />
        </label>
        <label className={styles.field}>
          {at('settings.turnEditor.ttl')}
          <input
            type="number"
            min={60}
            max={604800}
            value={ttl}
            onChange={(e) => setTtl(e.target.value)}
            data-testid="turn-ttl"
          />
        </label>
      </div>
      <FormActions
        busy={busy}
        gap={16}
        actions={[
          { label: at('save'), onClick: save, testId: 'cfg-save', primary: true },
          { label: at('settings.turnEditor.test'), onClick: test, testId: 'turn-test' },
        ]}
      >
        <span className={styles.muted}>{at('settings.turnEditor.testHint')}</span>
      </FormActions>
      <div role="status" aria-live="polite" data-testid="turn-test-result">
        {results.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </>
  );
}
