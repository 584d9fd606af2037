// SPEC §7 form payload rules: arrays as `name[]` (scalars) or `name[index][key]` (objects), files
// with their file name, null and undefined skipped.

/** A value a form payload may carry. */
export type FormValue = string | number | boolean | Blob | null | undefined | readonly FormValue[] | { readonly [key: string]: FormValue };

function isPlainObject(value: unknown): value is Record<string, FormValue> {
  return typeof value === 'object' && value !== null && !(value instanceof Blob) && !Array.isArray(value);
}

function append(form: FormData, name: string, value: FormValue): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) {
    // A File keeps its own name; a bare Blob gets the field name so servers still see a file part.
    form.append(name, value, value instanceof File ? value.name : name);
  } else if (Array.isArray(value)) {
    value.forEach((item: FormValue, index) => {
      append(form, isPlainObject(item) || Array.isArray(item) ? `${name}[${index}]` : `${name}[]`, item);
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) append(form, `${name}[${key}]`, item);
  } else if (typeof value === 'boolean') {
    // Laravel-style servers read checkboxes as 1/0.
    form.append(name, value ? '1' : '0');
  } else {
    form.append(name, String(value));
  }
}

/** Builds the FormData of a payload object by the SPEC §7 rules. */
export function toFormData(payload: Readonly<Record<string, FormValue>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(payload)) append(form, name, value);
  return form;
}
