// What a form's native controls hand react-hook-form (always text) as the contract's schemas take it;
// pass to register's `setValueAs`.

/** A select of ids whose first choice is 'none' (the kit's OptionalSelect): '' → null, else the id. */
export function optionalId(value: unknown): number | null {
  return value === '' || value === null || value === undefined ? null : Number(value);
}

/** A number field: what was typed as a number; an empty field is 0, so the schema's message names the range. */
export function typedNumber(value: unknown): number {
  return Number(value);
}

/** A select of named choices whose first choice is 'none' (the kit's OptionalSelect): '' → null, else the choice. */
export function optionalChoice(value: unknown): string | null {
  return value === '' || value === null || value === undefined ? null : String(value);
}
