// Jest reporter: appends this run's test counts, and what failed, to $TEST_COUNTS_FILE so `npm test` can print one
// total and, at its very end, which tests failed and why (a CI log keeps only its tail).
const { appendFileSync } = require('node:fs');
const path = require('node:path');
const { stripVTControlCharacters } = require('node:util');

const MESSAGE_LINES = 12;

const excerpt = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, MESSAGE_LINES)
    .join('\n');

const failuresOf = (results) =>
  results.testResults.flatMap((suite) => {
    const file = path.relative(process.cwd(), suite.testFilePath);
    const failedTests = suite.testResults.filter((test) => test.status === 'failed');
    // A suite can fail with no failing test: it did not load, or a hook (beforeAll/afterAll) threw.
    if (failedTests.length === 0) {
      const message = suite.failureMessage || suite.testExecError?.stack || suite.testExecError?.message;
      return message ? [{ file, test: '(the suite itself)', message: excerpt(message) }] : [];
    }
    return failedTests.map((test) => ({
      file,
      test: test.fullName,
      message: excerpt(test.failureMessages.join('\n')),
    }));
  });

module.exports = class CountReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.TEST_COUNTS_FILE;
    if (!file) return;
    const line = {
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests,
      failures: failuresOf(results),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
};
