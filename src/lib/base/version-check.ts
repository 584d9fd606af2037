// The version stamp (SPEC §4, §7): version.json is fetched without cache on load and every 300000
// ms; the first `ts` seen is this page's, and any other one marks the page outdated.

/** SPEC §9: how often version.json is checked. */
export const versionCheckIntervalMs = 300_000;

// Checked by hand: this runs in every page's first script, which must not load the schema library.
function stampOf(body: unknown): string | undefined {
  const ts = typeof body === 'object' && body !== null ? (body as { ts?: unknown }).ts : undefined;
  return typeof ts === 'number' || typeof ts === 'string' ? String(ts) : undefined;
}

export interface VersionCheckOptions {
  fetch: typeof fetch;
  onOutdated(): void;
  url?: string;
  intervalMs?: number;
}

/** Fetches the stamp; undefined when it cannot be read (offline, mid-deploy). */
export async function fetchVersionStamp(fetcher: typeof fetch, url = '/version.json'): Promise<string | undefined> {
  try {
    const response = await fetcher(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return undefined;
    return stampOf(await response.json());
  } catch {
    return undefined;
  }
}

/** Starts checking; returns a stop function and a `check` that runs one round now. */
export function startVersionCheck(options: VersionCheckOptions): { stop(): void; check(): Promise<void> } {
  let first: string | undefined;
  let reported = false;
  const check = async () => {
    const stamp = await fetchVersionStamp(options.fetch, options.url);
    if (stamp === undefined || reported) return;
    if (first === undefined) {
      first = stamp;
    } else if (stamp !== first) {
      reported = true;
      options.onOutdated();
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? versionCheckIntervalMs);
  void check();
  return { stop: () => clearInterval(timer), check };
}
