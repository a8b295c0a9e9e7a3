import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Swiper } from 'antd-mobile';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { Avatar } from '../../../ui/Avatar';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { useSystemInfo } from '../../system/api';
import { webviewHref } from '../../mine/webview';
import { useMomentsUnread } from '../api';
import { compassTarget, discoverEntries, gridPages, type DiscoverEntry } from '../model';
import { LinkIcon, MomentsIcon } from '../components/icons';
import styles from '../components/Discover.module.css';
import tag from '../../../ui/Tag.module.css';

/**
 * Discover ("发现", PROTOCOL §12.1 `compass`): Moments first, then the administrator's items as
 * a list (mode 1) or a grid (mode 2). App paths open here; web pages in the in-app browser.
 */
export default function DiscoverScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { info } = useSystemInfo();
  const unread = useMomentsUnread();
  const entries = discoverEntries(info.compass);
  const count = unread.data?.count ?? 0;
  const newPost = unread.data?.newPost ?? null;

  const open = (e: DiscoverEntry) => {
    if (e.kind === 'moments') {
      void navigate(href('moments'));
      return;
    }
    const to = compassTarget(e.item);
    if (to?.kind === 'app') void navigate(to.path);
    else if (to?.kind === 'web') void navigate(webviewHref(to.url, e.item.name));
  };
  const icon = (e: DiscoverEntry, size: number): ReactNode =>
    e.kind === 'moments' ? (
      <MomentsIcon size={size} />
    ) : e.item.icon ? (
      <img className={styles.icon} src={e.item.icon} alt="" />
    ) : (
      <LinkIcon size={size} />
    );
  const label = (e: DiscoverEntry) => (e.kind === 'moments' ? t('moments.discover.moments') : e.item.name);
  const testId = (e: DiscoverEntry, i: number) => (e.kind === 'moments' ? 'discover-moments' : `discover-item-${i}`);
  const momentsExtra = (
    <span className={styles.extra}>
      {count > 0 ? (
        <span className={tag.count} data-testid="discover-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
      {newPost ? (
        <span className={styles.avatarWrap} data-testid="discover-new-post">
          <Avatar src={newPost.avatar} name="" seed={newPost.user_id} size={32} />
          <span className={styles.dot} />
        </span>
      ) : null}
    </span>
  );

  return (
    <Page>
      {info.compass.mode === 2 ? (
        (() => {
          const cells = entries.map((e, i) => (
            <button
              key={i}
              type="button"
              role="listitem"
              className={styles.cell}
              onClick={() => open(e)}
              data-testid={testId(e, i)}
            >
              {icon(e, 32)}
              <span>{label(e)}</span>
              {e.kind === 'moments' && (count > 0 || newPost) ? (
                <span className={styles.dot} data-testid="discover-new-post" />
              ) : null}
            </button>
          ));
          const pages = gridPages(cells.length);
          // More than one page of icons: pages side by side, swiped (spec §9 swiper, no autoplay
          // under the user's finger).
          return pages.length === 1 ? (
            <div className={styles.grid} role="list">
              {cells}
            </div>
          ) : (
            <Swiper className={styles.swiper} loop={false}>
              {pages.map(([from, to]) => (
                <Swiper.Item key={from}>
                  <div className={styles.grid} role="list">
                    {cells.slice(from, to)}
                  </div>
                </Swiper.Item>
              ))}
            </Swiper>
          );
        })()
      ) : (
        <ListGroup>
          {entries.map((e, i) => (
            <ListRow
              key={i}
              prefix={icon(e, 24)}
              label={label(e)}
              extra={e.kind === 'moments' ? momentsExtra : undefined}
              onClick={() => open(e)}
              testId={testId(e, i)}
            />
          ))}
        </ListGroup>
      )}
    </Page>
  );
}
