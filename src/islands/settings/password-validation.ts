// The password change's validation, loaded on the form's first use (decision 158): it brings zod and
// the settings schemas, which the page does not need to show the form (decision 162).
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest } from '../../../contract/settings.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';

export const passwordResolver = zodResolver(ChangePasswordRequest, schemaParseOptions);
