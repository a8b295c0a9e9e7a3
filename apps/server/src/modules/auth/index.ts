/** Tokens, sessions and their revocation, the login guard, login/logout (PROTOCOL §2.1–§2.3). */
export { createAuth, type Auth, type AuthContext } from './auth.service';
export { createLoginGuard, type LoginGuard } from './login-guard';
export { authRoutes } from './auth.routes';
export { createSessions, type Sessions, type SessionsRevoked, type RevocationListener } from './sessions';
export { hashPassword, verifyPassword } from './passwords';
export { terminalKind, type TerminalKind } from './terminal';
