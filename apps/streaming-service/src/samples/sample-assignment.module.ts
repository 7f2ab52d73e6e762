import { Module } from '@nestjs/common';
import { MediaDataModule } from '../media/media-data.module';
import { SampleAssignmentService } from './sample-assignment.service';

@Module({
  imports: [MediaDataModule],
  providers: [SampleAssignmentService],
  exports: [SampleAssignmentService],
})
export class SampleAssignmentModule {}
