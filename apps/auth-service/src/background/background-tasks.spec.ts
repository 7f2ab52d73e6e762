import { Logger } from '@nestjs/common';
import { BackgroundTasks } from './background-tasks';

/** A promise the test settles by hand. */
const gate = () => {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
};

describe('BackgroundTasks', () => {
  it('returns before the work is done, and shutdown waits for it', async () => {
    const tasks = new BackgroundTasks();
    const work = gate();
    let done = false;
    tasks.run('mail', () => work.promise.then(() => void (done = true)));
    expect(done).toBe(false);
    const shutdown = tasks.beforeApplicationShutdown();
    work.open();
    await shutdown;
    expect(done).toBe(true);
  });

  it('logs a failure instead of throwing it, and keeps running other work', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const tasks = new BackgroundTasks();
    const failing = gate();
    tasks.run('mail', () => failing.promise);
    failing.fail(new Error('SMTP said no'));
    let ran = false;
    tasks.run('other', async () => void (ran = true));
    await tasks.idle();
    expect(ran).toBe(true);
    expect(logged).toHaveBeenCalledWith({ msg: 'mail failed', error: 'SMTP said no' });
  });
});
