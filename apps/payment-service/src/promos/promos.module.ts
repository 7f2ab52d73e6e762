import { Module } from '@nestjs/common';
import { PaymentsDataModule } from '../data/payments-data.module';
import { PromosController } from './promos.controller';
import { PromosService } from './promos.service';

@Module({
  imports: [PaymentsDataModule],
  controllers: [PromosController],
  providers: [PromosService],
  exports: [PromosService],
})
export class PromosModule {}
