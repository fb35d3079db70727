// Scheduled publishing (issue 39, item 7): a draft given a date and time, in Nairobi time (stored with
// its offset and zone), is published then by the same rules as by hand, in the name of the publisher
// who scheduled it. A publish that fails leaves the draft as it was, with the reason, in its history.
import type { Accounts, Person } from './accounts.ts';
import { may } from './accounts.ts';
import type { StudioConfig } from './config.ts';
import type { Drafts } from './drafts.ts';
import { nairobi } from './history.ts';
import { Refused } from './http.ts';
import type { PublishOutcome } from './publish.ts';

export const ZONE = 'Africa/Nairobi';
/** Nairobi keeps East Africa Time all year: no daylight saving. */
const OFFSET = '+03:00';

/** A time as the studio's field gives it (2026-12-01T09:00, Nairobi time) or with its own offset, as an ISO time in Nairobi's offset. */
export function nairobiTime(input: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/.exec(input.trim());
  if (!m) throw new Refused(400, `"${input}" is not a date and time (2026-12-01T09:00)`);
  const instant = Date.parse(`${m[1]}T${m[2]}:${m[3] ?? '00'}${m[4] ?? OFFSET}`);
  if (Number.isNaN(instant)) throw new Refused(400, `"${input}" is not a date and time`);
  const local = new Date(instant + 3 * 3_600_000).toISOString().slice(0, 19);
  return `${local}${OFFSET}`;
}

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<string>();

  constructor(
    private readonly config: StudioConfig,
    private readonly accounts: Accounts,
    private readonly drafts: Drafts,
    private readonly publish: (owner: Person, by: Person) => Promise<PublishOutcome | (PublishOutcome & { id: string })>,
    private readonly log: (line: string) => void,
  ) {}

  async schedule(owner: Person, by: Person, at: string) {
    const when = nairobiTime(at);
    if (Date.parse(when) < Date.now() - 60_000) throw new Refused(400, `${nairobi(when)} has passed: choose a time to come`);
    const listed = await this.drafts.list();
    if (!listed.some((d) => d.owner === owner.id && d.commits.length > 0)) throw new Refused(409, 'This draft has nothing to publish.');
    await this.drafts.event(owner.id, `Scheduled to publish on ${nairobi(when)} by ${by.name || by.email}`, by.id, (m) => {
      m.schedule = { at: when, zone: ZONE, by: by.id };
      delete m.failure;
    });
    return { schedule: { at: when, zone: ZONE } };
  }

  async cancel(owner: string, by: Person) {
    await this.drafts.event(owner, `Schedule cancelled by ${by.name || by.email}`, by.id, (m) => void delete m.schedule);
  }

  start() {
    this.timer = setInterval(() => void this.tick(), this.config.tick);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** Publishes every draft whose time has come. */
  async tick(): Promise<void> {
    const now = Date.now();
    for (const [owner, meta] of Object.entries(this.drafts.meta.read())) {
      if (!meta.schedule || Date.parse(meta.schedule.at) > now || this.running.has(owner)) continue;
      this.running.add(owner);
      try {
        await this.run(owner, meta.schedule.by);
      } finally {
        this.running.delete(owner);
      }
    }
  }

  private async run(ownerId: string, byId: string) {
    const owner = this.accounts.person(ownerId);
    const by = this.accounts.person(byId);
    let reason: string | undefined;
    if (!owner) reason = 'its author no longer has an account';
    else if (!by || !may.publish(by.role)) reason = 'the person who scheduled it may no longer publish: a publisher must schedule it again';
    else {
      try {
        const result = await this.publish(owner, by);
        if (result.outcome === 'conflicts') {
          reason = `the site changed ${result.conflicts.length} of the same field${result.conflicts.length === 1 ? '' : 's'} since: a publisher must choose between the values (Drafts, Publish)`;
        }
      } catch (err) {
        const e = err as Error & { details?: { problems?: { text: string }[] } };
        reason = [e.message, ...(e.details?.problems?.map((p) => p.text) ?? [])].join('\n');
      }
    }
    if (reason) {
      this.log(`scheduled publish of ${owner?.email ?? ownerId}'s draft failed: ${reason}`);
      await this.drafts.event(ownerId, `Scheduled publish failed: ${reason}`, undefined, (m) => {
        delete m.schedule;
        m.failure = { at: new Date().toISOString(), reason };
      });
    }
  }
}
