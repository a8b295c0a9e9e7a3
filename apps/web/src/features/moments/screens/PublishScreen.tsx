import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { momentLimits } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { dialogs } from '../../../ui/dialogs';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { useAuth } from '../../../state/auth';
import { LocationChooser } from '../../location/components/LocationChooser';
import { useFilePicker } from '../../media/use-picker';
import { momentsApi, refreshFeeds } from '../api';
import { addFiles, clearDraft, kindOf, loadDraft, updateDraft, useDraft } from '../draft';
import { acceptPicks, maxImages, move } from '../model';
import { MediaTiles } from '../components/MediaTiles';
import { PinIcon } from '../components/icons';
import styles from '../components/Publish.module.css';

/**
 * Publishing (PROTOCOL §9 publish): text, up to 9 pictures or one video (thumbnails with
 * progress, reorder, remove), location and visibility. The draft stays when the page is left.
 */
export default function PublishScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useAuth((s) => s.userInfo);
  const owner = me?.user_id ?? 0;
  useEffect(() => void loadDraft(owner), [owner]);
  const draft = useDraft((s) => (s.draft?.owner === owner ? s.draft : null));
  const [placing, setPlacing] = useState(false);
  const [sending, setSending] = useState(false);

  const picker = useFilePicker({
    accept: 'image/*,video/*',
    multiple: true,
    testId: 'publish-file-input',
    onFiles: (files) => {
      const current = useDraft.getState().draft?.items.map((i) => i.kind) ?? [];
      const kinds = files.map(kindOf);
      const { accepted, refused } = acceptPicks(
        current,
        kinds.map((kind) => ({ kind })),
      );
      if (refused)
        dialogs.toast(refused === 'mixed' ? t('moments.publish.onlyImages') : t('moments.publish.tooMany'), {
          icon: 'error',
        });
      if (accepted.length)
        addFiles(
          accepted.map((i) => files[i] as File),
          accepted.map((i) => kinds[i] as 'image' | 'video'),
        );
    },
  });

  if (!draft) return <Page>{null}</Page>;
  const items = draft.items;
  const length = [...draft.content].length;
  const tooLong = length > momentLimits.content;
  const uploading = items.some((i) => i.status !== 'done');
  const canAdd = !items.some((i) => i.kind === 'video') && items.length < maxImages;
  const canSend = !sending && !tooLong && (draft.content.trim() !== '' || items.length > 0);

  const publish = async () => {
    if (!canSend) return;
    if (uploading) {
      dialogs.toast(t('moments.publish.waitUpload'));
      return;
    }
    setSending(true);
    try {
      const video = items.find((i) => i.kind === 'video');
      await momentsApi.publish({
        content: draft.content.trim(),
        images: items.filter((i) => i.kind === 'image').map((i) => i.fileId as number),
        ...(video ? { video: video.fileId } : {}),
        ...(draft.location ? { location: draft.location } : {}),
        visibility: draft.visibility,
      });
      clearDraft();
      void refreshFeeds(qc);
      dialogs.toast(t('moments.publish.sent'), { icon: 'success' });
      void navigate(href('moments'), { replace: true });
    } catch {
      // The server's msg was shown; the draft stays as it is.
    } finally {
      setSending(false);
    }
  };

  const chooseVisibility = async () => {
    const key = await dialogs.actionSheet([
      { key: 'public', text: t('moments.publish.public') },
      { key: 'private', text: t('moments.publish.private') },
    ]);
    if (key) updateDraft((d) => ({ ...d, visibility: key === 'public' ? 1 : 0 }));
  };

  return (
    <Page
      right={
        <button
          type="button"
          className={styles.send}
          disabled={!canSend}
          onClick={() => void publish()}
          data-testid="publish-send"
        >
          {t('moments.publish.send')}
        </button>
      }
    >
      <div className={styles.editor}>
        <textarea
          className={styles.text}
          value={draft.content}
          placeholder={t('moments.publish.placeholder')}
          aria-label={t('moments.publish.placeholder')}
          rows={4}
          onChange={(e) => {
            const v = e.target.value;
            updateDraft((d) => ({ ...d, content: v }));
          }}
          data-testid="publish-text"
        />
        {length > momentLimits.content - 200 ? (
          <p className={`${styles.count} ${tooLong ? styles.over : ''}`} role={tooLong ? 'alert' : undefined}>
            {tooLong
              ? t('moments.publish.tooLong', { max: momentLimits.content })
              : t('moments.publish.count', { count: length, max: momentLimits.content })}
          </p>
        ) : null}
        <MediaTiles
          items={items}
          canAdd={canAdd}
          onAdd={picker.open}
          onMove={(from, to) => updateDraft((d) => ({ ...d, items: move(d.items, from, to) }))}
        />
        {picker.input}
      </div>
      <ListGroup>
        <ListRow
          prefix={<PinIcon size={20} />}
          label={t('moments.publish.location')}
          extra={draft.location ? draft.location.name || draft.location.address : ''}
          onClick={() => setPlacing(true)}
          testId="publish-location"
        />
        {draft.location ? (
          <ListRow
            label={t('moments.publish.noLocation')}
            onClick={() => updateDraft((d) => ({ ...d, location: null }))}
            testId="publish-no-location"
          />
        ) : null}
        <ListRow
          label={t('moments.publish.visibility')}
          extra={draft.visibility === 1 ? t('moments.publish.public') : t('moments.publish.private')}
          onClick={() => void chooseVisibility()}
          testId="publish-visibility"
        />
      </ListGroup>
      {placing ? (
        <LocationChooser
          open
          onClose={() => setPlacing(false)}
          onSend={(ext) =>
            updateDraft((d) => ({
              ...d,
              location: { name: ext.name, address: ext.address, latitude: ext.latitude, longitude: ext.longitude },
            }))
          }
        />
      ) : null}
    </Page>
  );
}
