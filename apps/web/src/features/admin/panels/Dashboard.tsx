import { useEffect, useState } from 'react';
import type { AdminDashboard, MessagesPerDay } from '@parley/protocol';
import { useAuth } from '../../../state/auth';
import { adminStats } from '../../realtime/admin-stats';
import { adminApi } from '../api';
import { at } from '../i18n';
import styles from '../Admin.module.css';

/** Counts from `index/index`, online figures kept live by `statistics`, and messages per day. */
export default function Dashboard() {
  const clientId = useAuth((s) => s.clientId);
  const [d, setD] = useState<AdminDashboard | null>(null);
  const [days, setDays] = useState<MessagesPerDay[]>([]);
  const [live, setLive] = useState(false);
  useEffect(() => {
    // Registering the socket (client_id) is what makes the server push `statistics` to it.
    void adminApi.dashboard(clientId).then(setD, () => undefined);
    void adminApi.perDay(14).then(setDays, () => undefined);
    return adminStats.subscribe((s) => {
      setLive(true);
      setD((prev) => (prev ? { ...prev, ...s } : prev));
    });
  }, [clientId]);
  const stat = (label: string, value: number | undefined, testId: string, isLive = false) => (
    <div className={styles.stat}>
      <span>
        {label}
        {isLive && live ? <em className={styles.live}>● {at('dash.live')}</em> : null}
      </span>
      <b data-testid={testId}>{value ?? '–'}</b>
    </div>
  );
  return (
    <>
      <div className={styles.stats}>
        {stat(at('dash.users'), d?.userCount, 'stat-users')}
        {stat(at('dash.groups'), d?.groupCount, 'stat-groups')}
        {stat(at('dash.messages'), d?.messageCount, 'stat-messages')}
        {stat(at('dash.files'), d?.fileCount, 'stat-files')}
        {stat(at('dash.online'), d?.onlineCount, 'stat-online', true)}
        {stat(at('dash.clients'), d?.clientCount, 'stat-clients', true)}
      </div>
      <div className={styles.card}>
        <div className={styles.muted}>{at('dash.perDay')}</div>
        <Bars days={days} />
      </div>
    </>
  );
}

/** A tiny SVG bar chart: no chart library for fourteen bars. */
function Bars({ days }: { days: MessagesPerDay[] }) {
  // Until the figures arrive there is nothing to draw or to name (an unnamed role="img" is an
  // axe svg-img-alt violation, issue 42 #9).
  if (days.length === 0) return null;
  const max = Math.max(1, ...days.map((x) => x.count));
  const w = 28;
  const h = 120;
  return (
    <svg
      viewBox={`0 0 ${days.length * w} ${h + 34}`}
      width="100%"
      height={h + 34}
      role="img"
      aria-label={days.map((x) => `${x.day}: ${x.count}`).join(', ')}
    >
      {days.map((x, i) => {
        const bh = Math.round((x.count / max) * h);
        return (
          <g key={x.day}>
            <rect x={i * w + 5} y={h - bh + 14} width={w - 10} height={bh} rx={3} style={{ fill: 'var(--brand)' }} />
            <text x={i * w + w / 2} y={h - bh + 10} fontSize="10" textAnchor="middle" style={{ fill: 'var(--text-2)' }}>
              {x.count || ''}
            </text>
            <text x={i * w + w / 2} y={h + 28} fontSize="9" textAnchor="middle" style={{ fill: 'var(--text-3)' }}>
              {x.day.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
