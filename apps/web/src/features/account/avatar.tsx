import { Avatar, type AvatarProps } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import IconCat from '@tabler/icons-react/dist/esm/icons/IconCat.mjs';
import IconDog from '@tabler/icons-react/dist/esm/icons/IconDog.mjs';
import IconFish from '@tabler/icons-react/dist/esm/icons/IconFish.mjs';
import IconButterfly from '@tabler/icons-react/dist/esm/icons/IconButterfly.mjs';
import IconFeather from '@tabler/icons-react/dist/esm/icons/IconFeather.mjs';
import IconLeaf from '@tabler/icons-react/dist/esm/icons/IconLeaf.mjs';
import IconPlant from '@tabler/icons-react/dist/esm/icons/IconPlant.mjs';
import IconFlower from '@tabler/icons-react/dist/esm/icons/IconFlower.mjs';
import IconSun from '@tabler/icons-react/dist/esm/icons/IconSun.mjs';
import IconMoon from '@tabler/icons-react/dist/esm/icons/IconMoon.mjs';
import IconStar from '@tabler/icons-react/dist/esm/icons/IconStar.mjs';
import IconCloud from '@tabler/icons-react/dist/esm/icons/IconCloud.mjs';
import IconBolt from '@tabler/icons-react/dist/esm/icons/IconBolt.mjs';
import IconFlame from '@tabler/icons-react/dist/esm/icons/IconFlame.mjs';
import IconSnowflake from '@tabler/icons-react/dist/esm/icons/IconSnowflake.mjs';
import IconPlanet from '@tabler/icons-react/dist/esm/icons/IconPlanet.mjs';
import IconRocket from '@tabler/icons-react/dist/esm/icons/IconRocket.mjs';
import IconAnchor from '@tabler/icons-react/dist/esm/icons/IconAnchor.mjs';
import IconCompass from '@tabler/icons-react/dist/esm/icons/IconCompass.mjs';
import IconMountain from '@tabler/icons-react/dist/esm/icons/IconMountain.mjs';
import IconCoffee from '@tabler/icons-react/dist/esm/icons/IconCoffee.mjs';
import IconMusic from '@tabler/icons-react/dist/esm/icons/IconMusic.mjs';
import type { AvatarIcon } from '@replay/contracts';

/** Each of contracts' avatar names drawn by the Tabler icon of that name (imported one file each, never the barrel). */
export const AVATAR_GLYPHS: Record<AvatarIcon, TablerIcon> = {
  cat: IconCat,
  dog: IconDog,
  fish: IconFish,
  butterfly: IconButterfly,
  feather: IconFeather,
  leaf: IconLeaf,
  plant: IconPlant,
  flower: IconFlower,
  sun: IconSun,
  moon: IconMoon,
  star: IconStar,
  cloud: IconCloud,
  bolt: IconBolt,
  flame: IconFlame,
  snowflake: IconSnowflake,
  planet: IconPlanet,
  rocket: IconRocket,
  anchor: IconAnchor,
  compass: IconCompass,
  mountain: IconMountain,
  coffee: IconCoffee,
  music: IconMusic,
};

/** 'rocket' → 'Rocket': the name a picker reads out. */
export const avatarLabel = (icon: AvatarIcon): string => icon.charAt(0).toUpperCase() + icon.slice(1);

/** 'Ada Lovelace' → 'AL'; one name gives one letter, no name a question mark. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

interface Props extends Omit<AvatarProps, 'children'> {
  name: string;
  avatar: AvatarIcon | null;
}

/**
 * A member's picture: the avatar icon they picked, else their initials. It
 * pictures the name written beside it, so assistive technology skips it.
 */
export function MemberAvatar({ name, avatar, size = 'sm', ...rest }: Props) {
  const Glyph = avatar ? AVATAR_GLYPHS[avatar] : null;
  return (
    <Avatar size={size} radius="xl" color="blue" aria-hidden data-avatar={avatar ?? 'initials'} {...rest}>
      {Glyph ? <Glyph size="65%" aria-hidden /> : initials(name)}
    </Avatar>
  );
}
