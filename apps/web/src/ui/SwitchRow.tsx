import { Switch } from 'antd-mobile';
import { ListRow } from './ListRow';

/** A settings row whose whole surface toggles the switch (bigger target than the switch). */
export function SwitchRow({
  label,
  checked,
  onToggle,
  testId,
}: {
  label: string;
  checked: boolean;
  onToggle(): void;
  testId: string;
}) {
  return (
    <ListRow
      label={label}
      arrow={false}
      onClick={onToggle}
      testId={testId}
      extra={
        <span aria-checked={checked} role="switch" aria-label={label} data-checked={checked ? 1 : 0}>
          <Switch checked={checked} style={{ pointerEvents: 'none' }} />
        </span>
      }
    />
  );
}
