// zod 4 probes for eval support (`new Function("")`) the first time it builds an object schema unless
// its global config says `jitless`; under the site's CSP (no 'unsafe-eval', decision 006) the probe is
// reported as a violation. Every island that uses zod imports this first (decision 041). The config
// object is changed in place, so it works whether zod's module has already run or runs later.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {})['jitless'] = true;
