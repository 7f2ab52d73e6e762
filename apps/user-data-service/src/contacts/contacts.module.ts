import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ContactRecord, ContactSchema } from './contact.schema';
import { ContactsController } from './contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsService, SUPPORT_ADDRESS } from './contacts.service';

@Module({})
export class ContactsModule {
  static register(supportAddress: string): DynamicModule {
    return {
      module: ContactsModule,
      imports: [MongooseModule.forFeature([{ name: ContactRecord.name, schema: ContactSchema }])],
      controllers: [ContactsController],
      providers: [ContactsService, ContactsRepository, { provide: SUPPORT_ADDRESS, useValue: supportAddress }],
      exports: [ContactsRepository],
    };
  }
}
