import { Group, Radio, Text } from '@mantine/core';
import '@mantine/core/styles/RadioCard.css';
import { AVATAR_ICONS, AVATAR_MESSAGES, type AvatarIcon } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { useUpdateAvatar } from '../../features/account/api';
import { AVATAR_GLYPHS, MemberAvatar, avatarLabel, initials } from '../../features/account/avatar';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';

/** The value the picker gives the initials (no icon). */
const INITIALS = 'initials';

/**
 * The member's avatar: their initials or one of the 22 icons. A pick saves at
 * once (one click, nothing else on the form), and the header's account menu
 * and the team list show it.
 */
export function AvatarPicker() {
  const account = useAccount();
  const update = useUpdateAvatar();
  const pick = (value: string) => {
    const avatar = value === INITIALS ? null : (value as AvatarIcon);
    if (avatar === account.avatar) return;
    update.mutate(
      { avatar },
      {
        onSuccess: () => notifySuccess(AVATAR_MESSAGES.saved),
        onError: (error) => notifyError(errorMessage(error, AVATAR_MESSAGES.failed)),
      },
    );
  };
  return (
    <Radio.Group label="Avatar" description="Shown in the account menu and the team list." value={account.avatar ?? INITIALS} onChange={pick}>
      <Group gap="xs" mt="xs" maw={480} aria-busy={update.isPending}>
        <Radio.Card value={INITIALS} aria-label="Initials" w="auto" p={6} radius="md" disabled={update.isPending}>
          <MemberAvatar name={account.name} avatar={null} size="md" />
        </Radio.Card>
        {AVATAR_ICONS.map((icon) => {
          const Glyph = AVATAR_GLYPHS[icon];
          return (
            <Radio.Card key={icon} value={icon} aria-label={avatarLabel(icon)} title={avatarLabel(icon)} w="auto" p={6} radius="md" disabled={update.isPending}>
              <Glyph size={28} aria-hidden />
            </Radio.Card>
          );
        })}
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Without an icon, your initials ({initials(account.name)}) are shown.
      </Text>
    </Radio.Group>
  );
}
