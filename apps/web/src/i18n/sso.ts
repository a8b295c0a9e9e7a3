/**
 * Strings of single sign-on on the login screen (PROTOCOL §19): the provider's button and the
 * reasons the server's callback gives in `?sso_error=` (its catalogue keys, `sso.` dropped).
 */
export const ssoZhHans = {
  signInWith: '使用 {{name}} 登录',
  or: '或使用账号密码',
  signingIn: '正在完成单点登录…',
  errors: {
    failed: '单点登录失败，请重试或联系管理员',
    disabledUser: '该账号已被停用，无法登录',
    notConfigured: '单点登录尚未配置完整，请联系管理员',
    stateInvalid: '登录请求已过期或已使用，请重新点击登录',
    unreachable: '无法连接身份提供方，请稍后再试或联系管理员',
    denied: '登录已取消或被身份提供方拒绝',
    tokenInvalid: '身份提供方返回的登录凭证无效，请重试',
    noAccount: '没有与该身份对应的账号，请联系管理员开通',
  },
};
