#!/usr/bin/env node
// The `replay` command: runs the TypeScript source through tsx's loader (resolved from this
// package, so it works from any folder), as the console itself runs.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
await main();
