import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../nav/Page';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { probeIceServer, type ProbeResult } from '../../../lib/ice-probe';
import { fetchIceServers } from '../api';
import { adviceOf, targetsOf, type CheckRow } from '../network-check';
import styles from './NetworkCheckScreen.module.css';

type ServerState = { status: 'running' } | { status: 'ok'; ms: number } | { status: 'down' };

/**
 * Settings → Network check (issue 40): before calling IT, can this device reach the Parley
 * server (round trip), and each STUN and TURN server over UDP and TCP (time to a reflexive or
 * relay candidate, with freshly minted credentials)? The results end with what to tell IT.
 */
export default function NetworkCheckScreen() {
  const { t } = useTranslation();
  const [server, setServer] = useState<ServerState>({ status: 'running' });
  const [rows, setRows] = useState<CheckRow[]>([]);
  const [run, setRun] = useState(0);

  const start = useCallback(async (signal: { cancelled: boolean }) => {
    setServer({ status: 'running' });
    setRows([]);
    const t0 = performance.now();
    let servers;
    try {
      servers = (await fetchIceServers()).iceServers;
    } catch {
      if (!signal.cancelled) setServer({ status: 'down' });
      return;
    }
    if (signal.cancelled) return;
    setServer({ status: 'ok', ms: Math.round(performance.now() - t0) });
    const targets = targetsOf(servers);
    setRows(targets);
    await Promise.all(
      targets.map(async (target) => {
        const result = await probeIceServer(target);
        if (!signal.cancelled) setRows((rs) => rs.map((r) => (r.key === target.key ? { ...r, result } : r)));
      }),
    );
  }, []);

  useEffect(() => {
    const signal = { cancelled: false };
    void start(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [start, run]);

  const running = server.status === 'running' || rows.some((r) => !r.result);
  const advice = server.status === 'running' ? [] : adviceOf(server.status, rows);
  const outcome = (r?: ProbeResult) =>
    !r
      ? t('calls.network.testing')
      : r.outcome === 'ok'
        ? t('calls.network.ms', { ms: r.ms })
        : t(`calls.network.${r.outcome}`);

  return (
    <Page>
      <p className={styles.intro}>{t('calls.network.intro')}</p>
      <ListGroup>
        <ListRow
          label={t('calls.network.server')}
          extra={
            <span data-testid="net-server" data-state={server.status}>
              {server.status === 'running'
                ? t('calls.network.testing')
                : server.status === 'ok'
                  ? t('calls.network.ms', { ms: server.ms })
                  : t('calls.network.unreachable')}
            </span>
          }
        />
      </ListGroup>
      {rows.length > 0 ? (
        <ListGroup>
          {rows.map((r) => (
            <ListRow
              key={r.key}
              label={
                <span className={styles.target}>
                  {r.kind === 'turn' ? t('calls.network.turn') : t('calls.network.stun')}
                  <span className={styles.host}>
                    {r.host} · {r.transport.toUpperCase()}
                  </span>
                </span>
              }
              extra={
                <span
                  className={r.result && r.result.outcome !== 'ok' ? styles.bad : undefined}
                  data-testid="net-row"
                  data-kind={r.kind}
                  data-transport={r.transport}
                  data-outcome={r.result?.outcome ?? 'running'}
                >
                  {outcome(r.result)}
                </span>
              }
            />
          ))}
        </ListGroup>
      ) : null}
      <section className={styles.advice} aria-live="polite" data-testid="net-advice">
        {advice.map((a) => (
          <p key={`${a.key}-${a.host ?? ''}`} data-advice={a.key}>
            {t(`calls.network.advice.${a.key}`, { host: a.host ?? '', origin: window.location.host })}
          </p>
        ))}
      </section>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.again}
          disabled={running}
          onClick={() => setRun((n) => n + 1)}
          data-testid="net-again"
        >
          {running ? t('calls.network.testing') : t('calls.network.again')}
        </button>
      </div>
    </Page>
  );
}
