// The one placeholder filler every translator uses: `{name}` takes params[name]; an unknown
// placeholder stays as written, so a missing parameter shows rather than vanishing.

/** `template` with each `{name}` replaced by `params[name]`. */
export function fillPlaceholders(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
