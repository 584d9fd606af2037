// The kit's text controls: one look for every input, text area and select (decision 060).
// forwardRef, not React 19's ref-as-prop: Preact renders the islands (decision 063).
import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TextInput({ className, ...rest }, ref) {
  return <input type="text" {...rest} ref={ref} className={className ? `ui-input ${className}` : 'ui-input'} />;
});

export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextArea({ className, ...rest }, ref) {
  return <textarea {...rest} ref={ref} className={className ? `ui-textarea ${className}` : 'ui-textarea'} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...rest }, ref) {
  return <select {...rest} ref={ref} className={className ? `ui-select ${className}` : 'ui-select'} />;
});

/** A select whose first choice is "none" (the empty value): an optional pick from `options`. */
export const OptionalSelect = forwardRef<
  HTMLSelectElement,
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { noneLabel: string; options: readonly { value: string | number; label: string }[] }
>(function OptionalSelect({ noneLabel, options, ...rest }, ref) {
  return (
    <Select {...rest} ref={ref}>
      <option value="">{noneLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
});
