import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** How often the files still running are named. */
const EVERY_MS = 60_000;

/**
 * Names each test file and test as it starts, and every minute the files still running with how long they have
 * run: a run that never ends shows in its last lines where it stopped. Used by CI beside the default reporter.
 */
export default class ProgressReporter implements Reporter {
  private readonly began = Date.now();
  private readonly running = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  onTestRunStart() {
    this.timer = setInterval(() => {
      const now = Date.now();
      const files = [...this.running].map(([file, since]) => `${file} (${Math.round((now - since) / 1000)} s)`);
      if (files.length > 0) this.say(`still running: ${files.join(', ')}`);
    }, EVERY_MS);
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule) {
    this.running.set(module.relativeModuleId, Date.now());
    this.say(`started ${module.relativeModuleId}`);
  }

  onTestCaseReady(test: TestCase) {
    this.say(`  started ${test.module.relativeModuleId} > ${test.fullName}`);
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(module.relativeModuleId);
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  private say(line: string) {
    process.stdout.write(`[${Math.round((Date.now() - this.began) / 1000)} s] ${line}\n`);
  }
}
