// Identifiers in paths, read without the schema library (the page bootstrap uses this).

/** The user id an identifier names, or undefined when it names none. */
export function parseProfileIdentifier(identifier: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(identifier)) return undefined;
  const id = Number(identifier);
  return Number.isSafeInteger(id) ? id : undefined;
}
