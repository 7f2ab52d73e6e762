import type { LoggerService } from '@nestjs/common';
import { RequestContext } from '../context/request-context';
import type { LogLevel } from '../env/parse-env';

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** One JSON object per line on stdout: what log collectors in k8s expect; lines inside a request carry its correlation id. */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly service: string,
    private readonly level: LogLevel = 'info',
  ) {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, stackOrContext?: string, context?: string) {
    this.write('error', message, context ?? stackOrContext, context ? stackOrContext : undefined);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('debug', message, context);
  }

  private write(level: LogLevel, message: unknown, context?: string, stack?: string) {
    if (rank[level] < rank[this.level]) return;
    const fields =
      message instanceof Error
        ? { msg: message.message, error: message.name, stack: stack ?? message.stack }
        : typeof message === 'object' && message !== null
          ? message
          : { msg: String(message) };
    const correlationId = RequestContext.correlationId();
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level,
      service: this.service,
      correlationId,
      context,
      stack,
      ...fields,
    });
    (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  }
}
