// New-build detection (SPEC §4, §7): builds/latest.json is polled with a timestamp query; when it
// names a newer build whose builds/meta/{id}.json is published, the page reloads once (guarded).
// A failed script chunk triggers the same guarded reload.

/** How often builds/latest.json is polled (not in the SPEC: docs/decisions/013-version-and-build-checks.md). */
export const buildPollIntervalMs = 60_000;

/** A build's identity, as builds/latest.json and the page's `<meta name="build-id">` give it. */
export interface BuildStamp {
  id: string;
  timestamp: number;
}

// Checked by hand: this runs in every page's first script, which must not load the schema library.
function buildStampOf(value: unknown): BuildStamp | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, timestamp } = value as { id?: unknown; timestamp?: unknown };
  if (typeof id !== 'string' || id.length === 0 || typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return undefined;
  return { id, timestamp };
}

/** The build this page came from, read from `<meta name="build-id" content data-timestamp>`. */
export function pageBuild(doc: Pick<Document, 'querySelector'> = globalThis.document): BuildStamp | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="build-id"]');
  return buildStampOf({ id: meta?.content, timestamp: Number(meta?.dataset['timestamp']) });
}

async function getJson(fetcher: typeof fetch, url: string): Promise<unknown> {
  const response = await fetcher(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** The newer build that is fully published, or undefined (same or older build, or unreadable files). */
export async function findNewerBuild(fetcher: typeof fetch, current: BuildStamp, now: number): Promise<BuildStamp | undefined> {
  try {
    const latest = buildStampOf(await getJson(fetcher, `/builds/latest.json?t=${now}`));
    if (!latest || latest.id === current.id || latest.timestamp <= current.timestamp) return undefined;
    // latest.json may be uploaded before the build's other files; its meta file is written last.
    const meta = buildStampOf(await getJson(fetcher, `/builds/meta/${encodeURIComponent(latest.id)}.json`));
    return meta && meta.id === latest.id ? latest : undefined;
  } catch {
    return undefined;
  }
}

// Messages of a failed dynamic import in Chromium, Firefox and Safari.
const chunkFailure =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/** Whether an error (or rejection reason) is a script chunk that failed to load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return chunkFailure.test(message);
}

/**
 * Calls `onFailure` on Vite's preload error, on an island whose chunk failed to load (Astro's
 * `astro:hydration-error`, after its own one retry) and on other failed dynamic imports.
 */
export function watchChunkFailures(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  onFailure: () => void,
): () => void {
  const onPreloadError = (event: Event) => {
    // Stops Vite from rethrowing: the reload takes over.
    event.preventDefault();
    onFailure();
  };
  const onRejection = (event: Event) => {
    if (isChunkLoadError((event as PromiseRejectionEvent).reason)) {
      event.preventDefault();
      onFailure();
    }
  };
  const onHydrationError = (event: Event) => {
    if (isChunkLoadError((event as CustomEvent<{ error?: unknown }>).detail?.error)) {
      event.preventDefault();
      onFailure();
    }
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('astro:hydration-error', onHydrationError);
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('astro:hydration-error', onHydrationError);
  };
}
