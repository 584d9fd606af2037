// zod 4 probes for eval support (`new Function("")`) when it builds its first object schema unless
// its global config says `jitless`; under the site's CSP (no 'unsafe-eval', docs/decisions/006) the
// probe is reported as a CSP violation. zod reads that config from this global when it loads, so the
// island entries import this module before loading any code that imports zod (docs/decisions/041).
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
