import { useAuth } from '../../state/auth';
import { deviceNotifyOn, permission, setDeviceNotify } from './system-notify';
import { subscribePush, unsubscribePush } from './push';
import { usePermission } from './permission';

/**
 * The notification choice follows the account (issue 42 #6, setting `notify`): turned off in one
 * browser, the others stop showing notifications and drop their push subscription; turned on,
 * those whose browser already allows notifications start again. A browser that never allowed
 * them still asks its user (permission belongs to the browser, not the account).
 */
export function followAccountNotify(): () => void {
  const follow = (want: unknown) => {
    if (typeof want !== 'boolean' || want === deviceNotifyOn()) return;
    setDeviceNotify(want);
    usePermission.setState({ value: permission() });
    if (!want) void unsubscribePush();
    else if (permission() === 'granted') void subscribePush();
  };
  follow(useAuth.getState().userInfo?.setting?.notify);
  return useAuth.subscribe((s, prev) => {
    const want = s.userInfo?.setting?.notify;
    if (want !== prev.userInfo?.setting?.notify) follow(want);
  });
}
