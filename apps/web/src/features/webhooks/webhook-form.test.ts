import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@replay/contracts';
import { validateWebhookForm, type WebhookFormValues } from './webhook-form';

const valid: WebhookFormValues = { name: 'Ops', endpoint: 'https://hooks.example.com/in', authHeader: '', removeAuthHeader: false, eventTypes: ['instance.created'] };

describe('the webhook form’s auth header (issue 42)', () => {
  it('takes an empty value (keep what is stored) and a printable ASCII or Latin-1 one', () => {
    expect(validateWebhookForm(valid)).toEqual({});
    expect(validateWebhookForm({ ...valid, authHeader: 'Bearer abc.DEF-123 é' })).toEqual({});
  });

  it.each([
    ['a line break', 'Bearer x\nX-Other: 1'],
    ['a tab', 'Bearer\tx'],
    ['beyond Latin-1', 'Bearer €'],
  ])('refuses %s with the server’s words', (_what, authHeader) => {
    expect(validateWebhookForm({ ...valid, authHeader })).toEqual({ authHeader: WEBHOOK_MESSAGES.invalidAuthHeader });
  });
});
