/**
 * Icons are imported one file each (`@tabler/icons-react/dist/esm/icons/IconX.mjs`),
 * so neither the bundle nor the tests load the whole icon set; the package
 * types only its barrel, so each file is typed here.
 */
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  import type { TablerIcon } from '@tabler/icons-react';

  const Icon: TablerIcon;
  export default Icon;
}
