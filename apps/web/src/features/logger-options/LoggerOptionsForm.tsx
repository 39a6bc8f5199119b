import { useState, type FormEvent } from 'react';
import { Button, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import {
  LOGGER_INPUT_MODES,
  LOGGER_INPUT_MODE_LABELS,
  LOGGER_OPTIONS_MESSAGES,
  isDomainPattern,
  isIpOrCidr,
  loggerOptionsBodySchema,
  type LoggerInputMode,
  type LoggerOptions,
} from '@replay/contracts';
import { HydratedForm } from '../../components/HydratedForm';
import { TagInput } from '../../components/TagInput';
import { validate, type FieldErrors } from '../../lib/form';
import { useSaveLoggerOptions } from './api';

interface Props {
  options: LoggerOptions;
  /** EDIT_INSTANCES on every instance: others see the options only. */
  canEdit: boolean;
}

/* The spec's tag input takes letters and digits only; addresses and domains need dots, colons and slashes, so these lists take the API's own rules. */
const validIp = (tag: string) => (isIpOrCidr(tag.toLowerCase()) ? null : LOGGER_OPTIONS_MESSAGES.ip(tag));
const validDomain = (tag: string) => (isDomainPattern(tag.toLowerCase()) ? null : LOGGER_OPTIONS_MESSAGES.domain(tag));
const LISTS = [
  {
    field: 'ipWhitelist',
    validate: validIp,
    text: { label: 'IP whitelist', placeholder: '203.0.113.0/24', description: 'Client addresses or CIDR ranges allowed to send recordings; none allows any. Press Enter to add.' },
  },
  {
    field: 'allowedDomains',
    validate: validDomain,
    text: { label: 'Allowed domains', placeholder: 'shop.example.com', description: 'Sites whose pages may be recorded (*.example.com for its subdomains); none allows any. Press Enter to add.' },
  },
] as const;
const MODES = LOGGER_INPUT_MODES.map((m) => ({ value: String(m), label: LOGGER_INPUT_MODE_LABELS[m] }));

/** The logger options form (spec section 3's loggerOptions): validated with the API's own schema, so its messages are the server's. */
export function LoggerOptionsForm({ options, canEdit }: Props) {
  const [lists, setLists] = useState({ ipWhitelist: options.ipWhitelist, allowedDomains: options.allowedDomains });
  const [inputMode, setInputMode] = useState<LoggerInputMode>(options.defaultInputMode);
  const [obscureEmailData, setObscureEmailData] = useState(options.obscureEmailData);
  const [obscureNumericData, setObscureNumericData] = useState(options.obscureNumericData);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveLoggerOptions();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...lists, defaultInputMode: inputMode, obscureEmailData, obscureNumericData };
    const checked = validate(loggerOptionsBodySchema, body);
    setErrors(checked.errors ?? {});
    if (checked.data) save.mutate(body);
  };

  const readOnly = !canEdit;
  return (
    <HydratedForm onSubmit={submit}>
      <Stack gap="lg" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LISTS.map((list) => (
            <TagInput
              key={list.field}
              {...list.text}
              tags={lists[list.field]}
              onChange={(tags) => setLists({ ...lists, [list.field]: tags })}
              validate={list.validate}
              error={errors[list.field]}
              disabled={readOnly}
            />
          ))}
        </SimpleGrid>
        <Select
          label="Default input mode"
          description="What the instances keep of the values typed into fields."
          w={260}
          data={MODES}
          value={String(inputMode)}
          onChange={(v) => v !== null && setInputMode(Number(v) as LoggerInputMode)}
          allowDeselect={false}
          disabled={readOnly}
          error={errors.defaultInputMode}
        />
        <Switch label="Obscure e-mail addresses" checked={obscureEmailData} onChange={(e) => setObscureEmailData(e.currentTarget.checked)} disabled={readOnly} />
        <Switch label="Obscure numbers" checked={obscureNumericData} onChange={(e) => setObscureNumericData(e.currentTarget.checked)} disabled={readOnly} />
        {canEdit && (
          <div>
            <Button type="submit" loading={save.isPending}>
              Save logger options
            </Button>
          </div>
        )}
      </Stack>
    </HydratedForm>
  );
}
