// The keys of the contract's validation messages, which every form's island ships with its page.
// Its own module, so an island's list of keys does not pull the dictionaries (index.ts) into its bundle.
import { validationMessages } from '../../contract/validation-messages.ts';
import type { MessageKey } from './index.ts';

export const validationMessageKeys = Object.keys(validationMessages.en_GB) as MessageKey[];
