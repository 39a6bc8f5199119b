import { Table } from '@mantine/core';
import type { SsoSettings } from '@replay/contracts';
import { CopyableValue } from '../../components/CopyableValue';

/** The console's own addresses that the owner copies into the IdP's application settings, for either protocol. */
function rowsOf(sp: SsoSettings['serviceProvider']): (readonly [name: string, value: string])[] {
  return [
    ['OIDC redirect URI', sp.oidcRedirectUri],
    ['OIDC back-channel logout URI', sp.oidcBackchannelLogoutUri],
    ['SAML SP entity ID', sp.samlEntityId],
    ['SAML assertion consumer service (ACS) URL', sp.samlAcsUrl],
    ['SAML single logout (SLO) URL', sp.samlSloUrl],
  ];
}

export function ServiceProviderValues({ serviceProvider }: { serviceProvider: SsoSettings['serviceProvider'] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder aria-label="Values for your identity provider" verticalSpacing="xs">
        <Table.Tbody>
          {rowsOf(serviceProvider).map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" w={220}>
                {name}
              </Table.Th>
              <Table.Td>
                <CopyableValue value={value} label={name} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
