import { Module } from '@nestjs/common';
import { BackgroundTasks } from './background-tasks';

/** One BackgroundTasks for the whole service, so shutdown waits for all of it. */
@Module({ providers: [BackgroundTasks], exports: [BackgroundTasks] })
export class BackgroundModule {}
