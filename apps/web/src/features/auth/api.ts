import { useMutation } from '@tanstack/react-query';
import { CodeType, type LoginResult, type ParamsIn, type paths } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';

type LoginInput = ParamsIn<typeof paths.login>;
type RegisterInput = ParamsIn<typeof paths.register>;
import { queryClient } from '../../lib/query-client';
import { useAuth } from '../../state/auth';

/** Log in, remember the session. */
export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) =>
      endpoints.login({ ...input, client_id: useAuth.getState().clientId || undefined }),
    onSuccess: (res: LoginResult) => useAuth.getState().setSession(res.authToken, res.userInfo),
  });
}

/** Log in with an e-mailed code (sendCode type 1) instead of the password. */
export function useLoginByCode() {
  return useMutation({
    mutationFn: (input: { account: string; code: string }) =>
      endpoints.loginByCode({ ...input, client_id: useAuth.getState().clientId || undefined }),
    onSuccess: (res: LoginResult) => useAuth.getState().setSession(res.authToken, res.userInfo),
  });
}

/** Forgot password: set the new one with a type-3 code, then log in with it. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { account: string; code: string; password: string }) => {
      await endpoints.resetPassword(input);
      const res = await endpoints.login({ account: input.account, password: input.password });
      useAuth.getState().setSession(res.authToken, res.userInfo);
      return res;
    },
  });
}

/** Register, then log straight in with the same credentials (no second form for the user). */
export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      // The toast says registered (the server's account.registerOk), not "logged in".
      await endpoints.register(input);
      const res = await endpoints.login({ account: input.account, password: input.password }, { quietSuccess: true });
      useAuth.getState().setSession(res.authToken, res.userInfo);
      return res;
    },
  });
}

export function useSendRegisterCode() {
  return useMutation({ mutationFn: (account: string) => endpoints.sendCode(account, CodeType.register) });
}

/**
 * Spec §4: log out clears the stored user info and token, then goes to login. The server call
 * is best effort: even offline, the user is logged out here.
 */
export async function logout(): Promise<void> {
  const { token, clientId } = useAuth.getState();
  if (token) await endpoints.logout(clientId || undefined).catch(() => undefined);
  useAuth.getState().clear();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'systemInfo' });
}
