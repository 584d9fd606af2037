// The kit's text controls: one look for every input, text area and select (decision 060). A ref is a
// plain prop (React 19), passed on with the rest.
import type { ComponentProps } from 'react';

export function TextInput({ className, ...rest }: ComponentProps<'input'>) {
  return <input type="text" {...rest} className={className ? `ui-input ${className}` : 'ui-input'} />;
}

export function TextArea({ className, ...rest }: ComponentProps<'textarea'>) {
  return <textarea {...rest} className={className ? `ui-textarea ${className}` : 'ui-textarea'} />;
}

export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select {...rest} className={className ? `ui-select ${className}` : 'ui-select'} />;
}

/** A select whose first choice is "none" (the empty value): an optional pick from `options`. */
export function OptionalSelect({
  noneLabel,
  options,
  ...rest
}: Omit<ComponentProps<'select'>, 'children'> & { noneLabel: string; options: readonly { value: string | number; label: string }[] }) {
  return (
    <Select {...rest}>
      <option value="">{noneLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
