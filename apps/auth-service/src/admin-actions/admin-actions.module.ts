import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { AdminActionRecord, AdminActionSchema } from './admin-action.schema';
import { AdminActionsController } from './admin-actions.controller';
import { AdminActionsRepository } from './admin-actions.repository';
import { AdminActionsService } from './admin-actions.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: AdminActionRecord.name, schema: AdminActionSchema }]),
    UsersModule,
    AuditModule,
  ],
  controllers: [AdminActionsController],
  providers: [AdminActionsRepository, AdminActionsService],
})
export class AdminActionsModule {}
