import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { canOpenScreen, routes, type Account } from '@replay/contracts';

export const NO_ROLE_TO_GIVE = 'There is no role you can give yet';

/**
 * The invite form's guide when its Role list has nothing to pick (issue 42): every invitation
 * gives its member a role, the Owner role is never given, and the others may all be gone or
 * hold more rights than the inviter. It says so, and leads to where a role is made.
 */
export function NoRoleToGive({ actor }: { actor: Pick<Account, 'permissions'> }) {
  const mayCreate = canOpenScreen(actor.permissions, 'rolesEdit');
  return (
    <Alert color="blue" variant="light" title={NO_ROLE_TO_GIVE} data-testid="no-role-to-give">
      <Text size="sm">
        An invitation gives the new member one of the account’s roles, which says what they may see and do. The Owner role is never given, and you can only give a role whose rights you hold yourself.
      </Text>
      <Text size="sm" mt="xs">
        {mayCreate ? (
          <>
            <Anchor component={Link} to={routes.roles()}>
              Create a role
            </Anchor>{' '}
            first, then invite.
          </>
        ) : (
          'Ask a member who manages roles to create one, then invite.'
        )}
      </Text>
    </Alert>
  );
}
