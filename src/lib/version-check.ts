// The version stamp (SPEC §4, §7): version.json is fetched without cache on load and every 300000
// ms; the first `ts` seen is this page's, and any other one marks the page outdated.
import { z } from 'zod';

/** SPEC §9: how often version.json is checked. */
export const versionCheckIntervalMs = 300_000;

const VersionStamp = z.object({ ts: z.union([z.number(), z.string()]) });

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
    const parsed = VersionStamp.safeParse(await response.json());
    return parsed.success ? String(parsed.data.ts) : undefined;
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
