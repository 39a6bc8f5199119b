import { useRef, useState, type FormEvent } from 'react';
import { Button, Grid, Group, Input, SegmentedControl, Select, Stack, Text, TextInput, Tooltip, useMatches } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  DEFAULT_PROVIDER,
  DEFAULT_REGION,
  DEFAULT_SIZE,
  INSTANCE_MESSAGES,
  PROJECT_MESSAGES,
  instanceLimit,
  PROVIDERS,
  PROVIDER_LABELS,
  TEXT_LIMITS,
  createInstanceSchema,
  isFreeTrialEligible,
  isTrialAccount,
  regionsGrouped,
  routes,
  type CreateInstanceInput,
  type InstanceSize,
  type Provider,
} from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { PageTitle } from '../../components/PageTitle';
import { InstanceBreadcrumbs } from '../../features/instances/details/InstanceBreadcrumbs';
import { newIdempotencyKey } from '../../features/instances/create/idempotency';
import { useCreateInstance } from '../../features/instances/mutations';
import { createBlock, suggestUrl } from '../../features/instances/rules';
import '../../features/instances/styles';
import { useUrlAvailability } from '../../features/instances/create/url-availability';
import { onboardingFlag } from '../../features/onboarding/onboarding-flag';
import { ApiError, errorMessage } from '../../lib/api';
import { fieldErrors, type FieldErrors } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useConsoleTitle } from '../../lib/use-document-title';
import { CapacityPicker } from './create/CapacityPicker';
import { OverviewPanel } from './create/OverviewPanel';
import { UrlField } from './create/UrlField';

const PROVIDER_OPTIONS = PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }));

/**
 * The account's instance cap (from the account's instance count), and the refusal's words once
 * it is reached; a new instance brings its default project, so a full site list refuses it too.
 */
function SitesLeft({ limits, sites }: { limits: { limit: number; remaining: number }; sites: { limit: number; remaining: number } }) {
  if (limits.remaining > 0 && sites.remaining === 0) {
    return (
      <Text size="sm" mt="xs" c="red" role="note" data-testid="sites-left">
        {PROJECT_MESSAGES.limit(sites.limit)}
      </Text>
    );
  }
  return limits.remaining > 0 ? (
    <Text size="sm" mt="xs" data-testid="sites-left">
      {limits.remaining} of {limits.limit} instances left on your account
    </Text>
  ) : (
    <Text size="sm" mt="xs" c="red" role="note" data-testid="sites-left">
      {INSTANCE_MESSAGES.instanceLimit(limits.limit)}
    </Text>
  );
}

/** Create Instance (spec section 2): capacity, name, provider, region, URL, and the price overview. */
export default function CreateInstancePage() {
  useConsoleTitle('Create Instance');
  const account = useAccount();
  const create = useSubmitInstance();

  const [size, setSize] = useState<InstanceSize>(DEFAULT_SIZE);
  const [name, setName] = useState('');
  const [provider, setProvider] = useState<Provider>(DEFAULT_PROVIDER);
  const [region, setRegion] = useState<string | null>(DEFAULT_REGION[DEFAULT_PROVIDER]);
  const [typedUrl, setTypedUrl] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  // Until the URL is typed in, it follows the name.
  const url = typedUrl ?? suggestUrl(name);
  const availability = useUrlAvailability(url);
  const block = createBlock({ name, url, region, size }, availability.taken, account);
  const eligible = isFreeTrialEligible({ isTrial: isTrialAccount(account), instanceCount: account.instanceCount });

  const changeProvider = (next: Provider) => {
    setProvider(next);
    // Regions belong to a provider: start from the new provider's default.
    setRegion(DEFAULT_REGION[next]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (block) return;
    const parsed = createInstanceSchema.safeParse({ name, provider, region, size, url });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.send(parsed.data);
  };

  return (
    <>
      <InstanceBreadcrumbs current="Create Instance" />
      <PageTitle title="Create Instance" />
      <form onSubmit={submit} noValidate aria-label="Create Instance">
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <CapacityPicker value={size} onChange={setSize} provider={provider} region={region} freeTrialEligible={eligible} />
              <TextInput label="Name" required value={name} maxLength={TEXT_LIMITS.inlineName} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} autoComplete="off" />
              <ProviderField value={provider} onChange={changeProvider} />
              <Select
                label="Region"
                required
                data={regionsGrouped(provider)}
                value={region}
                onChange={setRegion}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No region matches"
                error={errors.region}
                maxDropdownHeight={320}
              />
              <UrlField value={url} onChange={setTypedUrl} availability={availability} error={errors.url} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OverviewPanel size={size} provider={provider} region={region}>
              <Text size="sm" c="dimmed" mt="xs">
                {INSTANCE_MESSAGES.createNote}
              </Text>
              {/* A trial account's cap is its one free instance: the billing refusal says that better. */}
              {(account.hasBillingDetails || instanceLimit(account).remaining > 0) && <SitesLeft limits={instanceLimit(account)} sites={account.limits.sites} />}
              <CreateActions block={block} pending={create.isPending} />
            </OverviewPanel>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}

/**
 * Sends the new instance once: one Idempotency-Key per form session (a repeated click or a
 * retry after a lost answer makes one instance), and nothing more while a send is under way.
 */
function useSubmitInstance() {
  const navigate = useNavigate();
  const create = useCreateInstance();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  // Set from the first click until a refusal: a second click before the page leaves sends nothing.
  const sending = useRef(false);
  const send = (input: CreateInstanceInput) => {
    if (sending.current) return;
    sending.current = true;
    create.mutate(
      { input, key: idempotencyKey },
      {
        onSuccess: (instance) => {
          notifySuccess(INSTANCE_MESSAGES.created(instance.name));
          // Right after sign-up, the first instance opens its getting-started steps (spec: onboarding).
          if (onboardingFlag.get()) {
            onboardingFlag.set(false);
            void navigate(routes.onboarding(instance.instanceId, 'installing'));
          } else void navigate(routes.instances());
        },
        onError: (error) => {
          sending.current = false;
          notifyError(errorMessage(error, INSTANCE_MESSAGES.createFailed));
          // The server answered with a refusal, so it kept nothing under this key: the next
          // attempt (perhaps with other values) gets a fresh one. Without an answer the
          // request may have gone through, so the key stays and a retry cannot duplicate it.
          if (error instanceof ApiError && error.status >= 400) setIdempotencyKey(newIdempotencyKey());
        },
      },
    );
  };
  return { send, isPending: create.isPending };
}

/** Cancel, and Create; a trial account that needs billing is told why on the disabled button. */
function CreateActions({ block, pending }: { block: ReturnType<typeof createBlock>; pending: boolean }) {
  const createButton = (
    <Button type="submit" disabled={block !== null} loading={pending} fullWidth>
      Create
    </Button>
  );
  return (
    <Group grow mt="xs" wrap="nowrap">
      <Button component={Link} to={routes.instances()} variant="default">
        Cancel
      </Button>
      {block === 'billing' ? (
        <Tooltip label={INSTANCE_MESSAGES.billingRequired} multiline w={260}>
          {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
          <span tabIndex={0} style={{ display: 'block' }}>
            {createButton}
          </span>
        </Tooltip>
      ) : (
        createButton
      )}
    </Group>
  );
}

/** The cloud provider, one of three side by side. */
function ProviderField({ value, onChange }: { value: Provider; onChange: (next: Provider) => void }) {
  // The three providers' names side by side need ~360 px: on a phone they are stacked, none cut off.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', xs: 'horizontal' });
  return (
    <Input.Wrapper label="Cloud Provider" id="cloud-provider" labelElement="div">
      <SegmentedControl
        data={PROVIDER_OPTIONS}
        value={value}
        onChange={(v) => onChange(v as Provider)}
        aria-labelledby="cloud-provider-label"
        role="radiogroup"
        fullWidth
        orientation={orientation}
        mt={4}
      />
    </Input.Wrapper>
  );
}
