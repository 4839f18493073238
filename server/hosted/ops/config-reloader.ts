import type { Logger } from 'pino';
import type { ReloadAnswer } from '#shared/hosted-admin.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { ConfigError, type HostedConfig } from '../config/load-config.ts';
import { planReload, type ReloadPlan } from '../config/reload-plan.ts';

/** What {@link ConfigReloader} needs of the bridge. */
export interface ReloadTarget {
  /** Reads and checks the config file again; throws a ConfigError (or any error) when it cannot. */
  read(): Promise<HostedConfig>;
  running(): HostedConfig;
  /** Moves the bridge to the planned config; answers whose pages and which servers it ended. */
  apply(plan: ReloadPlan): Promise<Pick<ReloadAnswer, 'endedUsers' | 'removedServers'>>;
  /** Warnings about the new config (names no sign-in can produce), logged as the start logs them. */
  warnings(config: HostedConfig): string[];
  log: Logger;
  audit: AuditLog;
}

/**
 * Re-reads the config on SIGHUP, `toolscope serve --reload` or an admin's action, one reload at a
 * time. A config that fails its checks is refused whole: the running one stays, and the reason is
 * logged at error (and audited). Never stops the bridge.
 */
export class ConfigReloader {
  private queue: Promise<unknown> = Promise.resolve();
  /** The last reload, for the admin's view. */
  last: (ReloadAnswer & { at: number; by: string }) | undefined;

  constructor(private readonly target: ReloadTarget) {}

  /** Reloads now (after any reload under way); `by` is `signal` or the admin's name. */
  reload(by: string): Promise<ReloadAnswer> {
    const done = this.queue.then(() => this.reloadNow(by));
    this.queue = done.catch(() => {});
    return done;
  }

  private async reloadNow(by: string): Promise<ReloadAnswer> {
    const { log, audit } = this.target;
    let answer: ReloadAnswer;
    try {
      const next = await this.target.read();
      const plan = planReload(this.target.running(), next);
      const ended = await this.target.apply(plan);
      answer = { ok: true, applied: plan.applied, restart: plan.restart, ...ended };
      for (const warning of this.target.warnings(plan.config)) log.warn(warning);
      log.info({ by, applied: plan.applied, restart: plan.restart, ...ended }, 'config reloaded');
      if (plan.restart.length)
        log.warn(
          { restart: plan.restart },
          `config reloaded, but these changes take effect only at the next start: ${plan.restart.join(', ')}`,
        );
      audit.reload({ by, outcome: 'ok', applied: plan.applied, restart: plan.restart });
    } catch (error) {
      const problems = error instanceof ConfigError ? error.problems : [(error as Error).message];
      answer = { ok: false, applied: [], restart: [], problems };
      log.error(
        { by, problems },
        `config reload refused, the running config stays: ${error instanceof Error ? error.message : String(error)}`,
      );
      audit.reload({ by, outcome: 'refused', problems });
    }
    this.last = { ...answer, at: Date.now(), by };
    return answer;
  }
}
