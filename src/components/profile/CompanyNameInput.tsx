// The company field of the job form: free text, with the registered companies the
// typed words may mean (and their logos) suggested below, so 'North' reaches Northwind Studio and the
// 'Ask to confirm' path without exact spelling. A company not on the platform is simply typed.
import { useStore } from '@nanostores/react';
import { useMemo, type Ref } from 'react';
import Combobox, { type ComboboxOption } from '../Combobox.tsx';
import { $companySuggestions, suggestCompaniesFor } from '../../lib/stores/company-suggestions.ts';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  maxLength?: number | undefined;
  noMatchesText: string;
  id?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  ref?: Ref<HTMLInputElement>;
}

// React 19: the ref is a plain prop, handed on to the Combobox's input.
export default function CompanyNameInput({ value, onChange, onBlur, maxLength, noMatchesText, ref, ...field }: Props) {
  const { companies } = useStore($companySuggestions);
  const options = useMemo<ComboboxOption[]>(
    () => companies.map((company) => ({ value: String(company.id), label: company.name, imageUrl: company.logo_url })),
    [companies],
  );
  return (
    <Combobox
      {...field}
      ref={ref}
      freeText
      options={options}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      onQueryChange={suggestCompaniesFor}
      onBlur={onBlur}
      maxLength={maxLength}
      noMatchesText={noMatchesText}
    />
  );
}
