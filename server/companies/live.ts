// Live workspace lists (decision 091): after a change commits, every open workspace of the
// company hears which of its lists changed (`company.changed` on `private-company.{id}`) and reads
// them again, so one admin's change shows in another admin's open workspace without a reload.
import { channelNames, type WorkspaceList } from '../../contract/realtime.ts';
import type { Realtime } from '../shared/realtime/publisher.ts';

/** Announces after commit; never throws and never delays the answer (a lost live update fails nothing). */
export function announceCompanyChange(realtime: Realtime, companyId: number, lists: readonly WorkspaceList[]): void {
  void realtime.publish('company.changed', channelNames.company(companyId), { company_id: companyId, lists: [...lists] });
}
