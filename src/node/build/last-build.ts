// What the last build can give this one, decided before anything is built (reuse.ts says what its
// record holds).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dist, root } from './folders.ts';
import { type BuildRecord, codeChange, codeHashes, contentHash, inputsHash, readRecord, removeLater } from './reuse.ts';

/** The environment the build was started in, before anything it runs sets a variable. */
export const environment = { ...process.env };

/**
 * What the last build can give this one: nothing (with the reason, printed), everything (the same inputs:
 * dist/ is up to date), or its record, to reuse what was made from what is still the same. Deletes what
 * earlier builds left behind: the folders they replaced, and any they did not finish.
 */
export function lastBuild(full: string | undefined): { upToDate?: true; record?: BuildRecord; reason?: string; inputs: string; code: Record<string, string> } {
  const leftovers = readdirSync(root).filter((name) => /^dist(-ssr)?\.(old|new)-\d+$/.test(name));
  const unfinished = leftovers.find((name) => name.startsWith('dist.new-'));
  removeLater(leftovers.map((name) => join(root, name)));
  const code = codeHashes(root, environment);
  const inputs = inputsHash(code, contentHash(root));
  const found = readRecord(dist);
  const reason = full
    ?? (unfinished
      ? `the build before it stopped before it was complete (it left ${unfinished}/)`
      : 'reason' in found
        ? found.reason
        : codeChange(found.record.code, code));
  if (reason || !('record' in found)) return { reason: reason ?? '', inputs, code };
  if (found.record.inputs === inputs) return { upToDate: true, inputs, code };
  return { record: found.record, inputs, code };
}
