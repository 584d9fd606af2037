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
