/**
 * Zod builds fast parsers with `new Function` after probing whether eval is allowed, at the time
 * schemas are created (module load). The app's Content-Security-Policy forbids eval (server
 * security-headers.ts) and Chromium reports even that caught probe as a violation, so zod runs
 * without it. Zod reads its settings from this global when its core module loads; main.tsx
 * imports this module first, so it runs before any module of the app (issue 42 #10: it was a
 * script file of its own, one more request on the login page's first load).
 */
const scope = globalThis as { __zod_globalConfig?: object };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
