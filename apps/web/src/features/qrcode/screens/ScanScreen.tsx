import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { dialogs } from '../../../ui/dialogs';
import { ApiError } from '../../../lib/api-client';
import { contactEndpoints, userInfoKey } from '../../contacts/api';
import type { GroupScanResult, ScanAnswer } from '../../contacts/types';
import { createDecoder, decodeFile, type Decoder } from '../decode';
import { parseScanText } from '../scan-url';
import { useCameraScan } from '../use-camera-scan';
import { JoinGroupCard, OtherResultCard, ScanErrorCard } from '../components/JoinGroupCard';
import styles from './ScanScreen.module.css';

type View =
  | { kind: 'scanning' }
  | { kind: 'busy' }
  | { kind: 'group'; group: GroupScanResult }
  | { kind: 'other'; text: string; isUrl: boolean }
  | { kind: 'error'; message: string };

/**
 * `/pages/index/scan`: camera (or a picked picture) → a Parley user code opens their card, a
 * group code offers to join, anything else is shown as a link or text.
 */
export default function ScanScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  const [decoder, setDecoder] = useState<Decoder | null>(null);
  const [view, setView] = useState<View>({ kind: 'scanning' });
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    let live = true;
    void createDecoder().then((d) => live && setDecoder(() => d));
    return () => {
      live = false;
    };
  }, []);

  const handle = useCallback(
    async (raw: string) => {
      const target = parseScanText(raw);
      if (target.kind === 'url') return setView({ kind: 'other', text: target.url, isUrl: true });
      if (target.kind === 'text') return setView({ kind: 'other', text: target.text, isUrl: false });
      setView({ kind: 'busy' });
      let answer: ScanAnswer;
      try {
        answer = await contactEndpoints.scan(target);
      } catch (e) {
        // -1 (log in again) is handled by the API client; the rest is the server's own text.
        return setView({ kind: 'error', message: e instanceof ApiError && e.message ? e.message : t('scan.noCode') });
      }
      if (answer.action === 'groupInfo') return setView({ kind: 'group', group: answer });
      const { action: _action, ...card } = answer;
      qc.setQueryData(userInfoKey(card.user_id), card);
      void navigate(href('contactDetail', { id: card.user_id }), { replace: true });
    },
    [navigate, qc, t],
  );

  const camera = useCameraScan(video, decoder, view.kind === 'scanning', (text) => void handle(text));

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !decoder) return;
    const text = await decodeFile(file, decoder);
    if (text) void handle(text);
    else dialogs.toast(t('scan.noCode'), { icon: 'error' });
  };

  const join = async (group: GroupScanResult) => {
    setJoining(true);
    try {
      await contactEndpoints.joinGroup(group.group_id, group.invite_id);
      void navigate(href('chat', { id: group.id }), { replace: true });
    } catch {
      // The API client showed why (closed to joins, already a member…).
    } finally {
      setJoining(false);
    }
  };
  const retry = () => setView({ kind: 'scanning' });

  const cameraOff = camera === 'denied' || camera === 'unsupported';
  return (
    <Page title={t('routes.scan')}>
      {view.kind === 'scanning' || view.kind === 'busy' ? (
        <div className={styles.viewport}>
          <video ref={video} className={styles.video} muted playsInline aria-hidden="true" />
          {cameraOff ? (
            <p className={styles.failed} role="alert" data-testid="scan-camera-failed">
              {camera === 'denied' ? t('scan.cameraFailed') : t('scan.cameraUnsupported')}
            </p>
          ) : (
            <div className={styles.frame} aria-hidden="true">
              <span className={styles.line} />
            </div>
          )}
          {!cameraOff ? <p className={styles.hint}>{t('scan.hint')}</p> : null}
        </div>
      ) : null}
      {view.kind === 'group' ? (
        <JoinGroupCard group={view.group} busy={joining} onJoin={() => void join(view.group)} />
      ) : null}
      {view.kind === 'other' ? <OtherResultCard text={view.text} isUrl={view.isUrl} onRetry={retry} /> : null}
      {view.kind === 'error' ? <ScanErrorCard message={view.message} onRetry={retry} /> : null}
      <div className={styles.pick}>
        <label className={styles.pickButton} data-testid="scan-pick-image">
          <input
            type="file"
            accept="image/*"
            className={styles.file}
            onChange={(e) => void pick(e)}
            disabled={!decoder}
          />
          {t('scan.pickImage')}
        </label>
      </div>
    </Page>
  );
}
