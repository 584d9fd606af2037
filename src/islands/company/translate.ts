// `t(key, params)` over the messages a page passed in. Kept apart from messages.ts, whose key list
// reads the whole dictionary: islands import only this, so no page ships the dictionary itself.
export type CompanyMessages = Record<string, string>;

export function translator(messages: CompanyMessages) {
  return (key: string, params: Record<string, string | number> = {}): string =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
export type Translate = ReturnType<typeof translator>;
