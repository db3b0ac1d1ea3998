// A vitest reporter that keeps the tests which passed only when run again (the `retry` option), so that
// scripts/test.mjs can name them after the totals: a retry lets a run pass, and must not hide the flake.
import { writeFileSync } from 'node:fs';

export default class FlakyTestsReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const firstError = testCase.result().errors?.[0];
    this.flaky.push({
      file: testCase.module.moduleId,
      name: testCase.fullName,
      error: firstError ? (firstError.message ?? '').split('\n')[0].slice(0, 300) : '',
    });
  }

  onTestRunEnd() {
    const report = process.env.SAM_FLAKY_REPORT;
    if (report) writeFileSync(report, JSON.stringify(this.flaky));
  }
}
