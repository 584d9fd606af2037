// The sign-up form's validation and call, loaded on the form's first use (decision 158): they bring
// zod and the contract's schemas, which the page does not need to show the form.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { RegisterCompanyRequest, RegisterPersonalRequest, type AccountKind } from '../../../contract/auth.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';

/** The resolver of `kind`'s form; one form type serves both kinds (the company fields are extra). */
export function signUpResolver<Values extends FieldValues>(kind: AccountKind): Resolver<Values> {
  const schema = kind === 'company' ? RegisterCompanyRequest : RegisterPersonalRequest;
  return zodResolver(schema, schemaParseOptions) as unknown as Resolver<Values>;
}
export { signUp } from '../../lib/stores/account.ts';
