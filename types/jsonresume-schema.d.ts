// The official JSON Resume schema package ships no types: its validator, as it is written
// (node_modules/@jsonresume/schema/validator.js), takes a document and a Node-style callback.
declare module '@jsonresume/schema' {
  export function validate(resume: unknown, callback: (errors: unknown[] | null, valid: boolean) => void): void;
  export const schema: Record<string, unknown>;
}
