import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { dialogs } from '../../../ui/dialogs';
import { systemInfoKey, useSystemInfo } from '../../system/api';
import type { TurnSettings } from '@parley/protocol';
import { CompassEditor, type CompassValue } from './CompassEditor';
import { TurnSettingsForm } from './TurnSettings';
import SsoSettings from './SsoSettings';
import { adminApi } from '../api';
import { at } from '../i18n';
import { useLoad } from '../use-load';
import styles from '../Admin.module.css';
import { FormActions } from '../FormActions';

/** `turn` is not a section of its own on the wire: its form edits `chatInfo.turn` (§10.4). */
const SECTIONS = ['sysInfo', 'chatInfo', 'turn', 'fileUpload', 'smtp', 'compass', 'maps', 'sso'] as const;
/** Switches the server shows as "0"/"1" (§12.3 getAllConfig). */
const isSwitch = (v: unknown) => v === '0' || v === '1';
/** A setting's label; the stored key is shown too, as the server's messages name it. */
const label = (k: string) => `${at(`settings.keys.${k}`, { defaultValue: k })}`;

/**
 * The editors of §12.1's settings, one form per section, built from the stored values: switches,
 * numbers and texts as fields, lists (ICE servers, Discover items, extensions) as JSON. Saving
 * sends the section to `setConfig`; the server validates and answers with its own text, and
 * every client hears `updateConfig`.
 */
export default function Settings() {
  const [section, setSection] = useState<(typeof SECTIONS)[number]>('sysInfo');
  const all = useLoad(() => adminApi.allConfig(), 'all');
  const latest = useFollowedConfig(all);
  const value = sectionValue(latest.shown, section);
  const newer = sectionValue(latest.pending, section);
  const changed = newer !== undefined && JSON.stringify(newer) !== JSON.stringify(value);
  return (
    <div className={styles.card}>
      <div className={styles.toolbar} role="tablist">
        {SECTIONS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === section}
            className={`${styles.btn} ${s === section ? styles.primary : ''}`}
            onClick={() => setSection(s)}
            data-testid={`settings-${s}`}
          >
            {at(`settings.${s}`)}
          </button>
        ))}
      </div>
      {changed ? (
        <div className={styles.notice} role="status" data-testid="cfg-changed">
          {at('settings.compassEditor.changedElsewhere')}
          <button type="button" className={styles.link} onClick={latest.adopt} data-testid="cfg-load-latest">
            {at('settings.compassEditor.reloadNow')}
          </button>
        </div>
      ) : null}
      {all.error && !value ? (
        <button type="button" className={`${styles.state} ${styles.link}`} onClick={all.reload}>
          {at('loadFailed')}
        </button>
      ) : value && section === 'sso' ? (
        <SsoSettings key={`sso-${latest.rev}`} value={value} onSaved={latest.reloadOwn} />
      ) : value ? (
        <SectionForm key={`${section}-${latest.rev}`} name={section} value={value} onSaved={latest.reloadOwn} />
      ) : (
        <div className={styles.state}>…</div>
      )}
    </div>
  );
}

type AllConfig = Awaited<ReturnType<typeof adminApi.allConfig>>;

/** A form's values: a stored section, or for `turn` the relay settings inside `chatInfo`. */
function sectionValue(all: AllConfig | undefined, section: (typeof SECTIONS)[number]) {
  if (section !== 'turn') {
    const v = all?.find((c) => c.name === section)?.value;
    // The relay has its own form (and a JSON box would show the masked secret as a value to keep).
    if (section !== 'chatInfo' || !v) return v;
    const { turn: _turn, ...chat } = v;
    return chat;
  }
  const turn = all?.find((c) => c.name === 'chatInfo')?.value.turn;
  return turn && typeof turn === 'object' ? (turn as Record<string, unknown>) : undefined;
}

/**
 * The settings as the forms show them, kept in step with other administrators' saves: every
 * `updateConfig` push (which invalidates the site info) re-reads them. A form shows what it was
 * opened with until the user takes the newer values (so typing is never overwritten); after the
 * user's own save the newer values are taken at once.
 */
function useFollowedConfig(all: { data: AllConfig | undefined; reload(): void }) {
  const qc = useQueryClient();
  const [state, setState] = useState<{ shown: AllConfig | undefined; rev: number }>({ shown: undefined, rev: 0 });
  const own = useRef(false);
  const { reload } = all;
  // Observed here, whatever else is on screen: the push's invalidation refetches only a query in
  // the cache and says nothing about one that is not there (the console opened before any screen
  // that shows the site info had mounted never heard of a change).
  useSystemInfo();
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        // The push invalidates the site info and refetches it: either says "newer". Its first read
        // (this console opening) is no change.
        const newer =
          e.type === 'updated' &&
          (e.action.type === 'invalidate' || (e.action.type === 'success' && e.query.state.dataUpdateCount > 1));
        if (newer && e.query.queryKey[0] === systemInfoKey[0]) reload();
      }),
    [qc, reload],
  );
  useEffect(() => {
    if (!all.data) return;
    if (state.shown === undefined || own.current) {
      own.current = false;
      setState((s) => ({ shown: all.data, rev: s.rev + 1 }));
    }
  }, [all.data, state.shown]);
  return {
    shown: state.shown,
    rev: state.rev,
    pending: all.data,
    adopt: () => setState((s) => ({ shown: all.data, rev: s.rev + 1 })),
    reloadOwn: () => {
      own.current = true;
      reload();
    },
  };
}

function SectionForm({ name, value, onSaved }: { name: string; value: Record<string, unknown>; onSaved(): void }) {
  if (name === 'turn') return <TurnSettingsForm value={value as unknown as TurnSettings} onSaved={onSaved} />;
  return <StoredSectionForm name={name} value={value} onSaved={onSaved} />;
}

function StoredSectionForm({
  name,
  value,
  onSaved,
}: {
  name: string;
  value: Record<string, unknown>;
  onSaved(): void;
}) {
  const [draft, setDraft] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v, null, 2) : v]),
    ),
  );
  const [busy, setBusy] = useState(false);
  const [testTo, setTestTo] = useState('');
  if (name === 'compass') {
    const saveCompass = async (out: Record<string, unknown>) => {
      setBusy(true);
      await adminApi.setConfig(name, out).then(onSaved, () => undefined);
      setBusy(false);
    };
    return (
      <CompassEditor value={value as unknown as CompassValue} busy={busy} onSave={(out) => void saveCompass(out)} />
    );
  }
  const save = async () => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(draft)) {
      const orig = value[k];
      if (typeof orig === 'object' && orig !== null) {
        try {
          out[k] = JSON.parse(String(v));
        } catch {
          void dialogs.modal({ content: at('settings.badJson', { field: k }), showCancel: false });
          return;
        }
      } else out[k] = typeof orig === 'number' ? (v === '' ? '' : Number(v)) : v;
    }
    setBusy(true);
    await adminApi.setConfig(name, out).then(onSaved, () => undefined);
    setBusy(false);
  };
  return (
    <>
      <div className={styles.form}>
        {Object.entries(value).map(([k, orig]) => {
          const v = draft[k];
          if (isSwitch(orig)) {
            return (
              <label key={k} className={`${styles.field} ${styles.check}`}>
                <input
                  type="checkbox"
                  checked={v === '1' || v === 1}
                  onChange={(e) => setDraft({ ...draft, [k]: e.target.checked ? '1' : '0' })}
                  data-testid={`cfg-${k}`}
                />
                {label(k)}
              </label>
            );
          }
          if (typeof orig === 'object' && orig !== null) {
            return (
              <label key={k} className={`${styles.field} ${styles.wide}`}>
                {label(k)} · {at('settings.json')}
                <textarea
                  value={String(v)}
                  onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
                  spellCheck={false}
                  data-testid={`cfg-${k}`}
                />
              </label>
            );
          }
          return (
            <label key={k} className={styles.field} title={k}>
              {label(k)}
              <input
                type={k === 'pass' ? 'password' : typeof orig === 'number' ? 'number' : 'text'}
                value={String(v ?? '')}
                onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
                data-testid={`cfg-${k}`}
              />
            </label>
          );
        })}
      </div>
      <FormActions
        busy={busy}
        gap={16}
        actions={[{ label: at('save'), onClick: save, testId: 'cfg-save', primary: true }]}
      >
        {name === 'smtp' ? (
          <>
            <input
              type="email"
              placeholder={at('settings.testTo')}
              value={testTo}
              onChange={(e) => setTestTo(e.target.value)}
              aria-label={at('settings.testTo')}
            />
            <button
              type="button"
              className={styles.btn}
              disabled={!testTo}
              onClick={() => void adminApi.sendTestEmail(testTo).catch(() => undefined)}
              data-testid="cfg-test-mail"
            >
              {at('settings.testEmail')}
            </button>
          </>
        ) : null}
      </FormActions>
    </>
  );
}
