import { apiKeyParamsSchema, apiKeysSchema, apiKeyWithSecretSchema, createApiKeySchema } from '../api-keys';
import { okSchema } from '../members';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const members = guardFor('members');
const membersEdit = guardFor('membersEdit');

/**
 * API keys (issue 18): a key holds a role as a member does, so keys are the Team
 * permissions' business: listing needs the members screen, creating, rotating and
 * revoking need membersEdit (EDIT_MEMBERS); only its creator rotates a key, after a fresh
 * proof of identity, as for creating one (issue 42). Only people manage keys: a key calling
 * these is refused (`peopleOnly`), so a leaked key cannot mint or prolong keys.
 */
export const apiKeyEndpoints = {
  apiKeys: endpoint({ method: 'GET', path: '/client/api-keys', guard: members, response: apiKeysSchema, peopleOnly: true }),
  createApiKey: endpoint({
    method: 'POST',
    path: '/client/api-keys',
    guard: membersEdit,
    body: createApiKeySchema,
    response: apiKeyWithSecretSchema,
    status: 201,
    audit: { label: 'Create API key' },
    peopleOnly: true,
    errors: ['fresh_proof_required'],
  }),
  rotateApiKey: endpoint({
    method: 'POST',
    path: '/client/api-keys/:id/rotate',
    guard: membersEdit,
    params: apiKeyParamsSchema,
    response: apiKeyWithSecretSchema,
    audit: { label: 'Rotate API key' },
    peopleOnly: true,
    errors: ['fresh_proof_required'],
  }),
  revokeApiKey: endpoint({
    method: 'DELETE',
    path: '/client/api-keys/:id',
    guard: membersEdit,
    params: apiKeyParamsSchema,
    response: okSchema,
    audit: { label: 'Revoke API key' },
    peopleOnly: true,
  }),
} as const;
