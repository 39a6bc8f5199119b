import '@mantine/core/styles/Progress.css';
import { useState } from 'react';
import { Alert, Box, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BUDGET_FORECAST_METHOD_TEXT, BUDGET_MESSAGES, formatMoney, type BudgetStatus } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { errorMessage } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { useBudget, useRemoveBudget } from '../budget-hooks';
import { BudgetFormDialog } from './BudgetFormDialog';

/** The bar of spend against the budget, a mark at each threshold (the bar stops at 100 %, the text does not). */
function SpendBar({ status }: { status: BudgetStatus & { budget: NonNullable<BudgetStatus['budget']> } }) {
  const percent = status.percentUsed ?? 0;
  const reached = percent >= 100;
  return (
    <Box pos="relative" py={4}>
      <Progress.Root size="lg">
        <Progress.Section value={Math.min(100, percent)} color={reached ? 'red' : percent >= (status.budget.thresholds[0] ?? 100) ? 'orange' : 'blue'} aria-label="Spend against the budget" />
      </Progress.Root>
      {status.budget.thresholds.map((t) => (
        <Box key={t} aria-hidden pos="absolute" top={0} bottom={0} w={2} bg="dark" style={{ left: `calc(${t}% - 1px)` }} data-testid={`budget-marker-${t}`} />
      ))}
    </Box>
  );
}

function BudgetBody({ status, canEdit, onEdit, onRemove }: { status: BudgetStatus; canEdit: boolean; onEdit: () => void; onRemove: () => void }) {
  const budget = status.budget;
  if (!budget) {
    return (
      <Stack gap="xs">
        <Text fw={600}>{BUDGET_MESSAGES.empty}</Text>
        <Text size="sm" c="dimmed">
          {BUDGET_MESSAGES.emptyHint}
        </Text>
        <Text size="sm">{BUDGET_MESSAGES.forecast(formatMoney(status.forecast))}</Text>
        {canEdit && (
          <Group>
            <Button size="xs" onClick={onEdit}>
              {BUDGET_MESSAGES.set}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text data-testid="budget-amount" fw={600}>
          {formatMoney(budget.amount)} a month
        </Text>
        <Text size="sm" data-testid="budget-spend">
          Spent so far: {formatMoney(status.spend)} ({status.percentUsed} %)
        </Text>
      </Group>
      <SpendBar status={{ ...status, budget }} />
      <Text size="sm" data-testid="budget-forecast">
        {BUDGET_MESSAGES.forecast(formatMoney(status.forecast))}
      </Text>
      <Text size="xs" c="dimmed">
        {BUDGET_FORECAST_METHOD_TEXT}
      </Text>
      <Text size="sm">
        Thresholds: {budget.thresholds.map((t) => `${t} %${status.crossed.includes(t) ? ' (reached)' : ''}`).join(', ')} · {BUDGET_MESSAGES.hardStop}: {budget.hardStop ? 'on' : 'off'}
      </Text>
      {status.hardStopActive && (
        <Alert color="red" variant="light">
          {BUDGET_MESSAGES.hardStopActive}
        </Alert>
      )}
      {canEdit && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onEdit}>
            {BUDGET_MESSAGES.edit}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
            {BUDGET_MESSAGES.remove}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The Billing screen's Budget card: read by anyone who may see billing, changed only with EDIT_BILLING. */
export function BudgetCard({ canEdit }: { canEdit: boolean }) {
  const query = useBudget();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveBudget(() => setRemoving(false));
  return (
    <Card withBorder radius="md" padding="md" mb="lg" component="section" aria-labelledby="budget-title">
      <Title order={2} size="h4" id="budget-title" mb="sm">
        {BUDGET_MESSAGES.title}
      </Title>
      {query.isPending && <Skeleton height={60} aria-label="Loading the budget" />}
      {query.isError && <LoadError message={withServerReason(BUDGET_MESSAGES.loadFailed, query.error)} onRetry={() => void query.refetch()} />}
      {query.data && <BudgetBody status={query.data} canEdit={canEdit} onEdit={() => setEditing(true)} onRemove={() => setRemoving(true)} />}
      {editing && query.data && <BudgetFormDialog budget={query.data.budget} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={removing}
        title={BUDGET_MESSAGES.remove}
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onError: (error) => notifyError(errorMessage(error, BUDGET_MESSAGES.saveFailed)),
          })
        }
      >
        {BUDGET_MESSAGES.removeConfirm}
      </ConfirmDialog>
    </Card>
  );
}
