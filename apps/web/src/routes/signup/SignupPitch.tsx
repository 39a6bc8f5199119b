import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { TRIAL_DAYS } from '@replay/contracts';
import { usePublicConfig } from '../../features/config/api';

/** What the free trial includes (spec section 1). */
export const SIGNUP_FEATURES = ['All core features', 'Dedicated VMs', 'Custom retention', 'End-to-end encryption', 'Daily backups', 'Single sign-on'] as const;

export function SignupPitch() {
  const { data: config } = usePublicConfig();
  return (
    <Stack gap="md" py="md">
      <Title order={2} size="h3">
        {config ? `Your dedicated ${config.productName}, managed for you` : 'Your dedicated instance, managed for you'}
      </Title>
      <Text c="dimmed">Free for {TRIAL_DAYS} days. No credit card needed to start.</Text>
      <List
        spacing="xs"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal" aria-hidden>
            <IconCheck size={12} />
          </ThemeIcon>
        }
      >
        {SIGNUP_FEATURES.map((feature) => (
          <List.Item key={feature}>{feature}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
