import { Alert, Button, Group, Text } from '@mantine/core';

export const SET_UP_BILLING = 'Set up billing';
export const ASK_AN_ADMIN = 'Ask an administrator of your organization to add payment details.';

interface Props {
  /** The trial banner's words: days left, or that the trial has ended. */
  text: string;
  /** EDIT_BILLING: the button is offered; others are told whom to ask. */
  canSetUp: boolean;
  /** Opens the billing details drawer; undefined while the details are still being read. */
  onSetUp?: () => void;
}

/** Spec: "Billing setup is shown to trial users": the trial's state and, for those who may, the way to add a card. */
export function BillingSetupPanel({ text, canSetUp, onSetUp }: Props) {
  return (
    <Alert color="blue" variant="light" mb="lg" title="Billing setup" data-testid="billing-setup">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{canSetUp ? text : `${text} ${ASK_AN_ADMIN}`}</Text>
        {canSetUp && (
          <Button onClick={onSetUp} disabled={!onSetUp}>
            {SET_UP_BILLING}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
