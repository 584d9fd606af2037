// Keeps the company's workspace live (decision 091): the company's changes made anywhere (another
// admin, a person answering an invitation) show without a reload. It stands above the stores: it starts
// the realtime connection and hands its news to the workspace's store, which knows nothing of it.
import { $workspace, applyCompanyChange } from '../stores/workspace.ts';

/** Starts the company's realtime connection for the workspace shown; loaded on demand, like the personal site's. */
export async function startLiveWorkspace(): Promise<void> {
  const workspace = $workspace.get();
  if (!workspace) return;
  const { startCompanyRealtime } = await import('./realtime.ts');
  startCompanyRealtime(workspace.company.id, (lists) => void applyCompanyChange(lists).catch(() => undefined));
}
