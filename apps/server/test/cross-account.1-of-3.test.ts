import { crossAccountRoutes } from './generated/cross-account.suite';
import { shardOf } from './generated/shards';

// The shard of the cross-account suite this file's name says (generated/shards.ts): every n-th id route.
await crossAccountRoutes(shardOf(import.meta.url));
