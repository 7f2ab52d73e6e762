import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ContactRecord, ContactSchema } from './contact.schema';
import { ContactsController } from './contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: ContactRecord.name, schema: ContactSchema }])],
  controllers: [ContactsController],
  providers: [ContactsService, ContactsRepository],
  exports: [ContactsRepository],
})
export class ContactsModule {}
