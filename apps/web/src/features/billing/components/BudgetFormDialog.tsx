import { useState } from 'react';
import { Button, Group, Switch, TextInput } from '@mantine/core';
import { BUDGET_MAX_THRESHOLDS, BUDGET_MESSAGES, type Budget } from '@replay/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { errorMessage } from '../../../lib/api';
import { budgetInputOf, budgetValuesOf, type BudgetErrors } from '../budget-form';
import { useSaveBudget } from '../budget-hooks';

interface Props {
  budget: Budget | null;
  onClose: () => void;
}

/** Sets or edits the budget: the amount in dollars, the thresholds, the hard stop; checked with the contracts' rules before it is sent. */
export function BudgetFormDialog({ budget, onClose }: Props) {
  const [values, setValues] = useState(() => budgetValuesOf(budget));
  const [errors, setErrors] = useState<BudgetErrors>({});
  const save = useSaveBudget(onClose);

  const submit = () => {
    const input = budgetInputOf(values);
    if ('errors' in input) return setErrors(input.errors);
    setErrors({});
    save.mutate(input.body);
  };

  return (
    <FormDialog
      title={budget ? BUDGET_MESSAGES.edit : BUDGET_MESSAGES.set}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      error={save.isError ? errorMessage(save.error, BUDGET_MESSAGES.saveFailed) : null}
    >
      <TextInput
        label="Monthly amount (USD)"
        inputMode="decimal"
        placeholder="500.00"
        value={values.amount}
        onChange={(e) => setValues({ ...values, amount: e.currentTarget.value })}
        error={errors.amount}
        required
        data-autofocus
      />
      <TextInput
        label="Thresholds (%)"
        description={`Up to ${BUDGET_MAX_THRESHOLDS} percentages, separated by commas. Each is told once a month.`}
        value={values.thresholds}
        onChange={(e) => setValues({ ...values, thresholds: e.currentTarget.value })}
        error={errors.thresholds}
        required
      />
      <Switch label={BUDGET_MESSAGES.hardStop} description={BUDGET_MESSAGES.hardStopHelp} checked={values.hardStop} onChange={(e) => setValues({ ...values, hardStop: e.currentTarget.checked })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Group>
    </FormDialog>
  );
}
