// The companies' revocation lists as anonymous verifiers read them (decision 232):
// each kept signed, with the version of the data it was made from. A read asks the database for that
// version (one query) and answers the kept list while it is current; only a change makes the list
// again (every credential's facts compared, then signed), once however many ask at the same moment.
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { statusListOf, statusListSourceVersion, type SignedStatusList } from './credential-status-list.ts';

/** Companies whose lists are kept; past it the longest-kept one goes (a crawler cannot grow it: only companies with credentials get a list). */
const maxKeptLists = 10_000;

interface Kept {
  /** The version of the data the list was made from. */
  source: string;
  list: SignedStatusList;
}

export class StatusListCopies {
  private readonly kept = new Map<number, Kept>();
  private readonly building = new Map<string, Promise<SignedStatusList>>();
  private readonly deps: { db: Db; clock: Clock; config: Config };

  constructor(deps: { db: Db; clock: Clock; config: Config }) {
    this.deps = deps;
  }

  /** The company's current list: the kept one while its data has not changed. Not found when it issued none. */
  async listOf(companyId: number): Promise<SignedStatusList> {
    // Read before the list is made: a change landing meanwhile leaves a newer version, so the next read makes it again.
    const source = await statusListSourceVersion(this.deps.db, companyId);
    const kept = this.kept.get(companyId);
    if (kept?.source === source) return kept.list;
    const key = `${companyId}:${source}`;
    let building = this.building.get(key);
    if (!building) {
      building = statusListOf(this.deps, companyId, kept?.list)
        .then((list) => {
          this.kept.delete(companyId);
          if (this.kept.size >= maxKeptLists) this.kept.delete(this.kept.keys().next().value!);
          this.kept.set(companyId, { source, list });
          return list;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, building);
    }
    return building;
  }
}
