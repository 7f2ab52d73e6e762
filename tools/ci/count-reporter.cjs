// Jest reporter: appends this run's test counts to $TEST_COUNTS_FILE so `npm test` can print one total.
const { appendFileSync } = require('node:fs');

module.exports = class CountReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.TEST_COUNTS_FILE;
    if (!file) return;
    const line = {
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
};
