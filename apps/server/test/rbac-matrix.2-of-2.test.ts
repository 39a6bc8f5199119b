import { rbacMatrix } from './generated/rbac-matrix.suite';
import { shardOf } from './generated/shards';

// The shard of the RBAC matrix this file's name says (generated/shards.ts): every n-th route × every caller.
await rbacMatrix(shardOf(import.meta.url));
