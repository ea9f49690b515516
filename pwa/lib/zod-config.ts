// zod 4 probes for eval support with `new Function` when it first builds an object schema; under our
// CSP (script-src without 'unsafe-eval') the probe is blocked and reported as a CSP issue. Without
// its JIT it never probes (our forms are far too small to miss it). This must hold before any schema
// is built, so entry-client imports this module first. zod reads its settings from this global when
// it loads (zod/v4/core/core.js); writing it here spares the first visit ~4 KB that importing
// zod's own `config()` would add.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
