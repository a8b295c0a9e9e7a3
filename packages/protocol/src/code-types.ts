/**
 * sendCode types (§2.4). In a file without zod so the web's login page can import it without the
 * params schemas (auth.ts re-exports it; the package is `sideEffects: false`).
 */
export const CodeType = { login: 1, register: 2, password: 3, accountChange: 4 } as const;
export type CodeType = (typeof CodeType)[keyof typeof CodeType];
