import { Table } from '@mantine/core';
import type { SsoConnection, SsoSettings } from '@replay/contracts';
import { CopyableValue } from '../../components/CopyableValue';

/**
 * The console's own addresses that the owner copies into the IdP's application settings, for
 * either protocol; once a SAML connection is saved, the console's signing certificate for it
 * (the IdP checks the console's signed requests with it) and the metadata that carries it.
 */
function rowsOf(sp: SsoSettings['serviceProvider'], saml: SsoConnection['saml']): (readonly [name: string, value: string])[] {
  return [
    ['OIDC redirect URI', sp.oidcRedirectUri],
    ['OIDC back-channel logout URI', sp.oidcBackchannelLogoutUri],
    ['SAML SP entity ID', sp.samlEntityId],
    ['SAML assertion consumer service (ACS) URL', sp.samlAcsUrl],
    ['SAML single logout (SLO) URL', sp.samlSloUrl],
    ...(saml?.spCert ? [['SAML SP metadata (with its signing certificate)', saml.spMetadataUrl] as const, ['SAML SP signing certificate', saml.spCert] as const] : []),
  ];
}

export function ServiceProviderValues({ serviceProvider, saml = null }: { serviceProvider: SsoSettings['serviceProvider']; saml?: SsoConnection['saml'] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder aria-label="Values for your identity provider" verticalSpacing="xs">
        <Table.Tbody>
          {rowsOf(serviceProvider, saml).map(([name, value]) => (
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
