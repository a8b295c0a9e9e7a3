import { useTranslation } from 'react-i18next';
import { NoticeContent } from '../../../groups/components/NoticeContent';
import { noticeLead } from '../../../../state/messages/notice-line';
import styles from '../MessageBubble.module.css';

/**
 * A group notice's chat line (issue 42 #5): the lead in the reader's language, then the notice
 * as the group page shows it, headings at their levels rather than as body text.
 */
export function NoticeLineBody({ notice }: { notice: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.noticeLine} data-testid="notice-line">
      <div className={styles.noticeLead}>{noticeLead(t)}</div>
      <NoticeContent html={notice} className={styles.noticeBody} testId="notice-line-content" />
    </div>
  );
}
