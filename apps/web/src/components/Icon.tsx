import type { IconProps, TablerIcon } from '@tabler/icons-react';

/** Spec section 9: icons default to 14 px. A larger one (an empty state's, a card's) says its size where it is drawn. */
export const ICON_SIZE = 14;

interface Props extends Omit<IconProps, 'ref'> {
  icon: TablerIcon;
}

/**
 * A Tabler icon at the console's default size. It pictures the words beside
 * it, so it is hidden from assistive technology unless it carries its own
 * name (`aria-label`), as an icon standing alone must.
 */
export function Icon({ icon: Glyph, size = ICON_SIZE, ...rest }: Props) {
  return <Glyph size={size} aria-hidden={rest['aria-label'] ? undefined : true} {...rest} />;
}
