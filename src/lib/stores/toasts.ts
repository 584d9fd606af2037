// Toast requests (SPEC §9). Library code asks for a toast here; the AppToaster island shows them,
// so src/lib stays free of React. The first request hydrates the island (client:demand, decision
// 162); requests made before it mounts wait in the queue.
import { atom } from 'nanostores';
import { demandIsland } from '../base/island-demand.ts';

/** The toaster's name for `client:demand` (decision 162). */
export const toasterIsland = 'toaster';

export type ToastKind = 'success' | 'error';

export interface ToastRequest {
  id: number;
  kind: ToastKind;
  message: string;
}

let nextId = 1;

/** Requests not yet shown, oldest first. */
export const $toastQueue = atom<readonly ToastRequest[]>([]);

export function notify(kind: ToastKind, message: string): void {
  $toastQueue.set([...$toastQueue.get(), { id: nextId++, kind, message }]);
  demandIsland(toasterIsland);
}

export function notifySuccess(message: string): void {
  notify('success', message);
}

export function notifyError(message: string): void {
  notify('error', message);
}

/** Hands the waiting requests to the toaster and empties the queue. */
export function takeToasts(): readonly ToastRequest[] {
  const waiting = $toastQueue.get();
  if (waiting.length) $toastQueue.set([]);
  return waiting;
}
