import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AgentIngestFacts } from '@replay/agent-protocol';

const FILE = 'ingest-facts.json';

/**
 * When this instance first stored a recording, and first one that named its user
 * (`userId` in a batch: what a tracker sends after `tracker.setUserID(...)`). The
 * console's getting-started checklist asks for them through the stats call. Kept on
 * disk beside the data folder, so a restart remembers them; written only when a fact first
 * becomes true (twice in the instance's life), never per batch.
 */
export class IngestFacts {
  private facts: AgentIngestFacts;
  private readonly path: string;

  constructor(dataDir: string) {
    // Beside the data folder (as backups are), not in it: the facts are not recordings, so
    // they count against no disk, are in no backup, and a restore does not take them back.
    this.path = join(dirname(dataDir), FILE);
    this.facts = { firstRecordingAt: null, firstIdentifiedAt: null };
    if (existsSync(this.path)) {
      try {
        const read = JSON.parse(readFileSync(this.path, 'utf8')) as Partial<AgentIngestFacts>;
        this.facts = {
          firstRecordingAt: typeof read.firstRecordingAt === 'number' ? read.firstRecordingAt : null,
          firstIdentifiedAt: typeof read.firstIdentifiedAt === 'number' ? read.firstIdentifiedAt : null,
        };
      } catch {
        // A torn write (a crash mid-rename cannot, but a full disk can): the next batch writes it again.
      }
    }
  }

  /** A batch was stored, with or without a user id. */
  recorded(identified: boolean, at: number): void {
    const before = this.facts;
    const next: AgentIngestFacts = {
      firstRecordingAt: before.firstRecordingAt ?? at,
      firstIdentifiedAt: before.firstIdentifiedAt ?? (identified ? at : null),
    };
    if (next.firstRecordingAt === before.firstRecordingAt && next.firstIdentifiedAt === before.firstIdentifiedAt) return;
    this.facts = next;
    try {
      writeFileSync(`${this.path}.tmp`, JSON.stringify(next));
      renameSync(`${this.path}.tmp`, this.path);
    } catch {
      // The batch is stored and the fact is true for this process; the console keeps it once it has read it.
    }
  }

  read(): AgentIngestFacts {
    return { ...this.facts };
  }
}
