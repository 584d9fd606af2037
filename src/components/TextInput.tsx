// The kit's text controls: one look for every input, text area and select (decision 060).
import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

export function TextInput({ className, ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input type="text" {...rest} ref={ref} className={className ? `ui-input ${className}` : 'ui-input'} />;
}

export function TextArea({ className, ref, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea {...rest} ref={ref} className={className ? `ui-textarea ${className}` : 'ui-textarea'} />;
}

export function Select({ className, ref, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select {...rest} ref={ref} className={className ? `ui-select ${className}` : 'ui-select'} />;
}

/** A select whose first choice is "none" (the empty value): an optional pick from `options`. */
export function OptionalSelect({
  noneLabel,
  options,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  ref?: Ref<HTMLSelectElement>;
  noneLabel: string;
  options: readonly { value: string | number; label: string }[];
}) {
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
