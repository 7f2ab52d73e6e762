import { Controller } from '@nestjs/common';
import { ProfileRpc } from '@app/contracts';
import type {
  CreateProfileRpc,
  DeleteProfileRpc,
  ListProfilesRpc,
  SelectProfileRpc,
  UpdateProfileRpc,
} from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { ProfilesService } from './profiles.service';

@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @RpcHandler(ProfileRpc.list)
  list(@RpcPayload() payload: ListProfilesRpc) {
    return this.profiles.list(payload);
  }

  @RpcHandler(ProfileRpc.create)
  create(@RpcPayload() payload: CreateProfileRpc) {
    return this.profiles.create(payload);
  }

  @RpcHandler(ProfileRpc.update)
  update(@RpcPayload() payload: UpdateProfileRpc) {
    return this.profiles.update(payload);
  }

  @RpcHandler(ProfileRpc.remove)
  remove(@RpcPayload() payload: DeleteProfileRpc) {
    return this.profiles.remove(payload);
  }

  @RpcHandler(ProfileRpc.select)
  select(@RpcPayload() payload: SelectProfileRpc) {
    return this.profiles.select(payload);
  }
}
