// The sign-in form's validation and calls, loaded on the form's first use (decision 158): they bring
// zod and the contract's schemas, which the page does not need to show the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '../../../contract/auth.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';

export const loginResolver = zodResolver(LoginRequest, schemaParseOptions);
export { fetchAccountStatus, logIn } from '../../lib/stores/account.ts';
