/** Tables of modules/sso (PROTOCOL §19). Times are unix seconds. */

export interface SsoStatesTable {
  /** The OIDC `state` sent to the provider: random, single use, 10 minutes. */
  state: string;
  nonce: string;
  /** PKCE code verifier (S256), kept here so any node can finish the sign-in. */
  verifier: string;
  redirect_uri: string;
  expire_time: number;
}

export interface SsoCodesTable {
  /** SHA-256 (hex) of the one-time code handed to the web client; the code itself is never stored. */
  code_hash: string;
  user_id: number;
  expire_time: number;
}

/** Users that came from the LDAP directory, by their DN; only these are disabled when they leave it. */
export interface DirectoryUsersTable {
  user_id: number;
  dn: string;
  /** 1 while the directory lists them; 0 once a sync found them gone (the account was disabled). */
  present: number;
  sync_time: number;
}

export interface SsoTables {
  sso_states: SsoStatesTable;
  sso_codes: SsoCodesTable;
  directory_users: DirectoryUsersTable;
}
