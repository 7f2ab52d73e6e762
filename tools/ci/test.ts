import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { workspaceRoot } from '@app/local-infra';
import { acquireInfra } from '@app/server-testing';
import { nxCli, runStep } from '../dev/processes';
import { prepareTestSamples, startSystem } from '../dev/system';

/**
 * `npm test`: formatting (prettier), lint, type checks, unit and component tests, the production build, integration tests
 * against a real MongoDB-wire server, Redis and NATS, and browser journeys against the whole system started as
 * `npm start` starts it. Prints one closing line: "Tests: N passed, N failed".
 */
const root = workspaceRoot(__dirname);
const nx = nxCli(root);
const countsFile = path.join(root, '.test-data', 'counts.jsonl');

type Step = { name: string; run: () => Promise<void> };

const nxRun = (targets: string, extra: string[] = [], env: Record<string, string> = {}) =>
  runStep(
    `nx ${targets}`,
    process.execPath,
    [nx, 'run-many', '-t', ...targets.split(' '), '--output-style=static', ...extra],
    {
      cwd: root,
      env: { ...process.env, ...env },
    },
  );

const prettier = path.join(root, 'node_modules/prettier/bin/prettier.cjs');

/**
 * Projects by how long their integration tests ran in CI, longest first (api-gateway's alone is about a third of
 * the whole). Two lanes take the next project from this queue as each finishes, so they end close together; a
 * project not named here (a new one) comes after these, so none is ever left out.
 */
const INT_LONGEST_FIRST = [
  'api-gateway',
  'streaming-service',
  'payment-service',
  'catalogue-service',
  'auth-service',
  'server-core',
  'user-data-service',
  'recommendation-service',
  'server-testing',
  'local-infra',
];
const INT_LANES = 2;

/** Every project with an `int-test` target, in the order the lanes take them. */
const intProjects = (): string[] => {
  const listed = execFileSync(
    process.execPath,
    [nx, 'show', 'projects', '--with-target', 'int-test', '--json'],
    { cwd: root, encoding: 'utf8' },
  );
  const projects = JSON.parse(listed) as string[];
  const rank = (name: string) => {
    const index = INT_LONGEST_FIRST.indexOf(name);
    return index === -1 ? INT_LONGEST_FIRST.length : index;
  };
  return [...projects].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
};

/**
 * One lane on infrastructure of its own (services under test share event streams and consumer groups, so two lanes
 * never share a Redis), taking projects from `queue` until it is empty. The first lane prints as it goes; the
 * others' output is kept in a file and printed when they end, so lanes never interleave. Answers the projects that
 * failed; a failure does not stop the lane.
 */
const runIntLane = async (queue: string[], index: number): Promise<string[]> => {
  const infra = await acquireInfra();
  const logFile = path.join(root, '.test-data', `integration-${index + 1}.log`);
  const log = index === 0 ? 'inherit' : openSync(logFile, 'w');
  console.log(`• integration lane ${index + 1}: infrastructure ${infra.source}`);
  const failed: string[] = [];
  try {
    for (let project = queue.shift(); project; project = queue.shift()) {
      await runStep(
        `nx int-test ${project}`,
        process.execPath,
        [nx, 'run', `${project}:int-test`, '--output-style=static'],
        {
          cwd: root,
          env: {
            ...process.env,
            MONGODB_URI: infra.mongoUri,
            REDIS_URL: infra.redisUrl,
            NATS_URL: infra.natsUrl,
          },
          stdio: ['ignore', log, log],
        },
      ).catch(() => failed.push(project));
    }
  } finally {
    await infra.stop();
    if (typeof log === 'number') {
      closeSync(log);
      process.stdout.write(readFileSync(logFile, 'utf8'));
    }
  }
  return failed;
};

const steps: Step[] = [
  // Lists the files prettier would change; tools/ci/fix-style.sh formats them.
  {
    name: 'format check (prettier)',
    run: () =>
      runStep('prettier --check', process.execPath, [prettier, '--check', '--log-level=warn', '.'], {
        cwd: root,
      }),
  },
  {
    name: 'lint, type checks, unit and component tests',
    run: () => nxRun('lint typecheck test', ['--parallel=2']),
  },
  // Before the integration tests: the journeys' sample films are made from the build beside them.
  { name: 'production build', run: () => nxRun('build', ['--parallel=2']) },
  {
    name: 'integration tests (real MongoDB-wire server, Redis and NATS)',
    run: async () => {
      // Each jest run mostly keeps one core busy: the integration tests run in two lanes side by side, each with
      // MongoDB, Redis and NATS of its own (runIntLane), and the journeys' sample films (ffmpeg) are made meanwhile,
      // so the journeys' launch finds them cached (they are not part of any test).
      const samples = journeysSelected()
        ? prepareTestSamples(root, path.join(root, '.test-data', 'sample-films.log')).then(
            (line) => () => console.log(`• ${line}`),
            (error: Error) => () =>
              console.log(`• sample films not made ahead (${error.message}); the journeys make them`),
          )
        : Promise.resolve(() => undefined);
      try {
        const queue = intProjects();
        // Infrastructure given in the environment is one for all: then one lane runs every project on it.
        const given = process.env.MONGODB_URI || process.env.REDIS_URL || process.env.NATS_URL;
        const lanes = given ? 1 : INT_LANES;
        console.log(`• integration tests of ${queue.join(', ')}: ${lanes} lane(s), longest first`);
        const failed = (
          await Promise.all(Array.from({ length: lanes }, (_, index) => runIntLane(queue, index)))
        ).flat();
        if (failed.length) throw new Error(`int-test failed in ${failed.join(', ')}`);
      } finally {
        (await samples)();
      }
    },
  },
  {
    name: 'browser journeys (Chromium against the whole system)',
    run: async () => {
      const dataDir = path.join(root, '.test-data', 'e2e');
      rmSync(dataDir, { recursive: true, force: true });
      const system = await startSystem({
        root,
        dataDir,
        persist: false,
        ports: 'free',
        log: (line) => console.log(`• ${line}`),
      });
      try {
        await runStep(
          'web-e2e',
          process.execPath,
          [
            nx,
            'run',
            'web-e2e:e2e',
            '--output-style=static',
            '--skip-nx-cache',
            ...(process.env.E2E_TEST_PATTERN ? [`--testPathPatterns=${process.env.E2E_TEST_PATTERN}`] : []),
          ],
          {
            cwd: root,
            env: {
              ...process.env,
              E2E_BASE_URL: system.url,
              E2E_OUTBOX_DIR: path.join(dataDir, 'outbox'),
              MONGODB_URI: system.mongoUri,
              REDIS_URL: system.redisUrl,
            },
          },
        );
      } catch (error) {
        console.error(`• service logs are in ${path.relative(root, system.logDir)}/`);
        throw error;
      } finally {
        await system.stop();
      }
    },
  },
];

type Failure = { file: string; test: string; message: string };
type Counts = { passed: number; failed: number; skipped: number; failures: Failure[] };

const totals = (): Counts => {
  const none: Counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  if (!existsSync(countsFile)) return none;
  return readFileSync(countsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Counts)
    .reduce(
      (sum, c) => ({
        passed: sum.passed + c.passed,
        failed: sum.failed + c.failed,
        skipped: sum.skipped + c.skipped,
        failures: [...sum.failures, ...(c.failures ?? [])],
      }),
      none,
    );
};

/** The failed tests again, last, so a log that keeps only its tail still says which test failed and why. */
const printFailures = (failures: Failure[]) => {
  if (failures.length === 0) return;
  console.log(`\n━━ failed tests (${failures.length})`);
  for (const failure of failures) {
    console.log(`✕ ${failure.file} › ${failure.test}`);
    console.log(failure.message.replace(/^/gm, '    '));
  }
};

/**
 * `npm test -- <words…>` runs only the steps whose name contains one of the words (e.g. `journeys`, `integration`);
 * `E2E_TEST_PATTERN` narrows the browser journeys to matching spec files. Neither is used by CI.
 */
const chosenSteps = () => {
  const words = process.argv.slice(2).map((word) => word.toLowerCase());
  return words.length ? steps.filter((step) => words.some((word) => step.name.includes(word))) : steps;
};

/** Whether this run goes on to the browser journeys (their sample films are made ahead only then). */
const journeysSelected = () => chosenSteps().some((step) => step.name.startsWith('browser journeys'));

const main = async () => {
  mkdirSync(path.dirname(countsFile), { recursive: true });
  rmSync(countsFile, { force: true });
  process.env.TEST_COUNTS_FILE = countsFile;
  const started = Date.now();
  let failedStep: string | undefined;
  for (const step of chosenSteps()) {
    const stepStart = Date.now();
    console.log(`\n━━ ${step.name}`);
    try {
      await step.run();
      console.log(`━━ ${step.name}: ok (${Math.round((Date.now() - stepStart) / 1000)} s)`);
    } catch (error) {
      failedStep = step.name;
      console.error(`━━ ${step.name}: FAILED — ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
  }
  const { passed, failed, skipped, failures: failedTests } = totals();
  printFailures(failedTests);
  console.log(
    `\nnpm test took ${Math.round((Date.now() - started) / 1000)} s${failedStep ? `; stopped at: ${failedStep}` : ''}`,
  );
  const failures = failed + (failedStep && failed === 0 ? 1 : 0);
  console.log(`Tests: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failedStep || failed ? 1 : 0);
};

void main();
