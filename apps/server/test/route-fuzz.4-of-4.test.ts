import { fuzzRoutes } from './generated/route-fuzz.suite';
import { shardOf } from './generated/shards';

// The shard of the route fuzz this file's name says (generated/shards.ts): every n-th route of the table.
await fuzzRoutes(shardOf(import.meta.url));
