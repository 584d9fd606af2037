// The public address's check as the field is left (decisions 208, 211): a malformed or
// reserved address is said at once by the form's own rules; otherwise the server is asked whether it is
// free, and a taken one is said under the field before saving. Shared by a person's public profile and
// a company's public page, whose addresses follow the same rules in separate namespaces.
import { useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { messageRef } from '../../contract/message-refs.ts';
import { publicAddressLimits } from '../../contract/public-profile.ts';
import type { PublicAddressAvailability } from '../../contract/public-profile-schemas.ts';

export type AddressCheck = { status: 'idle' } | { status: 'checking' } | { status: 'free'; address: string };

/** The message reference for an address the server says cannot be had. */
export function unavailableAddressMessage(reason: PublicAddressAvailability['reason']): string {
  if (reason === 'taken') return messageRef('validation.publicAddressTaken');
  if (reason === 'reserved') return messageRef('validation.publicAddressReserved');
  return messageRef('validation.publicAddress', publicAddressLimits);
}

interface Options<V extends FieldValues & { address: string }> {
  form: Pick<UseFormReturn<V>, 'getValues' | 'trigger' | 'clearErrors' | 'setError'>;
  /** The address saved now (no need to ask about it), or null. */
  saved: string | null;
  /** The contract's format and reserved-word rule for this namespace. */
  problem: (address: string) => unknown;
  ask: (address: string) => Promise<PublicAddressAvailability>;
}

/** The check's state, a way to reset it, and the handler for leaving the field. */
export function useAddressCheck<V extends FieldValues & { address: string }>({ form, saved, problem, ask }: Options<V>) {
  const [check, setCheck] = useState<AddressCheck>({ status: 'idle' });
  const field = 'address' as Path<V>;
  const current = () =>
    String(form.getValues(field) as PathValue<V, Path<V>>)
      .trim()
      .toLowerCase();
  const checkAddress = async () => {
    const address = current();
    setCheck({ status: 'idle' });
    if (problem(address)) return void form.trigger(field);
    if (address === saved) return;
    setCheck({ status: 'checking' });
    try {
      const answer = await ask(address);
      // The person typed on meanwhile: this answer is about an address no longer there.
      if (current() !== answer.address) return;
      if (answer.available) {
        form.clearErrors(field);
        setCheck({ status: 'free', address: answer.address });
        return;
      }
      setCheck({ status: 'idle' });
      form.setError(field, { type: 'server', message: unavailableAddressMessage(answer.reason) });
    } catch {
      // Saving checks again; a failed check only leaves the hint unsaid.
      setCheck({ status: 'idle' });
    }
  };
  return { check, setCheck, checkAddress };
}
