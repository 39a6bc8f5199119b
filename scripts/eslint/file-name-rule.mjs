import { basename } from 'node:path';

/** kebab-case words, dot-separated parts (`instances.caller-list.ts`, `live-status.routes.ts`). */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.(?:d\.)?tsx?$/;
/** A React component's file in the SPA: its component's name (`ManageDiskDrawer.tsx`, `RolesPage.test.tsx`). */
const COMPONENT = /^[A-Z][A-Za-z0-9]*(?:\.[a-z0-9-]+)*\.tsx$/;

/**
 * The team's file naming as a rule: every TypeScript file is kebab-case with dot-separated
 * parts, except the SPA's component files, named after their component.
 */
export const fileNameRule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'TypeScript files are kebab-case; the SPA’s component files are PascalCase' },
    messages: { name: "File name '{{name}}' is neither kebab-case (parts.by-dots.ts) nor, in apps/web, a component's PascalCase .tsx." },
    schema: [],
  },
  create(context) {
    const name = basename(context.filename);
    const inWeb = /(^|\/)apps\/web\/src\//.test(context.filename);
    const ok = KEBAB.test(name) || (inWeb && COMPONENT.test(name));
    return {
      Program(node) {
        if (!ok) context.report({ node, messageId: 'name', data: { name } });
      },
    };
  },
};
