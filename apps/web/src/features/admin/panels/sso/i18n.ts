import i18n from 'i18next';

/** Texts of the console's single sign-on tab (admin.sso.*, admin.settings.sso), both languages. */

const zh = {
  settings: { sso: '单点登录' },
  sso: {
    intro:
      '公司已有的账号体系：OpenID Connect 身份提供方（Keycloak、Authentik、Azure AD 等）与 LDAP 目录（OpenLDAP、Active Directory）。',
    test: '测试连接',
    ok: '成功',
    failed: '失败',
    oidc: {
      title: 'OpenID Connect',
      status: '启用 OpenID Connect 登录',
      issuer: '签发者地址（Issuer）',
      clientId: '客户端 ID',
      clientSecret: '客户端密钥',
      buttonText: '登录按钮文字',
      scopes: '权限范围（scopes）',
      accountClaim: '账号对应的声明',
      nameClaim: '姓名对应的声明',
      emailClaim: '邮箱对应的声明',
      autoCreate: '首次登录时自动创建账号',
      testOk: '连接正常：{{issuer}}。请在身份提供方登记回调地址 {{redirect}}',
      hints: { issuer: 'https://sso.example.com/realms/acme', buttonText: '例如：公司账号登录' },
    },
    ldap: {
      title: 'LDAP 目录',
      status: '启用目录同步',
      url: '服务器地址',
      bindDN: '绑定账号（DN）',
      bindPassword: '绑定密码',
      baseDN: '基准 DN',
      userFilter: '用户过滤条件',
      accountAttr: '账号属性',
      nameAttr: '姓名属性',
      emailAttr: '邮箱属性',
      syncHours: '同步间隔（小时）',
      depFromOU: '按组织单位（OU）建立部门',
      login: '用目录密码登录',
      syncNow: '立即同步',
      testOk: '连接正常，过滤条件找到 {{count}} 人',
      synced: '同步完成：新建 {{created}} 人，更新 {{updated}} 人，停用 {{disabled}} 人，新建部门 {{departments}} 个',
      never: '尚未同步过',
      lastOk:
        '上次同步 {{time}}：新建 {{created}} 人，更新 {{updated}} 人，停用 {{disabled}} 人，新建部门 {{departments}} 个',
      lastFailed: '上次同步 {{time}} 失败：{{error}}',
      next: '下次同步 {{time}}',
      hints: {
        url: 'ldap://ldap.example.com:389',
        bindDN: 'cn=reader,dc=example,dc=com',
        baseDN: 'ou=People,dc=example,dc=com',
      },
    },
  },
};

const en: typeof zh = {
  settings: { sso: 'Single sign-on' },
  sso: {
    intro:
      'The accounts your company already has: an OpenID Connect provider (Keycloak, Authentik, Azure AD…) and an LDAP directory (OpenLDAP, Active Directory).',
    test: 'Test the connection',
    ok: 'OK',
    failed: 'Failed',
    oidc: {
      title: 'OpenID Connect',
      status: 'Sign-in with OpenID Connect',
      issuer: 'Issuer',
      clientId: 'Client ID',
      clientSecret: 'Client secret',
      buttonText: 'Button text',
      scopes: 'Scopes',
      accountClaim: 'Account claim',
      nameClaim: 'Name claim',
      emailClaim: 'E-mail claim',
      autoCreate: 'Create the account at first sign-in',
      testOk: 'Connected to {{issuer}}. Register this redirect URI at the provider: {{redirect}}',
      hints: { issuer: 'https://sso.example.com/realms/acme', buttonText: 'e.g. Company login' },
    },
    ldap: {
      title: 'LDAP directory',
      status: 'Directory sync',
      url: 'Server URL',
      bindDN: 'Bind DN',
      bindPassword: 'Bind password',
      baseDN: 'Base DN',
      userFilter: 'User filter',
      accountAttr: 'Account attribute',
      nameAttr: 'Name attribute',
      emailAttr: 'E-mail attribute',
      syncHours: 'Sync every (hours)',
      depFromOU: 'Departments from organizational units (OU)',
      login: 'Sign in with the directory password',
      syncNow: 'Sync now',
      testOk: 'Connected; the filter finds {{count}} people',
      synced:
        'Sync done: {{created}} created, {{updated}} updated, {{disabled}} disabled, {{departments}} new departments',
      never: 'Not synced yet',
      lastOk:
        'Last sync {{time}}: {{created}} created, {{updated}} updated, {{disabled}} disabled, {{departments}} new departments',
      lastFailed: 'Last sync {{time}} failed: {{error}}',
      next: 'next {{time}}',
      hints: {
        url: 'ldap://ldap.example.com:389',
        bindDN: 'cn=reader,dc=example,dc=com',
        baseDN: 'ou=People,dc=example,dc=com',
      },
    },
  },
};

i18n.addResourceBundle('zh-Hans', 'translation', { admin: zh }, true, false);
i18n.addResourceBundle('en', 'translation', { admin: en }, true, false);
