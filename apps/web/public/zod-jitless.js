// Zod builds fast parsers with `new Function` after probing whether eval is allowed, at the time
// schemas are created (module load). The app's Content-Security-Policy forbids eval (server
// security-headers.ts) and Chromium reports even that caught probe as a violation, so zod runs
// without it. This classic script runs before the app's modules; zod reads its settings from here.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
