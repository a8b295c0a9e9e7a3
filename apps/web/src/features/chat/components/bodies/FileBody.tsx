import { useTranslation } from 'react-i18next';
import { FileCard } from '../../../media/FileCard';
import type { BodyProps } from '../../../../state/messages/types';

/** A file message: icon from `extUrl`, name, size; a tap previews or downloads it. */
export function FileBody({ msg }: BodyProps) {
  const { t } = useTranslation();
  const sent = msg.msg_id !== undefined;
  return (
    <FileCard
      name={msg.fileName || t('preview.file')}
      size={msg.fileSize}
      icon={msg.extUrl}
      content={sent ? msg.content : undefined}
      preview={msg.preview}
      download={msg.download}
      testId="file-body"
    />
  );
}
