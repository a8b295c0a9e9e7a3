import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../state/auth';
import { whenSignedIn } from './when-signed-in';

const self = { user_id: 7, account: 'alice01', realname: 'Alice' } as Parameters<
  ReturnType<typeof useAuth.getState>['setSession']
>[1];

afterEach(() => useAuth.getState().clear());

describe('whenSignedIn', () => {
  it('waits for the first sign-in when nobody is signed in, then runs once', () => {
    useAuth.setState({ token: null, userInfo: null });
    const start = vi.fn();
    whenSignedIn(start);
    useAuth.getState().setClientId('c1');
    expect(start).not.toHaveBeenCalled();
    useAuth.getState().setSession('tok-1', self);
    expect(start).toHaveBeenCalledTimes(1);
    useAuth.getState().setSession('tok-2', self);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('runs at once for a signed-in visitor', () => {
    useAuth.getState().setSession('tok-1', self);
    const start = vi.fn();
    whenSignedIn(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
