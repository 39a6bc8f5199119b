import { useMemo } from 'react';
import { Group, Select, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import type { HolderValues } from '../billing-form';
import { countryOptionsWith } from '../countries';

interface Props {
  values: HolderValues;
  onChange: (field: keyof HolderValues, value: string) => void;
  disabled?: boolean;
}

/** The billing address: line 1, line 2 (optional), city, postal code, state or region (optional), and the country. */
export function AddressFields({ values, onChange, disabled }: Props) {
  const countries = useMemo(() => countryOptionsWith(values.country), [values.country]);
  const text = (field: keyof HolderValues) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(field, e.currentTarget.value),
    disabled,
  });
  return (
    <Stack gap="sm">
      <TextInput label="Address line 1" autoComplete="address-line1" maxLength={200} required {...text('line1')} />
      <TextInput label="Address line 2" description="Optional" autoComplete="address-line2" maxLength={200} {...text('line2')} />
      <Group grow gap="sm" align="flex-start">
        <TextInput label="City" autoComplete="address-level2" maxLength={100} required {...text('city')} />
        <TextInput label="Postal code" autoComplete="postal-code" maxLength={20} required {...text('postalCode')} />
      </Group>
      <TextInput label="State / Region" description="Optional" autoComplete="address-level1" maxLength={100} {...text('state')} />
      <Select
        label="Country"
        placeholder="Search countries"
        data={countries}
        value={values.country || null}
        onChange={(code) => onChange('country', code ?? '')}
        searchable
        nothingFoundMessage="No country matches"
        disabled={disabled}
        required
      />
    </Stack>
  );
}
